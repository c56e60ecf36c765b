import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zStr } from '../schemas.ts';
import { shippingModes, packStatuses, zIdList, pieceInput } from './parcels.rules.ts';
import {
  parcelSchema,
  packAddressSchema,
  packSchema,
  packDetailSchema,
  groupPickupSchema,
  packIdReq,
  applyPackReq,
  ownerSchema,
} from './parcels.objects.ts';

/** Packing requests, packs and pack & measure. */
export const packingCalls = {
  applyPackList: endpoint({
    path: '/api/applet/applyPackList',
    auth: 'user',
    summary: 'Parcels in the warehouse that can be packed',
    request: z.object({ mode: z.enum(shippingModes).optional() }),
    response: z.object({ list: z.array(parcelSchema) }),
  }),
  checkApplyPack: endpoint({
    path: '/api/applet/checkApplyPack',
    auth: 'user',
    summary: 'Checks a packing request before booking: parcels, default address (not for GROUP), pick-up, first packing date',
    request: z.object({ parcel_ids: zIdList, mode: z.enum(shippingModes) }),
    response: z.object({
      parcels: z.array(parcelSchema),
      address: packAddressSchema.extend({ id: z.number().int() }).nullable(),
      has_default_address: z.boolean(),
      /** Whether this request needs the default address: GROUP packs are collected at the leader's. */
      needs_address: z.boolean(),
      /** GROUP: the leader's pick-up place and the group's next packing date; null otherwise. */
      pickup: groupPickupSchema.nullable(),
      first_pack_date: z.string(),
      total_weight_kg: z.string(),
      total_volume_cbm: z.string(),
    }),
  }),
  orderApplyPack: endpoint({
    path: '/api/applet/orderApplyPack',
    auth: 'user',
    summary: 'Ask for parcels to be packed together, with mode, address, options and a packing date',
    request: applyPackReq,
    response: packDetailSchema,
  }),
  orderApplyPackDetail: endpoint({
    path: '/api/applet/orderApplyPackDetail',
    auth: 'user',
    summary: 'A packing request',
    request: packIdReq,
    response: packDetailSchema,
  }),
  cancelApplyPack: endpoint({
    path: '/api/applet/cancelApplyPack',
    auth: 'user',
    summary: 'Cancel a packing request (and its appointment) before it is packed',
    request: packIdReq,
    response: ok,
  }),
  batchSetIsCut: endpoint({
    path: '/api/applet/batchSetIsCut',
    auth: 'user',
    summary: 'Turn repacking/compression on or off for several packing requests not yet packed',
    request: z.object({ pack_ids: zIdList, is_cut: zBoolish }),
    response: z.object({ updated: z.number().int() }),
  }),
  cancelPack: endpoint({
    path: '/api/applet/cancelPack',
    auth: 'user',
    summary: 'Cancel a pack not yet paid; its bill is cancelled and the parcels go back to the warehouse list',
    request: packIdReq,
    response: ok,
  }),
  getUserPackList: endpoint({
    path: '/api/applet/getUserPackList',
    auth: 'user',
    summary: "The customer's packs, newest first",
    request: z.object({ ...pageRequest, status: z.enum(packStatuses).optional(), keyword: zStr(40).optional() }),
    response: pageOf(packSchema),
  }),
  getUserPackDetail: endpoint({
    path: '/api/applet/getUserPackDetail',
    auth: 'user',
    summary: 'A pack: contents, measured size, weight, rate, batch, packing date, bill',
    request: packIdReq,
    response: packDetailSchema,
  }),
  getUserPackNoList: endpoint({
    path: '/api/applet/getUserPackNoList',
    auth: 'user',
    summary: 'Pack numbers of packed packs (for waybills, invoices and door-to-door)',
    request: empty,
    response: z.object({ list: z.array(z.object({ id: z.number().int(), pack_no: z.string(), status: z.enum(packStatuses) })) }),
  }),
} as const;

export const packingStaffCalls = {
  adminPackList: endpoint({
    path: '/api/admin/parcels/packList',
    auth: 'staff',
    roles: ['warehouse', 'service', 'finance'],
    read: true,
    summary: 'Packs with filters',
    request: z.object({
      ...pageRequest,
      status: z.enum(packStatuses).optional(),
      mode: z.enum(shippingModes).optional(),
      user_id: zId.optional(),
      batch_id: zId.optional(),
      keyword: zStr(40).optional(),
    }),
    response: pageOf(packSchema.extend({ owner: ownerSchema })),
  }),
  adminPackDetail: endpoint({
    path: '/api/admin/parcels/packDetail',
    auth: 'staff',
    roles: ['warehouse', 'service', 'finance'],
    read: true,
    summary: 'A pack with parcels and quote',
    request: packIdReq,
    response: packDetailSchema,
  }),
  adminPackMeasure: endpoint({
    path: '/api/admin/parcels/packMeasure',
    auth: 'terminal',
    roles: ['warehouse'],
    summary: "Record a packed pack's pieces (weight, size); prices it and issues the bill",
    request: z.object({ pack_id: zId, pieces: z.array(pieceInput).min(1).max(50) }),
    response: packDetailSchema,
  }),
} as const;
