import { z } from 'zod';
import { endpoint, empty, ok } from '../endpoint.ts';
import { quoteSchema, rateCardSchema, freightReq, pidReq, rateCardInput } from './parcels.objects.ts';

/** Freight quotes and the rate cards behind them. */
export const pricingCalls = {
  getFreight: endpoint({
    path: '/api/applet/getFreight',
    auth: 'optional',
    summary: 'Freight calculator: the price line by line, and the Singapore GST estimate on the declared value',
    request: freightReq,
    response: quoteSchema,
  }),
} as const;

export const pricingStaffCalls = {
  adminRateCardList: endpoint({
    path: '/api/admin/parcels/rateCards',
    auth: 'staff',
    summary: 'Rate cards per mode and goods category',
    request: empty,
    response: z.object({ list: z.array(rateCardSchema) }),
  }),
  adminRateCardSave: endpoint({
    path: '/api/admin/parcels/rateCardSave',
    auth: 'staff',
    summary: 'Create or edit a rate card (one per mode and category)',
    request: rateCardInput,
    response: rateCardSchema,
  }),
  adminRateCardDelete: endpoint({
    path: '/api/admin/parcels/rateCardDelete',
    auth: 'staff',
    summary: 'Delete a rate card',
    request: pidReq,
    response: ok,
  }),
} as const;
