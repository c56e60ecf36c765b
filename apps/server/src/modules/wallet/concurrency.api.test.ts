import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, sgd } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { balanceOf, count, issueBill, key, makeUser, staffToken, topUp, createWalletTestApp } from './wallet.test-helpers.ts';

/**
 * Simultaneous requests. On PGlite they serialize; on PostgreSQL (DATABASE_URL) they really race
 * over the harness's 20 connections.
 */
const W = contract.wallet;
const WA = contract.walletAdmin;
const N = 200;
let t: TestApp;

beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

async function expectReconciled() {
  const r = await t.call(WA.adminReconcile, {}, { token: await staffToken(t, 'admin') });
  expect(r.data.ok, JSON.stringify(r.data)).toBe(true);
}

describe(`${N} simultaneous payments`, () => {
  it('of one bill from a balance covering one: exactly one succeeds, the rest get a clear error, no 5xx', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 1000);
    const bill = await issueBill(t, u.id, 1000);
    const results = await Promise.all(
      Array.from({ length: N }, () => t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token })),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(1);
    const codes = new Set(results.filter((r) => r.code !== 0).map((r) => r.code));
    expect([...codes]).toEqual([Code.BILL_NOT_PAYABLE]);
    expect(results.find((r) => r.code !== 0)!.msg).toBe('This order has already been paid or cancelled');
    expect(await balanceOf(t, u.id)).toBe(0);
    expect(await count(t, 'payments')).toBe(1);
    await expectReconciled();
  });

  it('of different bills with one coupon: the coupon is used once', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 1_000_000);
    const staff = await staffToken(t);
    const batch = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'S$3 off', name_zh: '减3', amount: '3', issue_mode: 'activity' },
      { token: staff },
    );
    const coupon = await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: u.token });
    const bills = [];
    for (let i = 0; i < N; i++) bills.push(await issueBill(t, u.id, 1000));
    const results = await Promise.all(
      bills.map((b) => t.call(W.orderPackPay, { bill_id: b.id, coupon_id: coupon.data.id, idempotency_key: key() }, { token: u.token })),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(1);
    expect(ok[0].data).toMatchObject({ discount: sgd(300), charged: sgd(700) });
    expect(new Set(results.filter((r) => r.code !== 0).map((r) => r.code))).toEqual(new Set([Code.COUPON_UNAVAILABLE]));
    expect(await balanceOf(t, u.id)).toBe(1_000_000 - 700);
    await expectReconciled();
  });

  it('of one bill with the same idempotency key: one payment, every answer is its outcome', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 5000);
    const bill = await issueBill(t, u.id, 1000);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: N }, () => t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: k }, { token: u.token })),
    );
    expect(results.filter((r) => r.code !== 0).map((r) => `${r.status} ${r.code} ${r.msg}`)).toEqual([]);
    expect(new Set(results.map((r) => r.data.payment_id)).size).toBe(1);
    expect(results.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(await balanceOf(t, u.id)).toBe(4000);
    await expectReconciled();
  });

  it('of overlapping sets of bills under one key: one payment, the rest told so, no deadlock and no 5xx', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 5000);
    const [a, b, c] = [await issueBill(t, u.id, 100), await issueBill(t, u.id, 200), await issueBill(t, u.id, 400)];
    // Requests naming different sets of the same bills race for one key (the key is claimed before any bill is
    // locked, in every request alike, so none can hold a bill while waiting for the key).
    const sets = [[a, b, c], [b], [c, a], [b, c]].map((set) => set.map((x) => x.id));
    const k = key();
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => t.call(W.ordersPay, { bill_ids: sets[i % sets.length], idempotency_key: k }, { token: u.token })),
    );
    expect(results.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.code} ${r.msg}`)).toEqual([]);
    const paid = results.filter((r) => r.code === 0);
    expect(new Set(paid.map((r) => r.data.payment_id)).size).toBe(1);
    expect(paid.filter((r) => !r.data.replayed)).toHaveLength(1);
    const refused = results.filter((r) => r.code !== 0).map((r) => r.code);
    expect(refused.every((code) => code === Code.IDEMPOTENCY_MISMATCH)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(await balanceOf(t, u.id)).toBe(5000 - paid[0].data.charged.amount_minor);
    await expectReconciled();
  });

  it('of many bills sharing one balance: never below zero, every success charged', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 5500); // covers a first bill and 10 of the 40
    // A first payment, alone, creates the ledger's system accounts: the 40 then race for the balance only.
    const first = await issueBill(t, u.id, 500);
    expect((await t.call(W.ordersPay, { bill_ids: [first.id], idempotency_key: key() }, { token: u.token })).code).toBe(0);
    const bills = [];
    for (let i = 0; i < 40; i++) bills.push(await issueBill(t, u.id, 500));
    const keys = bills.map(() => key());
    const results = await Promise.all(
      bills.map((b, i) => t.call(W.ordersPay, { bill_ids: [b.id], idempotency_key: keys[i] }, { token: u.token })),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.code !== 0).map((r) => r.code))).toEqual(new Set([Code.INSUFFICIENT_BALANCE]));
    expect(await balanceOf(t, u.id)).toBe(0);
    // A refusal leaves nothing behind, not even its key's claim (on PostgreSQL a payment whose ledger statement,
    // sent with the COMMIT, found the money gone is rolled back whole and refused on its second run).
    expect(await count(t, 'payments')).toBe(11);
    const refused = results.findIndex((r) => r.code !== 0);
    await topUp(t, u.id, 500);
    const again = await t.call(W.ordersPay, { bill_ids: [bills[refused].id], idempotency_key: keys[refused] }, { token: u.token });
    expect(again.code).toBe(0);
    expect(await balanceOf(t, u.id)).toBe(0);
    await expectReconciled();
  });

  it('claims of a limited activity coupon never exceed its quantity, one per person', async () => {
    const staff = await staffToken(t);
    const batch = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'freight', name_en: 'Voucher', name_zh: '券', amount: '5', issue_mode: 'activity', total_quantity: 5 },
      { token: staff },
    );
    const users = [];
    for (let i = 0; i < 12; i++) users.push(await makeUser(t));
    const results = await Promise.all(
      users.flatMap((u) => [u, u].map((x) => t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: x.token }))),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(5);
    expect(await count(t, 'user_coupons')).toBe(5);
  });

  it('refunds of every bill of one coupon payment, at once: all refunded, the coupon released once', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 10_000);
    const staff = await staffToken(t);
    const batch = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'S$6 off', name_zh: '减6', amount: '6', issue_mode: 'activity' },
      { token: staff },
    );
    const coupon = await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: u.token });
    const bills = [];
    for (let i = 0; i < 6; i++) bills.push(await issueBill(t, u.id, 500));
    const paid = await t.call(
      W.ordersPay,
      { bill_ids: bills.map((b) => b.id), coupon_id: coupon.data.id, idempotency_key: key() },
      { token: u.token },
    );
    expect(paid.data.charged.amount_minor).toBe(2400);
    const results = await Promise.all(
      bills.map((b) => t.call(WA.adminRefundBill, { bill_id: b.id, reason: 'all cancelled' }, { token: staff })),
    );
    expect(results.map((r) => r.code)).toEqual(bills.map(() => 0));
    expect(await balanceOf(t, u.id)).toBe(10_000);
    const mine = await t.call(W.getCoupunList, { status: 'unused' }, { token: u.token });
    expect(mine.data.list.map((c: { id: number }) => c.id)).toEqual([coupon.data.id]);
    await expectReconciled();
  });

  it('a refund releasing a coupon while payments try to use it: no deadlock, no 5xx, used at most once', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 100_000);
    const staff = await staffToken(t);
    const batch = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'S$2 off', name_zh: '减2', amount: '2', issue_mode: 'activity' },
      { token: staff },
    );
    const coupon = await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: u.token });
    const first = await issueBill(t, u.id, 1000);
    expect(
      (await t.call(W.orderPackPay, { bill_id: first.id, coupon_id: coupon.data.id, idempotency_key: key() }, { token: u.token })).code,
    ).toBe(0);
    const others = [];
    for (let i = 0; i < 30; i++) others.push(await issueBill(t, u.id, 1000));
    const [refund, ...pays] = await Promise.all([
      t.call(WA.adminRefundBill, { bill_id: first.id, reason: 'x' }, { token: staff }),
      ...others.map((b) =>
        t.call(W.orderPackPay, { bill_id: b.id, coupon_id: coupon.data.id, idempotency_key: key() }, { token: u.token }),
      ),
    ]);
    expect(refund.code, refund.msg).toBe(0);
    expect([...pays, refund].filter((r) => r.status >= 500)).toEqual([]);
    const used = pays.filter((r) => r.code === 0);
    expect(used.length).toBeLessThanOrEqual(1);
    expect(new Set(pays.filter((r) => r.code !== 0).map((r) => r.code))).toEqual(new Set([Code.COUPON_UNAVAILABLE]));
    await expectReconciled();
  });
});
