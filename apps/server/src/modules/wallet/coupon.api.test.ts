import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, contract, sgd } from '@pinyou/contract';
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

describe('activity coupons', () => {
  it('lists what I can claim, claims once, and hides what I have', async () => {
    const u = await makeUser(t);
    const a = await batch({ kind: 'discount', amount: '5', issue_mode: 'activity', min_amount: '20', name_en: 'S$5 off', name_zh: '减5' });
    const b = await batch({ kind: 'freight', amount: '10', issue_mode: 'activity', valid_days: 60 });
    await batch({ kind: 'discount', amount: '1', issue_mode: 'activity', claim_ends_at: new Date(Date.now() - 1000).toISOString() });
    await batch({ kind: 'discount', amount: '1', issue_mode: 'code' });

    const list = await t.call(W.showUnclaimedActivityCouponList, {}, { token: u.token, lang: 'zh_CN' });
    expect(list.data.list.map((x: { batch_id: number }) => x.batch_id)).toEqual([a.id, b.id]);
    expect(list.data.list[0]).toMatchObject({ name: '减5', amount: sgd(500), min_amount: sgd(2000) });
    expectMoneyOnly(list.data);

    const c = await t.call(W.claimeActivityCoupon, { batch_id: a.id }, { token: u.token });
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: 'unused', kind: 'discount', name: 'S$5 off', amount: sgd(500) });
    expectMoneyOnly(c.data);
    const dup = await t.call(W.claimeActivityCoupon, { batch_id: a.id }, { token: u.token });
    expect(dup.code).toBe(Code.COUPON_ALREADY_CLAIMED);
    expect(dup.msg).toBe('You have already received this coupon');
    expect(
      (await t.call(W.showUnclaimedActivityCouponList, {}, { token: u.token })).data.list.map((x: { batch_id: number }) => x.batch_id),
    ).toEqual([b.id]);

    const mine = await t.call(W.getCoupunList, {}, { token: u.token });
    expect(mine.data.total).toBe(1);
    // Expired coupons show as expired.
    await t.services.db.execute(sql`update user_coupons set expires_at = now() - interval '1 minute'`);
    expect((await t.call(W.getCoupunList, { status: 'expired' }, { token: u.token })).data.total).toBe(1);
    expect((await t.call(W.getCoupunList, { status: 'unused' }, { token: u.token })).data.total).toBe(0);
  });

  it('refuses a sold-out batch', async () => {
    const one = await batch({ kind: 'discount', amount: '5', issue_mode: 'activity', total_quantity: 1 });
    const u1 = await makeUser(t);
    const u2 = await makeUser(t);
    expect((await t.call(W.claimeActivityCoupon, { batch_id: one.id }, { token: u1.token })).code).toBe(0);
    const r = await t.call(W.claimeActivityCoupon, { batch_id: one.id }, { token: u2.token });
    expect(r.code).toBe(Code.COUPON_SOLD_OUT);
  });
});

describe('coupon codes', () => {
  it('redeems a shared code once per person and single-use codes once at all', async () => {
    const b = await batch({ kind: 'discount', amount: '10', issue_mode: 'code', min_amount: '30' });
    const shared = await t.call(WA.adminCouponCodesCreate, { batch_id: b.id, code: 'welcome10', max_uses: 100 }, { token: staff });
    expect(shared.data.codes).toEqual([{ code: 'WELCOME10', max_uses: 100, used: 0 }]);
    const u = await makeUser(t);
    const r = await t.call(W.useCoupunCode, { code: ' welcome10 ' }, { token: u.token });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.amount).toEqual(sgd(1000));
    expect((await t.call(W.useCoupunCode, { code: 'WELCOME10' }, { token: u.token })).code).toBe(Code.COUPON_ALREADY_CLAIMED);
    const bad = await t.call(W.useCoupunCode, { code: 'NOPE' }, { token: u.token, lang: 'zh_CN' });
    expect(bad.code).toBe(Code.COUPON_CODE_INVALID);
    expect(bad.msg).toBe('兑换码无效或已被兑换完');

    const single = await batch({ kind: 'freight', amount: '3', issue_mode: 'code' });
    const codes = await t.call(WA.adminCouponCodesCreate, { batch_id: single.id, count: 3 }, { token: staff });
    expect(codes.data.codes).toHaveLength(3);
    const v = await makeUser(t);
    const w = await makeUser(t);
    expect((await t.call(W.useCoupunCode, { code: codes.data.codes[0].code }, { token: v.token })).code).toBe(0);
    expect((await t.call(W.useCoupunCode, { code: codes.data.codes[0].code }, { token: w.token })).code).toBe(Code.COUPON_CODE_INVALID);
    const usage = await t.call(WA.adminCouponUsage, { batch_id: single.id }, { token: staff });
    expect(usage.data.list).toEqual([
      expect.objectContaining({ user_id: v.id, code: codes.data.codes[0].code, status: 'unused', payment_id: null }),
    ]);
  });

  it('staff input is validated; only finance/admin create', async () => {
    const bad = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'x', name_zh: 'x', issue_mode: 'activity', discount_type: 'percent' } as never,
      { token: staff },
    );
    expect(bad.code).toBe(Code.VALIDATION);
    const pct = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'x', name_zh: 'x', issue_mode: 'activity', discount_type: 'percent', percent_off: 150 } as never,
      { token: staff },
    );
    expect(pct.code).toBe(Code.VALIDATION);
    const wh = await staffToken(t, 'warehouse');
    expect(
      (
        await t.call(
          WA.adminCouponBatchCreate,
          { kind: 'discount', name_en: 'x', name_zh: 'x', issue_mode: 'activity', amount: '1' },
          { token: wh },
        )
      ).code,
    ).toBe(Code.FORBIDDEN);
    const list = await t.call(WA.adminCouponBatchList, {}, { token: staff });
    expect(list.data.total).toBe(0);
  });
});

describe('coupons at payment', () => {
  it('applies a discount, shows it in pay info, is used once, and is released when the payment is reversed', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 10_000);
    const b = await batch({
      kind: 'discount',
      discount_type: 'percent',
      percent_off: 10,
      max_discount: '3',
      issue_mode: 'activity',
      min_volume: '0.5',
    });
    const c = (await t.call(W.claimeActivityCoupon, { batch_id: b.id }, { token: u.token })).data;

    const small = await issueBill(t, u.id, 2000, { volumeCbm: 0.2 });
    const infoSmall = await t.call(W.getPayInfo, { bill_id: small.id }, { token: u.token });
    expect(infoSmall.data.coupons[0]).toMatchObject({ id: c.id, usable: false, reason: 'needs at least 0.5 cbm' });
    const notApplicable = await t.call(W.orderPackPay, { bill_id: small.id, coupon_id: c.id, idempotency_key: key() }, { token: u.token });
    expect(notApplicable.code).toBe(Code.COUPON_NOT_APPLICABLE);
    expect(notApplicable.msg).toBe('This coupon does not apply to these orders: needs at least 0.5 cbm');

    const big = await issueBill(t, u.id, 5000, { volumeCbm: 0.8 });
    const info = await t.call(W.getPayInfos, { bill_ids: [big.id] }, { token: u.token });
    expect(info.data.coupons[0]).toMatchObject({ usable: true, discount: sgd(300) }); // 10% of 50 = 5, capped at 3
    const paid = await t.call(W.orderPackPay, { bill_id: big.id, coupon_id: c.id, idempotency_key: key() }, { token: u.token });
    expect(paid.data).toMatchObject({ total: sgd(5000), discount: sgd(300), charged: sgd(4700), coupon_id: c.id });
    expect(await balanceOf(t, u.id)).toBe(5300);
    expect((await t.call(W.getCoupunList, { status: 'used' }, { token: u.token })).data.list[0].id).toBe(c.id);

    const big2 = await issueBill(t, u.id, 5000, { volumeCbm: 0.8 });
    expect((await t.call(W.orderPackPay, { bill_id: big2.id, coupon_id: c.id, idempotency_key: key() }, { token: u.token })).code).toBe(
      Code.COUPON_UNAVAILABLE,
    );
    // someone else's coupon
    const v = await makeUser(t);
    await topUp(t, v.id, 10_000);
    const vb = await issueBill(t, v.id, 5000, { volumeCbm: 1 });
    expect((await t.call(W.orderPackPay, { bill_id: vb.id, coupon_id: c.id, idempotency_key: key() }, { token: v.token })).code).toBe(
      Code.COUPON_UNAVAILABLE,
    );

    const usage = await t.call(WA.adminCouponUsage, { batch_id: b.id }, { token: staff });
    expect(usage.data.list[0]).toMatchObject({ status: 'used', payment_id: paid.data.payment_id });

    const refund = await t.call(WA.adminRefundBill, { bill_id: big.id, reason: 'cancelled' }, { token: staff });
    expect(refund.code, refund.msg).toBe(0);
    expect(await balanceOf(t, u.id)).toBe(10_000);
    expect((await t.call(W.getCoupunList, { status: 'unused' }, { token: u.token })).data.list[0].id).toBe(c.id);
    const reused = await t.call(W.orderPackPay, { bill_id: big2.id, coupon_id: c.id, idempotency_key: key() }, { token: u.token });
    expect(reused.data.discount).toEqual(sgd(300));
    const rec = await t.call(WA.adminReconcile, {}, { token: staff });
    expect(rec.data.ok).toBe(true);
    expect(rec.data.accounts.find((a: { code: string }) => a.code === 'expense:coupons').balance).toEqual(sgd(-300));
  });

  it('a freight voucher pays freight only, never more than the bill, and shares over several bills', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 10_000);
    const fb = await batch({ kind: 'freight', amount: '10', issue_mode: 'activity' });
    const c = (await t.call(W.claimeActivityCoupon, { batch_id: fb.id }, { token: u.token })).data;
    const ret = await issueBill(t, u.id, 3000, { kind: 'return' });
    const r1 = await t.call(W.orderPackPay, { bill_id: ret.id, coupon_id: c.id, idempotency_key: key() }, { token: u.token });
    expect(r1.code).toBe(Code.COUPON_NOT_APPLICABLE);
    expect(r1.msg).toContain('only for freight');

    const p1 = await issueBill(t, u.id, 300);
    const p2 = await issueBill(t, u.id, 500);
    const r2 = await t.call(W.ordersPay, { bill_ids: [p1.id, p2.id, ret.id], coupon_id: c.id, idempotency_key: key() }, { token: u.token });
    expect(r2.code, r2.msg).toBe(0);
    expect(r2.data).toMatchObject({ total: sgd(3800), discount: sgd(800), charged: sgd(3000) });
    expect(await balanceOf(t, u.id)).toBe(7000);
    // Refunding one of the three returns its own share; the coupon stays used while the others stand.
    await t.call(WA.adminRefundBill, { bill_id: p1.id, reason: 'x' }, { token: staff });
    expect(await balanceOf(t, u.id)).toBe(7000); // p1 was fully covered by the voucher
    expect((await t.call(W.getCoupunList, { status: 'used' }, { token: u.token })).data.total).toBe(1);
    await t.call(WA.adminRefundBill, { bill_id: ret.id, reason: 'x' }, { token: staff });
    expect(await balanceOf(t, u.id)).toBe(10_000);
    await t.call(WA.adminRefundBill, { bill_id: p2.id, reason: 'x' }, { token: staff });
    expect((await t.call(W.getCoupunList, { status: 'unused' }, { token: u.token })).data.total).toBe(1);
    expect((await t.call(WA.adminReconcile, {}, { token: staff })).data.ok).toBe(true);
  });
});
