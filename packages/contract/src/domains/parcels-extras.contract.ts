import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { patterns } from '../rules.ts';
import { zId, zRequired, zStr } from '../schemas.ts';
import { dispatchSlots, doorServiceKinds, zIdList, zDate } from './parcels.rules.ts';
import {
  doorServiceStatuses,
  doorServiceSchema,
  invoiceStatuses,
  invoiceRequestSchema,
  pidReq,
  packIdReq,
  ownerSchema,
} from './parcels.objects.ts';

/** Waybills, invoices and door-to-door services. */
export const extrasCalls = {
  getInvoice: endpoint({
    path: '/api/applet/getInvoice',
    auth: 'user',
    summary: 'A link to the printable PDF waybill of a packed pack (valid 10 minutes)',
    request: packIdReq,
    response: z.object({ pack_no: z.string(), url: z.string(), expires_at: z.string() }),
  }),
  applyInvoice: endpoint({
    path: '/api/applet/applyInvoice',
    auth: 'user',
    summary: 'Ask for an invoice of paid packs',
    request: z.object({
      pack_ids: zIdList,
      title: zRequired(100),
      email: z.string().trim().regex(patterns.email, { message: 'rule.email' }),
      remark: zStr(140).default(''),
    }),
    response: invoiceRequestSchema,
  }),
  bookDoorService: endpoint({
    path: '/api/applet/bookDoorService',
    auth: 'user',
    summary: 'Book a door-to-door pickup or delivery for a pack, with date and address',
    request: z.object({
      pack_id: zId,
      kind: z.enum(doorServiceKinds),
      date: zDate,
      slot: z.enum(dispatchSlots),
      address_id: zId.optional(),
      remark: zStr(140).default(''),
    }),
    response: doorServiceSchema,
  }),
  doorServiceList: endpoint({
    path: '/api/applet/doorServiceList',
    auth: 'user',
    summary: 'Door-to-door bookings',
    request: empty,
    response: z.object({ list: z.array(doorServiceSchema) }),
  }),
  cancelDoorService: endpoint({
    path: '/api/applet/cancelDoorService',
    auth: 'user',
    summary: 'Cancel a door-to-door booking',
    request: z.object({ id: zId }),
    response: ok,
  }),
} as const;

export const extrasStaffCalls = {
  adminWaybillLink: endpoint({
    path: '/api/admin/parcels/waybillLink',
    auth: 'staff',
    roles: ['warehouse'],
    read: true,
    summary: "A link to a packed pack's printable PDF waybill (valid 10 minutes)",
    request: packIdReq,
    response: z.object({ pack_no: z.string(), url: z.string(), expires_at: z.string() }),
  }),
  adminDoorServiceList: endpoint({
    path: '/api/admin/parcels/doorServices',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Door-to-door bookings, by status and date',
    request: z.object({ ...pageRequest, status: z.enum(doorServiceStatuses).optional(), date: zDate.optional() }),
    response: pageOf(doorServiceSchema.extend({ owner: ownerSchema })),
  }),
  adminDoorServiceDone: endpoint({
    path: '/api/admin/parcels/doorServiceDone',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Mark a booked door-to-door service as done',
    request: pidReq,
    response: doorServiceSchema,
  }),
  adminInvoiceList: endpoint({
    path: '/api/admin/parcels/invoices',
    auth: 'staff',
    roles: ['finance'],
    read: true,
    summary: 'Invoice requests',
    request: z.object({ ...pageRequest, status: z.enum(invoiceStatuses).optional() }),
    response: pageOf(invoiceRequestSchema.extend({ owner: ownerSchema })),
  }),
  adminInvoiceIssued: endpoint({
    path: '/api/admin/parcels/invoiceIssued',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Mark an invoice request as issued (sent to its e-mail)',
    request: pidReq,
    response: invoiceRequestSchema,
  }),
} as const;
