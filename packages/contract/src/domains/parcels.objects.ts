import { z } from 'zod';
import { problemSchema } from './parcels.problems.ts';
import { pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zStr } from '../schemas.ts';
import { zPriceMinor } from '../money-schema.ts';
import {
  shippingModes,
  goodsCategories,
  parcelStatuses,
  type ParcelStatus,
  packStatuses,
  logisticsStages,
  returnStatuses,
  batchRowStatuses,
  dispatchStatuses,
  unclaimedStatuses,
  doorServiceKinds,
  batchStatuses,
  moneySchema,
  zGoodsValue,
  zIdList,
  zCm,
  zKg,
  zDate,
  pieceInput,
  customsCategoryValues,
} from './parcels.rules.ts';

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

export const sizeSchema = z.object({ length_cm: z.number(), width_cm: z.number(), height_cm: z.number() });

export const courierSchema = z.object({
  last_event: z.object({ text: z.string(), at: z.string() }).nullable(),
  arriving_soon: z.boolean(),
});
export type CourierInfo = z.infer<typeof courierSchema>;

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
  /** The seller already charged Singapore GST (overseas-vendor rules): not taxed again by air. */
  gst_paid_at_purchase: z.boolean(),
  /** The seller's GST registration number, declared with the flag. */
  seller_gst_no: z.string(),
  /** Customs line (one per parcel): English description and category ('' until chosen); see parcels.customs.ts. */
  customs_description: z.string(),
  customs_category: z.enum(customsCategoryValues),
  /** Both are filled in (the broker's manifest needs them). */
  customs_complete: z.boolean(),
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
  /** In the warehouse (not yet packed): storage by parcels.storage.ts; null otherwise. */
  storage: z
    .object({
      /** Last free day, YYYY-MM-DD (UTC+8). */
      free_until: z.string(),
      fee_so_far: moneySchema,
      /** From this day staff may dispose of the parcel (the owner is told first). */
      disposable_from: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * The China leg, while the parcel is on its way to our warehouse (status pending): the domestic courier's
   * newest event pushed by the tracking service, and whether it says the parcel is being delivered to us
   * (arriving soon). `{ last_event: null, arriving_soon: false }` when nothing was pushed or it has arrived.
   */
  courier: courierSchema,
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
    /** GST charged: also a line of `lines` when above zero. */
    estimate: moneySchema,
    /** Goods + freight + insurance. */
    cif: moneySchema,
    basis: z.enum(['sea_no_relief', 'air_relief', 'air_over_relief', 'nothing_to_tax']),
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
  /** Insured against loss and damage: the cover (the most a claim pays); null when not insured. */
  insurance_cover: moneySchema.nullable(),
  /** GST refunded by staff (charged twice), if any. */
  gst_refunded: moneySchema.nullable(),
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

/** Where a GROUP pack is collected: its leader's pick-up place, and the packing date it waits for. */
export const groupPickupSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  leader_name: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  /** The pack's group batch date, or the group's next packing date; null when the group has none set. */
  pack_date: z.string().nullable(),
});

export const packDetailSchema = packSchema.extend({
  /** GROUP packs: the leader's pick-up place and packing date (null for other modes). */
  pickup: groupPickupSchema.nullable(),
  parcels: z.array(parcelSchema),
  quote_lines: z.array(quoteLineSchema),
  owner: z.object({ user_id: z.number().int(), user_account: z.string() }),
});

export const parcelDetailSchema = parcelSchema.extend({
  history: z.array(historyEntry),
  pack: packSchema.nullable(),
  /** The parcel's latest problem (异常) with its thread, or null; one unresolved at a time. */
  problem: problemSchema.nullable(),
});

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

/**
 * The prices of one mode and category, in SGD. Sea / group: per 0.01 cbm for small parcels and per band,
 * and a minimum; air: the first 0.5 kg and each further 0.5 kg; extras for all.
 */
export const rateCardPrices = [
  'small_per_step',
  'band1_per_step',
  'band2_per_step',
  'band3_per_step',
  'min_charge',
  'first_half_kg',
  'next_half_kg',
  'repack',
  'individual_clearance',
] as const;
export type RateCardPrice = (typeof rateCardPrices)[number];

export const rateCardSchema = z.object({
  id: z.number().int(),
  mode: z.enum(shippingModes),
  category: z.enum(goodsCategories),
  ...(Object.fromEntries(rateCardPrices.map((k) => [k, moneySchema])) as Record<RateCardPrice, typeof moneySchema>),
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

export const countsSchema = z.object(
  Object.fromEntries(parcelStatuses.map((s) => [s, z.number().int()])) as Record<ParcelStatus, z.ZodNumber>,
);

export const listReq = {
  ...pageRequest,
  keyword: zStr(60).optional(),
};

export const freightReq = z
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
    /** The part of goods_value already charged GST at purchase. */
    gst_paid_value: zGoodsValue.optional(),
    is_cut: zBoolish.optional(),
    individual_clearance: zBoolish.optional(),
  })
  .refine((v) => (v.pieces && v.pieces.length > 0) || (v.weight_kg && v.length_cm && v.width_cm && v.height_cm), {
    message: 'rule.dimensions',
    path: ['weight_kg'],
  });

export const pidReq = z.object({ id: zId });
export const packIdReq = z.object({ pack_id: zId });

export const applyPackReq = z.object({
  parcel_ids: zIdList,
  mode: z.enum(shippingModes),
  address_id: zId.optional(),
  pack_date: zDate.optional(),
  is_cut: zBoolish.default(false),
  individual_clearance: zBoolish.default(false),
  /** Insure the pack against loss and damage (a premium on the bill; see parcels.insurance.ts). */
  insured: zBoolish.default(false),
  remark: zStr(140).default(''),
});

export const logisticsReq = z
  .object({ pack_id: zId.optional(), parcel_id: zId.optional(), tracking_no: zStr(40).optional() })
  .refine((v) => v.pack_id || v.parcel_id || v.tracking_no, { message: 'rule.trackingNo', path: ['tracking_no'] });

export const ownerSchema = z.object({ user_id: z.number().int(), user_account: z.string() });
export const adminParcel = parcelSchema.extend({ owner: ownerSchema });
/** Staff type each price as an amount in S$ ("12.50", 0 allowed). */
export const rateCardInput = z.object({
  id: zId.optional(),
  mode: z.enum(shippingModes),
  category: z.enum(goodsCategories),
  ...(Object.fromEntries(rateCardPrices.map((k) => [k, zPriceMinor(10_000_000)])) as Record<RateCardPrice, ReturnType<typeof zPriceMinor>>),
  active: zBoolish.default(true),
});
export const batchDetail = batchSchema.extend({ stages: z.array(stageEntry), packs: z.array(packSchema.extend({ owner: ownerSchema })) });
