import { z } from 'zod';
import { amountRuleBroken, parseAmountToMinor, patterns } from '../rules.ts';
import { zCalendarDate, zIdListOf } from '../schemas.ts';
import { CUSTOMS_DESCRIPTION_MAX, CUSTOMS_DESCRIPTION_PATTERN, customsCategories } from './parcels.customs.ts';

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
/** A pack whose bill has been paid: paid and every later state (the invoice, a claim, the leader's list). */
export const isPackPaid = (status: string) => status === 'paid' || status === 'shipped' || status === 'delivered' || status === 'received';
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

export { moneySchema } from '../money-schema.ts';
export type { Money } from '../money.ts';

/** Tracking numbers: letters, digits and dashes; any carrier's format is accepted. */
export const zTrackingNo = z
  .string({ message: 'rule.trackingNo' })
  .trim()
  .min(1, { message: 'rule.trackingNo' })
  .max(40, { message: 'rule.tooLong' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'rule.trackingNoChars' })
  .transform((v) => v.toUpperCase());

/** A seller's GST registration number (empty when not declared); upper-cased. */
export const zGstNo = z
  .string({ message: 'rule.sellerGstNo' })
  .trim()
  .toUpperCase()
  .max(20, { message: 'rule.tooLong' })
  .regex(/^(|[A-Z0-9-]{8,20})$/, { message: 'rule.sellerGstNo' });

export const zGoodsName = z
  .string({ message: 'rule.goodsNameRequired' })
  .trim()
  .min(1, { message: 'rule.goodsNameRequired' })
  .max(60, { message: 'rule.tooLong' })
  .regex(patterns.goodsName, { message: 'rule.goodsName' });

/** The English description of a customs line (empty: not given yet). */
export const zCustomsDescription = z
  .string({ message: 'rule.customsDescription' })
  .trim()
  .max(CUSTOMS_DESCRIPTION_MAX, { message: 'rule.tooLong' })
  .regex(CUSTOMS_DESCRIPTION_PATTERN, { message: 'rule.customsDescription' })
  .transform((v) => v.replace(/\s+/g, ' '));

/** A customs category of the short list, or '' for not chosen yet. */
export const customsCategoryValues = ['', ...customsCategories] as const;
export const zCustomsCategory = z.enum(customsCategoryValues, { message: 'rule.customsCategory' });

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
export const zIdList = zIdListOf('rule.chooseParcels');

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

// The stage names (logisticsStageText) live with the customer-facing status words in parcels.status.ts,
// which the app loads without zod.
