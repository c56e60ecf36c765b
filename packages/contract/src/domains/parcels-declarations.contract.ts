import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zStr } from '../schemas.ts';
import { warehouseSchema } from './account.contract.ts';
import {
  shippingModes,
  goodsCategories,
  parcelStatuses,
  batchRowStatuses,
  zTrackingNo,
  zGoodsName,
  zGstNo,
  zGoodsValue,
  zQuantity,
  zDate,
  zCustomsDescription,
  zCustomsCategory,
} from './parcels.rules.ts';
import { customsCategories } from './parcels.customs.ts';
import {
  parcelSchema,
  parcelDetailSchema,
  batchImportSchema,
  batchImportRowSchema,
  countsSchema,
  listReq,
  pidReq,
  ownerSchema,
  adminParcel,
} from './parcels.objects.ts';

/** Declared parcels: declaration, lists, details, low-value supplements, batch declaration by spreadsheet. */
export const declarationsCalls = {
  createOrder: endpoint({
    path: '/api/applet/createOrder',
    auth: 'user',
    summary: 'Declare an incoming courier parcel; the carrier is suggested from the number',
    request: z
      .object({
        tracking_no: zTrackingNo,
        goods_name: zGoodsName,
        goods_value: zGoodsValue,
        quantity: zQuantity.default(1),
        category: z.enum(goodsCategories).default('normal'),
        mode: z.enum(shippingModes).default('SEA'),
        remark: zStr(140).default(''),
        gst_paid_at_purchase: zBoolish.default(false),
        seller_gst_no: zGstNo.default(''),
        /** English description for customs; absent: taken from the goods name when that is plain ASCII. */
        customs_description: zCustomsDescription.optional(),
        customs_category: zCustomsCategory.default(''),
      })
      .refine((v) => !v.gst_paid_at_purchase || v.seller_gst_no !== '', { message: 'rule.sellerGstNo', path: ['seller_gst_no'] }),
    response: parcelSchema,
  }),
  warehouseAddress: endpoint({
    path: '/api/applet/warehouseAddress',
    auth: 'user',
    summary: "The warehouse address to give the shop, with the customer's ID marker after the receiver",
    request: empty,
    response: warehouseSchema.extend({ marker: z.string(), full_text: z.string() }),
  }),
  getOrderList: endpoint({
    path: '/api/applet/getOrderList',
    auth: 'user',
    summary: 'Parcels of one list category, newest first, with the count of every category',
    request: z.object({ ...listReq, status: z.enum(parcelStatuses).default('pending') }),
    response: pageOf(parcelSchema).extend({ counts: countsSchema }),
  }),
  getAllOrderList: endpoint({
    path: '/api/applet/getAllOrderList',
    auth: 'user',
    summary: 'All parcels (any category), newest first, with counts',
    request: z.object({ ...listReq, status: z.enum(parcelStatuses).optional() }),
    response: pageOf(parcelSchema).extend({ counts: countsSchema }),
  }),
  GetRecordOrderList: endpoint({
    path: '/api/applet/GetRecordOrderList',
    auth: 'user',
    summary: 'Finished parcels (received, or returned to China), newest first',
    request: z.object(listReq),
    response: pageOf(parcelSchema),
  }),
  getOrderDetail: endpoint({
    path: '/api/applet/getOrderDetail',
    auth: 'user',
    summary: 'A parcel with photos, weight, size, pack and history',
    request: pidReq,
    response: parcelDetailSchema,
  }),
  GetRecordOrderDetail: endpoint({
    path: '/api/applet/GetRecordOrderDetail',
    auth: 'user',
    summary: 'A finished parcel with its history',
    request: pidReq,
    response: parcelDetailSchema,
  }),
  deleteOrder: endpoint({
    path: '/api/applet/deleteOrder',
    auth: 'user',
    summary: 'Delete a declaration while the parcel has not arrived',
    request: pidReq,
    response: ok,
  }),
  getIsLowCostList: endpoint({
    path: '/api/applet/getIsLowCostList',
    auth: 'user',
    summary: 'Parcels whose goods name or value must be supplemented',
    request: z.object(pageRequest),
    response: pageOf(parcelSchema),
  }),
  waitEditOrder: endpoint({
    path: '/api/applet/waitEditOrder',
    auth: 'user',
    summary: 'Home alerts: parcels to supplement and packs awaiting payment',
    request: empty,
    response: z.object({ low_value_count: z.number().int(), unpaid_count: z.number().int(), list: z.array(parcelSchema) }),
  }),
  EditHM: endpoint({
    path: '/api/applet/EditHM',
    auth: 'user',
    summary: "Supplement a parcel's goods name",
    request: z.object({ id: zId, goods_name: zGoodsName }),
    response: parcelSchema,
  }),
  editHZ: endpoint({
    path: '/api/applet/editHZ',
    auth: 'user',
    summary: "Supplement a parcel's goods value (RMB, at least ¥1 or what staff asked)",
    request: z.object({ id: zId, goods_value: zGoodsValue }),
    response: parcelSchema,
  }),
  EditHZAndHM: endpoint({
    path: '/api/applet/EditHZAndHM',
    auth: 'user',
    summary: 'Supplement goods name and value together',
    request: z.object({ id: zId, goods_name: zGoodsName, goods_value: zGoodsValue }),
    response: parcelSchema,
  }),
  editCustoms: endpoint({
    path: '/api/applet/editCustoms',
    auth: 'user',
    summary: "Fill in a parcel's customs data (English description, customs category) before it is packed",
    request: z.object({
      id: zId,
      customs_description: zCustomsDescription.refine((v) => v !== '', { message: 'rule.customsDescription' }),
      customs_category: z.enum(customsCategories, { message: 'rule.customsCategory' }),
    }),
    response: parcelSchema,
  }),
  batchCreateOrder: endpoint({
    path: '/api/applet/batchCreateOrder',
    auth: 'user',
    multipart: true,
    summary: 'Upload the filled-in template (xlsx or csv); every row is checked and declared or failed with its reason',
    request: empty,
    response: batchImportSchema.extend({ rows: z.array(batchImportRowSchema) }),
  }),
  batchGetList: endpoint({
    path: '/api/applet/batchGetList',
    auth: 'user',
    summary: 'Uploaded batch declarations',
    request: z.object(pageRequest),
    response: pageOf(batchImportSchema),
  }),
  batchGetDetail: endpoint({
    path: '/api/applet/batchGetDetail',
    auth: 'user',
    summary: 'The rows of a batch declaration with their status and reason',
    request: z.object({ id: zId, status: z.enum(batchRowStatuses).optional() }),
    response: batchImportSchema.extend({ rows: z.array(batchImportRowSchema) }),
  }),
} as const;

export const declarationsStaffCalls = {
  adminParcelList: endpoint({
    path: '/api/admin/parcels/list',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Parcels with filters (status, category, mode, customer, keyword, declared or arrival dates in China time)',
    request: z.object({
      ...pageRequest,
      status: z.enum(parcelStatuses).optional(),
      category: z.enum(goodsCategories).optional(),
      mode: z.enum(shippingModes).optional(),
      user_id: zId.optional(),
      keyword: zStr(60).optional(),
      low_value: zBoolish.optional(),
      date_kind: z.enum(['declared', 'arrived']).default('declared'),
      date_from: zDate.optional(),
      date_to: zDate.optional(),
      /** Only parcels the domestic courier is delivering to the warehouse now (expected today); other filters are ignored. */
      arriving_soon: zBoolish.optional(),
    }),
    response: pageOf(adminParcel),
  }),
  adminParcelDetail: endpoint({
    path: '/api/admin/parcels/detail',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'A parcel with history',
    request: pidReq,
    response: parcelDetailSchema.extend({ owner: ownerSchema }),
  }),
  adminFlagLowValue: endpoint({
    path: '/api/admin/parcels/flagLowValue',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Ask the customer to raise a declared value that is too low (at least the given RMB value)',
    request: z.object({ id: zId, min_value: zGoodsValue }),
    response: parcelSchema,
  }),
} as const;
