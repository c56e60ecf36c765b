import { sgd, type Language } from '@pinyou/contract';
import { formatMinor } from './ledger.ts';
import type { couponBatches, userCoupons } from './wallet.schema.ts';

export type BatchRow = typeof couponBatches.$inferSelect;

export interface PricedBill {
  id: number;
  kind: string;
  volumeMilli: number;
  /** In the wallet currency at the payment's rate. */
  grossMinor: number;
}

/** Why a coupon does not apply to some bills (the pay sheet shows the reason in the user's language). */
export type CouponReasonCode = 'no_bills' | 'wrong_kind' | 'below_min_volume' | 'below_min_amount';

export type CouponVerdict =
  | { ok: true; discountMinor: number; perBill: Map<number, number> }
  | { ok: false; code: CouponReasonCode; reason: { en: string; zh_CN: string } };

const noBills: CouponVerdict = { ok: false, code: 'no_bills', reason: { en: 'no orders', zh_CN: '没有订单' } };

const kindNames: Record<string, { en: string; zh_CN: string }> = {
  pack: { en: 'freight', zh_CN: '运费' },
  return: { en: 'returns', zh_CN: '退货' },
  mall: { en: 'mall orders', zh_CN: '商城订单' },
  claim: { en: 'claims', zh_CN: '认领' },
  other: { en: 'other fees', zh_CN: '其他费用' },
};

/**
 * What a coupon takes off these bills. It applies to the bills of its kinds only; the thresholds are
 * measured on those bills; the discount never exceeds them and is shared among them pro rata (the
 * last takes the rounding), so a refund of one bill knows its part.
 */
export function couponDiscount(batch: BatchRow, bills: PricedBill[]): CouponVerdict {
  if (!bills.length) return noBills;
  const eligible = bills.filter((b) => batch.appliesTo.includes(b.kind));
  if (!eligible.length) {
    const names = batch.appliesTo.map((k) => kindNames[k] ?? { en: k, zh_CN: k });
    return {
      ok: false,
      code: 'wrong_kind',
      reason: { en: `only for ${names.map((n) => n.en).join(', ')}`, zh_CN: `仅限${names.map((n) => n.zh_CN).join('、')}` },
    };
  }
  const base = eligible.reduce((a, b) => a + b.grossMinor, 0);
  const volume = eligible.reduce((a, b) => a + b.volumeMilli, 0);
  if (volume < batch.minVolumeMilli) {
    const v = (batch.minVolumeMilli / 1000).toFixed(3).replace(/\.?0+$/, '');
    return { ok: false, code: 'below_min_volume', reason: { en: `needs at least ${v} cbm`, zh_CN: `体积需满${v}立方米` } };
  }
  if (base < batch.minAmountMinor) {
    const a = formatMinor(batch.minAmountMinor);
    return { ok: false, code: 'below_min_amount', reason: { en: `needs at least S$${a}`, zh_CN: `需满S$${a}` } };
  }
  let discount = batch.discountType === 'percent' ? Math.floor((base * batch.percentOff) / 100) : batch.amountMinor;
  if (batch.maxDiscountMinor !== null && batch.maxDiscountMinor !== undefined) discount = Math.min(discount, batch.maxDiscountMinor);
  discount = Math.max(0, Math.min(discount, base));
  const perBill = new Map<number, number>();
  let left = discount;
  eligible.forEach((b, i) => {
    const share = i === eligible.length - 1 ? left : Math.floor((discount * b.grossMinor) / base);
    perBill.set(b.id, share);
    left -= share;
  });
  return { ok: true, discountMinor: discount, perBill };
}

export const batchName = (batch: BatchRow, lang: Language) => (batch.name as { en: string; zh_CN: string })[lang];

/** A batch's terms as the customer reads them, on a coupon held or one to claim. */
function batchTerms(b: BatchRow, lang: Language) {
  return {
    kind: b.kind as 'discount' | 'freight',
    name: batchName(b, lang),
    discount_type: b.discountType as 'amount' | 'percent',
    amount: sgd(b.amountMinor),
    percent_off: b.percentOff,
    max_discount: b.maxDiscountMinor === null ? null : sgd(b.maxDiscountMinor),
    min_volume: (b.minVolumeMilli / 1000).toFixed(3),
    min_amount: sgd(b.minAmountMinor),
    applies_to: b.appliesTo as ('pack' | 'return' | 'mall' | 'claim' | 'other')[],
  };
}

/** A coupon as the customer sees it (status from its use and expiry). */
export function couponView(c: typeof userCoupons.$inferSelect, b: typeof couponBatches.$inferSelect, lang: Language, now = new Date()) {
  const status: 'unused' | 'used' | 'expired' =
    c.status === 'used' ? 'used' : c.expiresAt.getTime() <= now.getTime() ? 'expired' : 'unused';
  return {
    id: c.id,
    batch_id: b.id,
    ...batchTerms(b, lang),
    status,
    expires_at: c.expiresAt.toISOString(),
    used_at: c.usedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

/** An activity batch not claimed yet, as the pay sheet offers it ('claim and use'). */
export function claimableView(b: BatchRow, lang: Language) {
  return {
    batch_id: b.id,
    ...batchTerms(b, lang),
    claimable: true as const,
  };
}

/** How a coupon fits these bills, for the pay sheet: its discount, or why it does not apply. */
export function couponFit(b: BatchRow, priced: PricedBill[], lang: Language) {
  const v = couponDiscount(b, priced);
  return {
    usable: v.ok,
    discount: sgd(v.ok ? v.discountMinor : 0),
    reason_code: v.ok ? null : v.code,
    reason: v.ok ? '' : v.reason[lang],
  };
}
