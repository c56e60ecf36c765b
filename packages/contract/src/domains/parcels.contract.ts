import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { amountRuleBroken, parseAmountToMinor, patterns } from '../rules.ts';
import { zBoolish, zCalendarDate, zId, zRequired, zStr } from '../schemas.ts';
import { currencies } from '../constants.ts';
import { warehouseSchema } from './account.contract.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary (spec §3, §4)
// ---------------------------------------------------------------------------------------------

/** GROUP: sea freight collected from a group leader; SEA / AIR: to the customer's door. */
export const shippingModes = ['GROUP', 'SEA', 'AIR'] as const;
export type ShippingMode = (typeof shippingModes)[number];
export const goodsCategories = ['normal', 'sensitive', 'special'] as const;
export type GoodsCategory = (typeof goodsCategories)[number];
/** A parcel's status is the list it shows in (spec §4 parcel list categories). */
export const parcelStatuses = ['pending', 'warehouse', 'unpaid', 'ship', 'received', 'return'] as const;
export type ParcelStatus = (typeof parcelStatuses)[number];
/**
 * applied: the customer asked for packing; packed: measured and billed, awaiting payment;
 * paid: awaiting shipment; shipped: in an outbound batch; delivered: the batch reached the door stage's end;
 * received: the customer confirmed receipt.
 */
export const packStatuses = ['applied', 'packed', 'paid', 'shipped', 'delivered', 'received', 'cancelled'] as const;
export type PackStatus = (typeof packStatuses)[number];
export const logisticsStages = [
  'loading_customs',
  'dock',
  'cn_cabinet_check',
  'in_transit',
  'container_arrival',
  'sg_customs',
  'sg_cabinet_check',
  'unpacking_delivery',
  'delivered',
] as const;
export type LogisticsStage = (typeof logisticsStages)[number];
/** review: waiting for staff; pay: approved, fee to pay; paid; sent: handed to the courier; rejected; cancelled. */
export const returnStatuses = ['review', 'pay', 'paid', 'sent', 'rejected', 'cancelled'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];
export const batchRowStatuses = ['waiting', 'completed', 'failed'] as const;
export const dispatchStatuses = ['none', 'waiting', 'confirmed'] as const;
export const dispatchSlots = ['09:00-13:00', '13:00-18:00', '18:00-22:00'] as const;
export const unclaimedStatuses = ['unclaimed', 'claimed', 'confirmed'] as const;
export const doorServiceKinds = ['pickup', 'delivery'] as const;
export const batchStatuses = ['open', 'shipping', 'delivered'] as const;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

export const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.enum(currencies) });
export type Money = z.infer<typeof moneySchema>;

/** Tracking numbers: letters, digits and dashes; any carrier's format is accepted. */
export const zTrackingNo = z
  .string({ message: 'rule.trackingNo' })
  .trim()
  .min(1, { message: 'rule.trackingNo' })
  .max(40, { message: 'rule.tooLong' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'rule.trackingNoChars' })
  .transform((v) => v.toUpperCase());

export const zGoodsName = z
  .string({ message: 'rule.goodsNameRequired' })
  .trim()
  .min(1, { message: 'rule.goodsNameRequired' })
  .max(60, { message: 'rule.tooLong' })
  .regex(patterns.goodsName, { message: 'rule.goodsName' });

/** Goods value in RMB yuan (up to 2 decimals), at least ¥1; becomes minor units (fen). */
export const zGoodsValue = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ message: 'rule.goodsCost' }).trim().min(1, { message: 'rule.goodsCost' }),
  )
  .transform((v, ctx) => {
    const minor = parseAmountToMinor(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: amountRuleBroken(v) ?? 'rule.amount' });
      return z.NEVER;
    }
    if (minor < 100) {
      ctx.addIssue({ code: 'custom', message: 'rule.goodsValue' });
      return z.NEVER;
    }
    return minor;
  });

export const zQuantity = z.coerce
  .number({ message: 'rule.quantity' })
  .int({ message: 'rule.quantity' })
  .min(1, { message: 'rule.quantity' })
  .max(9999, { message: 'rule.quantity' });

/** A list of ids as an array, or as "1,2,3" text. */
export const zIdList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : typeof v === 'number'
        ? [v]
        : v,
  z.array(zId, { message: 'rule.chooseParcels' }).min(1, { message: 'rule.chooseParcels' }).max(200, { message: 'rule.tooLong' }),
);

/** Centimetres, up to 1 decimal, 0.1–2000. */
export const zCm = z.coerce
  .number({ message: 'rule.invalid' })
  .positive({ message: 'rule.invalid' })
  .max(2000, { message: 'rule.invalid' });
/** Kilograms, up to 3 decimals, 0.001–100000. */
export const zKg = z.coerce
  .number({ message: 'rule.invalid' })
  .positive({ message: 'rule.invalid' })
  .max(100000, { message: 'rule.invalid' });
export const zDate = zCalendarDate;

export const pieceInput = z.object({ weight_kg: zKg, length_cm: zCm, width_cm: zCm, height_cm: zCm });
export type PieceInput = z.infer<typeof pieceInput>;

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

export const sizeSchema = z.object({ length_cm: z.number(), width_cm: z.number(), height_cm: z.number() });

export const parcelSchema = z.object({
  id: z.number().int(),
  tracking_no: z.string(),
  /** Carrier code suggested from the number's format ('unknown' when none matched). */
  carrier: z.string(),
  carrier_name: z.string(),
  goods_name: z.string(),
  goods_value: moneySchema,
  quantity: z.number().int(),
  category: z.enum(goodsCategories),
  mode: z.enum(shippingModes),
  status: z.enum(parcelStatuses),
  /** Name or value must be supplemented before the parcel can be packed. */
  is_low_value: z.boolean(),
  /** The value staff asked for at least (RMB), when the parcel was flagged as too low. */
  min_value: moneySchema.nullable(),
  remark: z.string(),
  weight_kg: z.string().nullable(),
  size: sizeSchema.nullable(),
  volume_cbm: z.string().nullable(),
  photos: z.array(z.string()),
  shelf: z.string(),
  pack_id: z.number().int().nullable(),
  pack_no: z.string().nullable(),
  return_id: z.number().int().nullable(),
  created_at: z.string(),
  inbound_at: z.string().nullable(),
});
export type Parcel = z.infer<typeof parcelSchema>;

export const historyEntry = z.object({ event: z.string(), text: z.string(), note: z.string(), at: z.string() });

export const quoteLineSchema = z.object({ code: z.string(), label: z.string(), detail: z.string(), amount: moneySchema });
export const quoteSchema = z.object({
  mode: z.enum(shippingModes),
  category: z.enum(goodsCategories),
  /** small | band1 (< 0.4 cbm) | band2 (0.4–1 cbm) | band3 (> 1 cbm) for sea; air for air. */
  size_class: z.enum(['small', 'band1', 'band2', 'band3', 'air']),
  volume_cbm: z.string(),
  billed_volume_cbm: z.string(),
  actual_weight_kg: z.string(),
  chargeable_weight_kg: z.string(),
  oversize: z.boolean(),
  rate_text: z.string(),
  lines: z.array(quoteLineSchema),
  total: moneySchema,
  gst: z.object({
    declared_value: moneySchema,
    declared_value_sgd: moneySchema,
    rate_percent: z.number(),
    estimate: moneySchema,
    note: z.string(),
  }),
});
export type Quote = z.infer<typeof quoteSchema>;

export const packAddressSchema = z.object({
  receiver: z.string(),
  phone: z.string(),
  district: z.string(),
  address: z.string(),
  postcode: z.string(),
});

export const packSchema = z.object({
  id: z.number().int(),
  pack_no: z.string(),
  mode: z.enum(shippingModes),
  status: z.enum(packStatuses),
  parcel_count: z.number().int(),
  address: packAddressSchema.nullable(),
  pack_date: z.string().nullable(),
  /** Repacking / compression of the original cartons. */
  is_cut: z.boolean(),
  individual_clearance: z.boolean(),
  remark: z.string(),
  weight_kg: z.string().nullable(),
  volume_cbm: z.string().nullable(),
  pieces: z.array(z.object({ weight_kg: z.string(), length_cm: z.number(), width_cm: z.number(), height_cm: z.number() })),
  rate_text: z.string(),
  amount: moneySchema.nullable(),
  bill_id: z.number().int().nullable(),
  batch_id: z.number().int().nullable(),
  batch_no: z.string().nullable(),
  stage: z.enum(logisticsStages).nullable(),
  dispatch_status: z.enum(dispatchStatuses),
  dispatch_date: z.string().nullable(),
  dispatch_slot: z.string().nullable(),
  created_at: z.string(),
  packed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type Pack = z.infer<typeof packSchema>;

export const packDetailSchema = packSchema.extend({
  parcels: z.array(parcelSchema),
  quote_lines: z.array(quoteLineSchema),
  owner: z.object({ user_id: z.number().int(), user_account: z.string() }),
});

export const parcelDetailSchema = parcelSchema.extend({ history: z.array(historyEntry), pack: packSchema.nullable() });

/** Batch list entry (spec §3). */
export const batchSchema = z.object({
  id: z.number().int(),
  batch_no: z.string(),
  mode: z.enum(shippingModes),
  container: z.string(),
  pack_date: z.string(),
  total_volume_cbm: z.string(),
  total_amount: moneySchema,
  status: z.enum(batchStatuses),
  stage: z.enum(logisticsStages).nullable(),
  unit_price: moneySchema.nullable(),
  pack_count: z.number().int(),
  created_at: z.string(),
});

export const stageEntry = z.object({ stage: z.enum(logisticsStages), text: z.string(), note: z.string(), at: z.string() });

export const returnSchema = z.object({
  id: z.number().int(),
  status: z.enum(returnStatuses),
  consignee: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  parcel_ids: z.array(z.number().int()),
  parcels: z.array(parcelSchema),
  fee: moneySchema,
  bill_id: z.number().int().nullable(),
  reject_reason: z.string(),
  courier_no: z.string(),
  created_at: z.string(),
});

export const batchImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  total: z.number().int(),
  waiting: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
});
export const batchImportRowSchema = z.object({
  row_no: z.number().int(),
  tracking_no: z.string(),
  goods_name: z.string(),
  goods_value: z.string(),
  quantity: z.string(),
  category: z.string(),
  mode: z.string(),
  status: z.enum(batchRowStatuses),
  reason: z.string(),
  parcel_id: z.number().int().nullable(),
});

export const unclaimedSchema = z.object({
  id: z.number().int(),
  /** Masked: the claimant proves the parcel is theirs by typing the whole number. */
  tracking_no_masked: z.string(),
  carrier_name: z.string(),
  weight_kg: z.string(),
  size: sizeSchema,
  volume_cbm: z.string(),
  photos: z.array(z.string()),
  status: z.enum(unclaimedStatuses),
  claimed_by_me: z.boolean(),
  arrived_at: z.string(),
});

export const rateCardSchema = z.object({
  id: z.number().int(),
  mode: z.enum(shippingModes),
  category: z.enum(goodsCategories),
  currency: z.literal('SGD'),
  /** Sea / group: price per 0.01 cbm for small parcels, and per band. */
  small_per_step_minor: z.number().int().nonnegative(),
  band1_per_step_minor: z.number().int().nonnegative(),
  band2_per_step_minor: z.number().int().nonnegative(),
  band3_per_step_minor: z.number().int().nonnegative(),
  min_charge_minor: z.number().int().nonnegative(),
  /** Air: first 0.5 kg and each further 0.5 kg. */
  first_half_kg_minor: z.number().int().nonnegative(),
  next_half_kg_minor: z.number().int().nonnegative(),
  repack_minor: z.number().int().nonnegative(),
  individual_clearance_minor: z.number().int().nonnegative(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;

export const holidaySchema = z.object({ id: z.number().int(), date: z.string(), reason: z.string() });

export const doorServiceStatuses = ['booked', 'cancelled', 'done'] as const;
export const doorServiceSchema = z.object({
  id: z.number().int(),
  pack_no: z.string(),
  kind: z.enum(doorServiceKinds),
  date: z.string(),
  slot: z.string(),
  address: packAddressSchema,
  status: z.enum(doorServiceStatuses),
  remark: z.string(),
  created_at: z.string(),
});
export const invoiceStatuses = ['requested', 'issued'] as const;
export const invoiceRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(invoiceStatuses),
  title: z.string(),
  email: z.string(),
  pack_nos: z.array(z.string()),
  total: moneySchema,
  created_at: z.string(),
});

const countsSchema = z.object(Object.fromEntries(parcelStatuses.map((s) => [s, z.number().int()])) as Record<ParcelStatus, z.ZodNumber>);

const listReq = {
  ...pageRequest,
  keyword: zStr(60).optional(),
};

const freightReq = z
  .object({
    mode: z.enum(shippingModes).default('SEA'),
    category: z.enum(goodsCategories).default('normal'),
    /** One piece given flat, or several pieces. */
    weight_kg: zKg.optional(),
    length_cm: zCm.optional(),
    width_cm: zCm.optional(),
    height_cm: zCm.optional(),
    pieces: z.array(pieceInput).max(50).optional(),
    goods_value: zGoodsValue.optional(),
    is_cut: zBoolish.optional(),
    individual_clearance: zBoolish.optional(),
  })
  .refine((v) => (v.pieces && v.pieces.length > 0) || (v.weight_kg && v.length_cm && v.width_cm && v.height_cm), {
    message: 'rule.dimensions',
    path: ['weight_kg'],
  });

const pidReq = z.object({ id: zId });
const packIdReq = z.object({ pack_id: zId });

const applyPackReq = z.object({
  parcel_ids: zIdList,
  mode: z.enum(shippingModes),
  address_id: zId.optional(),
  pack_date: zDate.optional(),
  is_cut: zBoolish.default(false),
  individual_clearance: zBoolish.default(false),
  remark: zStr(140).default(''),
});

const logisticsReq = z
  .object({ pack_id: zId.optional(), parcel_id: zId.optional(), tracking_no: zStr(40).optional() })
  .refine((v) => v.pack_id || v.parcel_id || v.tracking_no, { message: 'rule.trackingNo', path: ['tracking_no'] });

export const parcelsContract = {
  createOrder: endpoint({
    path: '/api/applet/createOrder',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Declare an incoming courier parcel; the carrier is suggested from the number',
    request: z.object({
      tracking_no: zTrackingNo,
      goods_name: zGoodsName,
      goods_value: zGoodsValue,
      quantity: zQuantity.default(1),
      category: z.enum(goodsCategories).default('normal'),
      mode: z.enum(shippingModes).default('SEA'),
      remark: zStr(140).default(''),
    }),
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
    blockMemberSession: true,
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
    blockMemberSession: true,
    summary: "Supplement a parcel's goods name",
    request: z.object({ id: zId, goods_name: zGoodsName }),
    response: parcelSchema,
  }),
  editHZ: endpoint({
    path: '/api/applet/editHZ',
    auth: 'user',
    blockMemberSession: true,
    summary: "Supplement a parcel's goods value (RMB, at least ¥1 or what staff asked)",
    request: z.object({ id: zId, goods_value: zGoodsValue }),
    response: parcelSchema,
  }),
  EditHZAndHM: endpoint({
    path: '/api/applet/EditHZAndHM',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Supplement goods name and value together',
    request: z.object({ id: zId, goods_name: zGoodsName, goods_value: zGoodsValue }),
    response: parcelSchema,
  }),

  getFreight: endpoint({
    path: '/api/applet/getFreight',
    auth: 'optional',
    summary: 'Freight calculator: the price line by line, and the Singapore GST estimate on the declared value',
    request: freightReq,
    response: quoteSchema,
  }),

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
    summary: 'Checks a packing request before booking: parcels, default address, first packing date',
    request: z.object({ parcel_ids: zIdList, mode: z.enum(shippingModes) }),
    response: z.object({
      parcels: z.array(parcelSchema),
      address: packAddressSchema.extend({ id: z.number().int() }).nullable(),
      has_default_address: z.boolean(),
      first_pack_date: z.string(),
      total_weight_kg: z.string(),
      total_volume_cbm: z.string(),
    }),
  }),
  orderApplyPack: endpoint({
    path: '/api/applet/orderApplyPack',
    auth: 'user',
    blockMemberSession: true,
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
    blockMemberSession: true,
    summary: 'Cancel a packing request (and its appointment) before it is packed',
    request: packIdReq,
    response: ok,
  }),
  batchSetIsCut: endpoint({
    path: '/api/applet/batchSetIsCut',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Turn repacking/compression on or off for several packing requests not yet packed',
    request: z.object({ pack_ids: zIdList, is_cut: zBoolish }),
    response: z.object({ updated: z.number().int() }),
  }),
  cancelPack: endpoint({
    path: '/api/applet/cancelPack',
    auth: 'user',
    blockMemberSession: true,
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
  getUserPackNoList: endpoint({
    path: '/api/applet/getUserPackNoList',
    auth: 'user',
    summary: 'Pack numbers of packed packs (for waybills, invoices and door-to-door)',
    request: empty,
    response: z.object({ list: z.array(z.object({ id: z.number().int(), pack_no: z.string(), status: z.enum(packStatuses) })) }),
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
    blockMemberSession: true,
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
    blockMemberSession: true,
    summary: 'Confirm receipt of a delivered pack',
    request: packIdReq,
    response: packSchema,
  }),

  orderApplyReturn: endpoint({
    path: '/api/applet/orderApplyReturn',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Ask for parcels in the warehouse to be returned to a China address',
    request: z.object({
      parcel_ids: zIdList,
      consignee: z.string({ message: 'rule.consignee' }).trim().min(1, { message: 'rule.consignee' }).max(40, { message: 'rule.tooLong' }),
      phone: z
        .string({ message: 'rule.consigneePhone' })
        .trim()
        .min(1, { message: 'rule.consigneePhone' })
        .max(20, { message: 'rule.tooLong' })
        .regex(/^\+?[0-9 -]{6,20}$/, { message: 'rule.consigneePhone' }),
      address: z
        .string({ message: 'rule.returnAddress' })
        .trim()
        .min(1, { message: 'rule.returnAddress' })
        .max(140, { message: 'rule.tooLong' }),
      postcode: z.string().trim().max(10).regex(/^\d*$/, { message: 'rule.postcode' }).default(''),
    }),
    response: returnSchema,
  }),
  orderReturnPay: endpoint({
    path: '/api/applet/orderReturnPay',
    auth: 'user',
    blockMemberSession: true,
    summary: "What to pay for an approved return (the bill is paid with the wallet's pay calls); tries auto-pay",
    request: z.object({ return_id: zId }),
    response: returnSchema,
  }),
  cancelApplyReturn: endpoint({
    path: '/api/applet/cancelApplyReturn',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Cancel a return until it is sent',
    request: z.object({ return_id: zId }),
    response: returnSchema,
  }),
  getReturnList: endpoint({
    path: '/api/applet/getReturnList',
    auth: 'user',
    summary: "The customer's return requests",
    request: z.object(pageRequest),
    response: pageOf(returnSchema),
  }),

  batchCreateOrder: endpoint({
    path: '/api/applet/batchCreateOrder',
    auth: 'user',
    multipart: true,
    blockMemberSession: true,
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

  showLargeCargo: endpoint({
    path: '/api/applet/showLargeCargo',
    auth: 'user',
    summary: 'Big parcels that arrived without a declaration (tracking numbers masked)',
    request: z.object({ ...pageRequest, keyword: zStr(40).optional() }),
    response: pageOf(unclaimedSchema),
  }),
  claimLargeCargo: endpoint({
    path: '/api/applet/claimLargeCargo',
    auth: 'user',
    blockMemberSession: true,
    summary: 'Claim an unclaimed parcel by typing its whole tracking number; staff confirm',
    request: z.object({ id: zId, tracking_no: zTrackingNo }),
    response: unclaimedSchema,
  }),

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
    blockMemberSession: true,
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
    blockMemberSession: true,
    summary: 'Cancel a door-to-door booking',
    request: z.object({ id: zId }),
    response: ok,
  }),

  packingSelectUser: endpoint({
    path: '/terminal/packingSelectUser',
    auth: 'terminal',
    roles: ['warehouse'],
    read: true,
    summary: 'Packing station: customers with packing requests, searchable by ID, phone or pack no',
    request: z.object({ keyword: zStr(40).optional() }),
    response: z.object({
      list: z.array(
        z.object({
          user_id: z.number().int(),
          user_account: z.string(),
          nickname: z.string(),
          pack_count: z.number().int(),
          earliest_pack_date: z.string().nullable(),
        }),
      ),
    }),
  }),
  packingSelectPacking: endpoint({
    path: '/terminal/packingSelectPacking',
    auth: 'terminal',
    roles: ['warehouse'],
    read: true,
    summary: "Packing station: a customer's packing requests with every parcel and its shelf",
    request: z.object({ user_id: zId }),
    response: z.object({ list: z.array(packDetailSchema) }),
  }),
  scannedInbound: endpoint({
    path: '/terminal/scannedInbound',
    auth: 'terminal',
    roles: ['warehouse'],
    summary: 'Scan to shelve: matched to its declaration, or kept as an unclaimed parcel',
    request: z.object({
      tracking_no: zTrackingNo,
      weight_kg: zKg,
      length_cm: zCm,
      width_cm: zCm,
      height_cm: zCm,
      shelf: zRequired(20),
      photos: z.array(zStr(512)).max(9).default([]),
    }),
    response: z.object({ matched: z.boolean(), parcel: parcelSchema.nullable(), unclaimed_id: z.number().int().nullable() }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Staff (console) calls
// ---------------------------------------------------------------------------------------------

const ownerSchema = z.object({ user_id: z.number().int(), user_account: z.string() });
const adminParcel = parcelSchema.extend({ owner: ownerSchema });
const rateCardInput = rateCardSchema
  .omit({ id: true, updated_at: true, currency: true })
  .extend({ id: zId.optional(), active: zBoolish.default(true) });
const batchDetail = batchSchema.extend({ stages: z.array(stageEntry), packs: z.array(packSchema.extend({ owner: ownerSchema })) });

export const parcelsAdminContract = {
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
  adminWaybillLink: endpoint({
    path: '/api/admin/parcels/waybillLink',
    auth: 'staff',
    roles: ['warehouse'],
    read: true,
    summary: "A link to a packed pack's printable PDF waybill (valid 10 minutes)",
    request: packIdReq,
    response: z.object({ pack_no: z.string(), url: z.string(), expires_at: z.string() }),
  }),
  adminBatchCreate: endpoint({
    path: '/api/admin/parcels/batchCreate',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Open an outbound batch (container)',
    request: z.object({
      mode: z.enum(shippingModes),
      container: zStr(40).default(''),
      pack_date: zDate,
      unit_price_minor: z.coerce.number().int().nonnegative().optional(),
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
  adminReturnList: endpoint({
    path: '/api/admin/parcels/returnList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Return requests',
    request: z.object({ ...pageRequest, status: z.enum(returnStatuses).optional() }),
    response: pageOf(returnSchema.extend({ owner: ownerSchema })),
  }),
  adminReturnReview: endpoint({
    path: '/api/admin/parcels/returnReview',
    auth: 'staff',
    roles: ['service'],
    summary: 'Approve (the search fee is billed; free for leaders) or reject a return request',
    request: z.object({ return_id: zId, approve: zBoolish, reason: zStr(140).default('') }),
    response: returnSchema,
  }),
  adminReturnSent: endpoint({
    path: '/api/admin/parcels/returnSent',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Mark a paid return as sent with the courier number',
    request: z.object({ return_id: zId, courier_no: zRequired(40) }),
    response: returnSchema,
  }),
  adminUnclaimedList: endpoint({
    path: '/api/admin/parcels/unclaimedList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Parcels that arrived undeclared, with claims',
    request: z.object({ ...pageRequest, status: z.enum(unclaimedStatuses).optional() }),
    response: pageOf(unclaimedSchema.extend({ tracking_no: z.string(), shelf: z.string(), claimant: ownerSchema.nullable() })),
  }),
  adminUnclaimedConfirm: endpoint({
    path: '/api/admin/parcels/unclaimedConfirm',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    summary: "Confirm a claim (the parcel becomes the claimant's, in the warehouse, to be supplemented) or refuse it",
    request: z.object({ id: zId, approve: zBoolish }),
    response: z.object({ id: z.number().int(), status: z.enum(unclaimedStatuses), parcel_id: z.number().int().nullable() }),
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
  adminRateCardList: endpoint({
    path: '/api/admin/parcels/rateCards',
    auth: 'staff',
    roles: ['finance', 'warehouse', 'service'],
    read: true,
    summary: 'Rate cards per mode and goods category',
    request: empty,
    response: z.object({ list: z.array(rateCardSchema) }),
  }),
  adminRateCardSave: endpoint({
    path: '/api/admin/parcels/rateCardSave',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Create or edit a rate card (one per mode and category)',
    request: rateCardInput,
    response: rateCardSchema,
  }),
  adminRateCardDelete: endpoint({
    path: '/api/admin/parcels/rateCardDelete',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Delete a rate card',
    request: pidReq,
    response: ok,
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

export const logisticsStageText: Record<LogisticsStage, { en: string; zh_CN: string }> = {
  loading_customs: { en: 'Loading and customs declaration', zh_CN: '装柜报关' },
  dock: { en: 'At the dock', zh_CN: '到达码头' },
  cn_cabinet_check: { en: 'China container inspection', zh_CN: '国内查柜' },
  in_transit: { en: 'Ship in transit', zh_CN: '船运中' },
  container_arrival: { en: 'Container arrived', zh_CN: '到柜' },
  sg_customs: { en: 'Singapore customs clearance', zh_CN: '新加坡清关' },
  sg_cabinet_check: { en: 'Singapore container inspection', zh_CN: '新加坡查柜' },
  unpacking_delivery: { en: 'Unpacking and delivery', zh_CN: '拆柜派送' },
  delivered: { en: 'Delivered', zh_CN: '已送达' },
};
