import type { contract, ResponseOf } from '@pinyou/contract';

/** The pay sheet's data (pay-info.ts reads it and uses these figures, so the type is named here from the contract). */
type PayInfo = ResponseOf<typeof contract.wallet.getPayInfos>;

/**
 * What a payment comes to: the best usable coupon (or the one picked, 0 for none), what is due after it and
 * what the balance lacks. The pay sheet and the buttons that open it read the same figures, so a button
 * never offers to pay from a balance that is short.
 *
 * Nothing is hidden: `offer` is a coupon not claimed yet that would take more off than the one in use
 * ('claim and use'), and `notApplying` is why the coupons held do not apply when none does.
 */
export function payFigures(d: PayInfo | undefined, picked: number | undefined) {
  const usable = (d?.coupons ?? []).filter((c) => c.usable).sort((a, b) => b.discount.amount_minor - a.discount.amount_minor);
  const coupon = picked === undefined ? usable[0] : usable.find((c) => c.id === picked);
  const discount = coupon?.discount.amount_minor ?? 0;
  const due = Math.max(0, (d?.total.amount_minor ?? 0) - discount);
  const shortfall = Math.max(0, due - (d?.balance.amount_minor ?? 0));
  // What is owed, the balance and the coupons are all in the wallet currency the server names.
  const currency = d?.total.currency ?? 'SGD';
  const bestUsable = usable[0]?.discount.amount_minor ?? 0;
  const offer = (d?.claimable_coupons ?? [])
    .filter((c) => c.usable && c.discount.amount_minor > bestUsable)
    .sort((a, b) => b.discount.amount_minor - a.discount.amount_minor)[0];
  const held = d?.coupons ?? [];
  const notApplying = held.length && !usable.length ? held : [];
  return { usable, coupon, discount, due, shortfall, currency, offer, notApplying };
}
