import { z } from 'zod';
import { zPriceMinor } from '../money-schema.ts';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { zId, zStr } from '../schemas.ts';
import { shippingModes, logisticsStages, dispatchSlots, batchStatuses, zIdList, zDate } from './parcels.rules.ts';
import {
  historyEntry,
  packSchema,
  packDetailSchema,
  batchSchema,
  holidaySchema,
  pidReq,
  packIdReq,
  logisticsReq,
  batchDetail,
} from './parcels.objects.ts';

/** Outbound batches, packing dates and holidays, delivery times, tracking and receipt. */
export const shippingCalls = {
  getPackList: endpoint({
    path: '/api/applet/getPackList',
    auth: 'user',
    summary: "Outbound batches holding the customer's packs (batch no, container, date, size, amount, status, unit price)",
    request: z.object(pageRequest),
    response: pageOf(batchSchema),
  }),
  getPackOrderList: endpoint({
    path: '/api/applet/getPackOrderList',
    auth: 'user',
    summary: "The customer's packs in one batch",
    request: z.object({ batch_id: zId }),
    response: z.object({ batch: batchSchema, list: z.array(packSchema) }),
  }),
  getPackOrderDetail: endpoint({
    path: '/api/applet/getPackOrderDetail',
    auth: 'user',
    summary: 'A pack with its parcels',
    request: packIdReq,
    response: packDetailSchema,
  }),
  getVacation: endpoint({
    path: '/api/applet/getVacation',
    auth: 'optional',
    summary: 'Warehouse holidays (no packing on these dates)',
    request: empty,
    response: z.object({ list: z.array(holidaySchema) }),
  }),
  getPackDateList: endpoint({
    path: '/api/applet/getPackDateList',
    auth: 'user',
    summary: 'Packing dates that can be booked, and the packing appointments booked',
    request: empty,
    response: z.object({
      first_date: z.string(),
      dates: z.array(z.object({ date: z.string(), available: z.boolean(), reason: z.string() })),
      appointments: z.array(packSchema),
    }),
  }),
  getDispatchInfo: endpoint({
    path: '/api/applet/getDispatchInfo',
    auth: 'user',
    summary: 'Packs whose delivery time is to be confirmed or confirmed, with the dates and slots offered',
    request: empty,
    response: z.object({ list: z.array(packSchema), dates: z.array(z.string()), slots: z.array(z.string()) }),
  }),
  setUserDispatchStatus: endpoint({
    path: '/api/applet/setUserDispatchStatus',
    auth: 'user',
    summary: 'Confirm the delivery date and time slot of a pack',
    request: z.object({ pack_id: zId, date: zDate, slot: z.enum(dispatchSlots) }),
    response: packSchema,
  }),
  queryLogistics: endpoint({
    path: '/api/applet/queryLogistics',
    auth: 'user',
    summary: 'Tracking: the China courier leg, the warehouse, then the sea/air stages with times',
    request: logisticsReq,
    response: z.object({
      has_info: z.boolean(),
      message: z.string(),
      tracking_no: z.string(),
      pack_no: z.string().nullable(),
      stage: z.enum(logisticsStages).nullable(),
      stages: z.array(z.object({ stage: z.enum(logisticsStages), text: z.string(), done: z.boolean(), at: z.string().nullable() })),
      events: z.array(historyEntry),
    }),
  }),
  siginOut: endpoint({
    path: '/api/applet/siginOut',
    auth: 'user',
    summary: 'Confirm receipt of a delivered pack',
    request: packIdReq,
    response: packSchema,
  }),
} as const;

export const shippingStaffCalls = {
  adminBatchCreate: endpoint({
    path: '/api/admin/parcels/batchCreate',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Open an outbound batch (container)',
    request: z.object({
      mode: z.enum(shippingModes),
      container: zStr(40).default(''),
      pack_date: zDate,
      /** S$ per cbm as staff type it ("160"); empty when not priced yet. */
      unit_price: z.preprocess((v) => (v === '' || v === null ? undefined : v), zPriceMinor(10_000_000).optional()),
    }),
    response: batchSchema,
  }),
  adminBatchList: endpoint({
    path: '/api/admin/parcels/batchList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Outbound batches',
    request: z.object({ ...pageRequest, status: z.enum(batchStatuses).optional(), mode: z.enum(shippingModes).optional() }),
    response: pageOf(batchSchema),
  }),
  adminBatchDetail: endpoint({
    path: '/api/admin/parcels/batchDetail',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'A batch with its packs and stage history',
    request: z.object({ batch_id: zId }),
    response: batchDetail,
  }),
  adminBatchManifest: endpoint({
    path: '/api/admin/parcels/batchManifest',
    auth: 'staff',
    roles: ['warehouse'],
    summary:
      "The broker's customs manifest of a batch (one row per parcel): a short-lived link to the xlsx or CSV file; each export is audited",
    request: z.object({ batch_id: zId, format: z.enum(['xlsx', 'csv']).default('xlsx') }),
    response: z.object({ batch_no: z.string(), file_name: z.string(), url: z.string(), expires_at: z.string() }),
  }),
  adminBatchAddPacks: endpoint({
    path: '/api/admin/parcels/batchAddPacks',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Put paid packs of the same mode into an open batch',
    request: z.object({ batch_id: zId, pack_ids: zIdList }),
    response: batchDetail,
  }),
  adminBatchRemovePack: endpoint({
    path: '/api/admin/parcels/batchRemovePack',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Take a pack out of a batch that has not left',
    request: z.object({ batch_id: zId, pack_id: zId }),
    response: batchDetail,
  }),
  adminBatchAdvance: endpoint({
    path: '/api/admin/parcels/batchAdvance',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Move a batch to a later logistics stage; every pack in it follows',
    request: z.object({
      batch_id: zId,
      stage: z.enum(logisticsStages),
      note: zStr(140).default(''),
      at: z.string().datetime({ offset: true }).optional(),
    }),
    response: batchDetail,
  }),
  adminHolidayList: endpoint({
    path: '/api/admin/parcels/holidays',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Warehouse holidays',
    request: empty,
    response: z.object({ list: z.array(holidaySchema) }),
  }),
  adminHolidaySave: endpoint({
    path: '/api/admin/parcels/holidaySave',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Add or edit a warehouse holiday',
    request: z.object({ id: zId.optional(), date: zDate, reason: zStr(60).default('') }),
    response: holidaySchema,
  }),
  adminHolidayDelete: endpoint({
    path: '/api/admin/parcels/holidayDelete',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Delete a warehouse holiday',
    request: pidReq,
    response: ok,
  }),
} as const;
