import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract, sgd } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { balanceOf, expectMoneyOnly, issueBill, key, makeUser, staffToken, topUp, createWalletTestApp } from './wallet.test-helpers.ts';

const W = contract.wallet;
const WA = contract.walletAdmin;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  staff = await staffToken(t);
});

async function batch(input: Record<string, unknown>) {
  const r = await t.call(WA.adminCouponBatchCreate, { name_en: 'Coupon', name_zh: '优惠券', ...input } as never, { token: staff });
  expect(r.code, r.msg).toBe(0);
  return r.data as { id: number };
}

describe('vouchers are never hidden at payment', () => {
  it('offers a claimable coupon that applies; claiming it then paying with it takes the discount', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 10_000);
    const offer = await batch({ kind: 'freight', amount: '4', issue_mode: 'activity', name_en: 'S$4 freight', name_zh: '运费减4' });
    const returnsOnly = await batch({ kind: 'discount', amount: '2', issue_mode: 'activity', applies_to: ['return'] });
    const soldOut = await batch({ kind: 'discount', amount: '9', issue_mode: 'activity', total_quantity: 1 });
    const other = await makeUser(t);
    expect((await t.call(W.claimeActivityCoupon, { batch_id: soldOut.id }, { token: other.token })).code).toBe(0);
    await batch({ kind: 'discount', amount: '9', issue_mode: 'code' });

    const bill = await issueBill(t, u.id, 3000);
    const info = await t.call(W.getPayInfo, { bill_id: bill.id }, { token: u.token });
    expect(info.code, info.msg).toBe(0);
    expect(info.data.coupons).toEqual([]);
    expect(info.data.claimable_coupons).toEqual([
      expect.objectContaining({
        batch_id: offer.id,
        claimable: true,
        name: 'S$4 freight',
        usable: true,
        discount: sgd(400),
        reason_code: null,
      }),
      expect.objectContaining({
        batch_id: returnsOnly.id,
        claimable: true,
        usable: false,
        reason_code: 'wrong_kind',
        reason: 'only for returns',
      }),
    ]);
    expectMoneyOnly(info.data);
    const zh = await t.call(W.getPayInfo, { bill_id: bill.id }, { token: u.token, lang: 'zh_CN' });
    expect(zh.data.claimable_coupons[0].name).toBe('运费减4');
    expect(zh.data.claimable_coupons[1].reason).toBe('仅限退货');

    // Claim and use.
    const claimed = await t.call(W.claimeActivityCoupon, { batch_id: offer.id }, { token: u.token });
    expect(claimed.code, claimed.msg).toBe(0);
    const after = await t.call(W.getPayInfo, { bill_id: bill.id }, { token: u.token });
    expect(after.data.claimable_coupons.map((c: { batch_id: number }) => c.batch_id)).toEqual([returnsOnly.id]);
    expect(after.data.coupons).toEqual([
      expect.objectContaining({ id: claimed.data.id, claimable: false, usable: true, discount: sgd(400), reason_code: null }),
    ]);
    const paid = await t.call(W.orderPackPay, { bill_id: bill.id, coupon_id: claimed.data.id, idempotency_key: key() }, { token: u.token });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({ total: sgd(3000), discount: sgd(400), charged: sgd(2600), coupon_id: claimed.data.id });
    expect(await balanceOf(t, u.id)).toBe(7400);
    const rec = await t.call(WA.adminReconcile, {}, { token: staff });
    expect(rec.data.ok).toBe(true);
    expect(rec.data.accounts.find((a: { code: string }) => a.code === 'expense:coupons').balance).toEqual(sgd(-400));
  });

  it('says why an owned coupon does not apply: below the minimum spend, in the user language', async () => {
    const u = await makeUser(t);
    const b = await batch({ kind: 'discount', amount: '5', issue_mode: 'activity', min_amount: '50' });
    const c = (await t.call(W.claimeActivityCoupon, { batch_id: b.id }, { token: u.token })).data;
    const bill = await issueBill(t, u.id, 2000);
    const en = await t.call(W.getPayInfos, { bill_ids: [bill.id] }, { token: u.token });
    expect(en.data.coupons).toEqual([
      expect.objectContaining({
        id: c.id,
        claimable: false,
        usable: false,
        discount: sgd(0),
        reason_code: 'below_min_amount',
        reason: 'needs at least S$50.00',
      }),
    ]);
    expect(en.data.claimable_coupons).toEqual([]);
    const zh = await t.call(W.getPayInfos, { bill_ids: [bill.id] }, { token: u.token, lang: 'zh_CN' });
    expect(zh.data.coupons[0].reason).toBe('需满S$50.00');
  });
});
