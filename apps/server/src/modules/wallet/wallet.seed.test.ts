import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, sgd } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';
import { reconcile } from './ledger.ts';
import { DEMO_COUPON_CODE } from './wallet.seed.ts';

const W = contract.wallet;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo wallet data', () => {
  it('gives the demo customer a balance by a real top-up, activity coupons to claim and a code to redeem', async () => {
    await t.services.staff.ensureAdmin('pinyou-admin', false);
    expect(await seedDemo(t.services, t.modules)).toBe(true);
    const login = await t.call(contract.account.login, { account: 'demo', password: 'demo1234' });
    const token = login.data.token;
    const tx = await t.call(W.getTransactionList, {}, { token });
    // The parcels demo data pays for one shipped pack by auto-pay from this balance.
    const shipped = await t.call(contract.parcels.getUserPackList, { status: 'shipped' }, { token });
    const spent = (shipped.data.list as Array<{ amount: { amount_minor: number } }>).reduce((sum, p) => sum + p.amount.amount_minor, 0);
    expect(tx.data.balance).toEqual(sgd(20_000 - spent));
    expect(tx.data.list).toContainEqual(expect.objectContaining({ type: 'topup', amount: sgd(20_000), balance_after: sgd(20_000) }));
    const recharges = await t.call(W.getRechargeOrderList, {}, { token });
    expect(recharges.data.list[0]).toMatchObject({ method: 'paynow', status: 'paid' });
    const unclaimed = await t.call(W.showUnclaimedActivityCouponList, {}, { token });
    expect(unclaimed.data.list).toHaveLength(3);
    expect((await t.call(W.claimeActivityCoupon, { batch_id: unclaimed.data.list[0].batch_id }, { token })).code).toBe(0);
    const redeemed = await t.call(W.useCoupunCode, { code: DEMO_COUPON_CODE }, { token });
    expect(redeemed.code, redeemed.msg).toBe(0);
    expect((await reconcile(t.services.db)).ok).toBe(true);
  });
});
