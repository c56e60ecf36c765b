import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, contract, sgd } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { DomainError } from '../../core/errors.ts';
import { balanceOf, count, createWalletTestApp, issueBill, key, makeUser, staffToken, topUp } from './wallet.test-helpers.ts';

/**
 * Payments sharing transactions (payment-batches.ts), on either database. One batch runs at a time here, so requests
 * sent together queue behind the first and are written together.
 */
const W = contract.wallet;
const WA = contract.walletAdmin;
let t: TestApp;

beforeAll(async () => {
  t = await createWalletTestApp({ env: { PAYMENT_BATCHES_IN_FLIGHT: '1' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  // A first payment, alone, creates the ledger's system accounts (a batch finding one missing is refused whole).
  const u = await makeUser(t);
  await topUp(t, u.id, 100);
  const bill = await issueBill(t, u.id, 100);
  expect((await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token })).code).toBe(0);
});

const stats = () => ({ ...t.services.billing.batchStats });

async function expectReconciled() {
  const r = await t.call(WA.adminReconcile, {}, { token: await staffToken(t, 'admin') });
  expect(r.data.ok, JSON.stringify(r.data)).toBe(true);
}

async function billRows(ids: number[]) {
  const r = (await t.services.db.execute(
    sql`select id, status, payment_id, paid_by_user_id, paid_gross_minor, paid_discount_minor from bills where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`,
  )) as unknown as {
    rows: {
      id: number;
      status: string;
      payment_id: number | null;
      paid_by_user_id: number | null;
      paid_gross_minor: string | null;
      paid_discount_minor: string | null;
    }[];
  };
  return r.rows;
}

describe('payments of many customers at once, batched', () => {
  it('each is paid once and charged its own amount, with its own coupon; repeats replay; the books balance', async () => {
    const staff = await staffToken(t);
    const batch = await t.call(
      WA.adminCouponBatchCreate,
      { kind: 'discount', name_en: 'S$1 off', name_zh: '减1', amount: '1', issue_mode: 'activity' },
      { token: staff },
    );
    type Bill = Awaited<ReturnType<typeof issueBill>>;
    const customers: { id: number; token: string; bills: Bill[]; coupon?: number; key: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const u = await makeUser(t);
      await topUp(t, u.id, 5000);
      // Every third pays two bills at once, every fourth with a coupon.
      const bills = [await issueBill(t, u.id, 1000 + i)];
      if (i % 3 === 0) bills.push(await issueBill(t, u.id, 200));
      const coupon =
        i % 4 === 0 ? (await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: u.token })).data.id : undefined;
      customers.push({ ...u, bills, coupon, key: key() });
    }
    // A first coupon payment, alone, creates the coupons' system account (as the warm-up did the bills').
    const first = await makeUser(t);
    await topUp(t, first.id, 1000);
    const firstCoupon = (await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: first.token })).data.id;
    await t.services.billing.pay(first.id, {
      billIds: [(await issueBill(t, first.id, 500)).id],
      couponId: firstCoupon,
      idempotencyKey: key(),
    });
    // Made in the same turn, they reach the batcher together: a batch of 16 (the batch size), then one of 8.
    const before = stats();
    const results = await Promise.all(
      customers.map((c) => t.services.billing.pay(c.id, { billIds: c.bills.map((b) => b.id), couponId: c.coupon, idempotencyKey: c.key })),
    );
    // (A call may still reach it a turn later, after a read of the settings, and start a batch of its own.)
    expect(stats().together - before.together).toBeGreaterThan(customers.length / 2);
    expect(stats().again).toBe(before.again);

    for (const [i, c] of customers.entries()) {
      const total = c.bills.reduce((a, b) => a + b.amountMinor, 0);
      const discount = c.coupon ? 100 : 0;
      expect(results[i]).toMatchObject({
        bill_ids: c.bills.map((b) => b.id),
        total_minor: total,
        discount_minor: discount,
        charged_minor: total - discount,
        balance_after_minor: 5000 - total + discount,
        replayed: false,
      });
      expect(await balanceOf(t, c.id)).toBe(5000 - total + discount);
      const rows = await billRows(c.bills.map((b) => b.id));
      expect(rows.map((r) => [r.status, r.payment_id, r.paid_by_user_id])).toEqual(rows.map(() => ['paid', results[i].payment_id, c.id]));
      expect(rows.reduce((a, r) => a + Number(r.paid_gross_minor) - Number(r.paid_discount_minor), 0)).toBe(total - discount);
    }
    expect(new Set(results.map((r) => r.payment_id)).size).toBe(customers.length);
    expect(await count(t, 'payments')).toBe(customers.length + 2);
    const used = (await t.services.db.execute(sql`select count(*)::int as n from user_coupons where status = 'used'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(used.rows[0].n).toBe(customers.filter((c) => c.coupon).length + 1);

    // The same requests again, from the app: each answers its payment, nothing moves.
    const again = await Promise.all(
      customers.map((c) =>
        t.call(W.ordersPay, { bill_ids: c.bills.map((b) => b.id), coupon_id: c.coupon, idempotency_key: c.key }, { token: c.token }),
      ),
    );
    expect(again.map((r) => [r.code, r.data.payment_id, r.data.replayed])).toEqual(results.map((r) => [0, r.payment_id, true]));
    expect(await count(t, 'payments')).toBe(customers.length + 2);
    await expectReconciled();
  });

  it('one payment of a batch refused: the others are paid, each refusal is its own, and leaves nothing behind', async () => {
    const customers = [];
    for (let i = 0; i < 16; i++) {
      const u = await makeUser(t);
      await topUp(t, u.id, i === 5 ? 500 : 3000);
      customers.push({ ...u, bill: await issueBill(t, u.id, 1000) });
    }
    // 5 has too little; 9 names 10's bill; 12's bill was paid before.
    const stranger = customers[10].bill.id;
    expect(
      (await t.call(W.orderPackPay, { bill_id: customers[12].bill.id, idempotency_key: key() }, { token: customers[12].token })).code,
    ).toBe(0);
    const before = stats();
    const outcomes = await Promise.all(
      customers.map((c, i) =>
        t.services.billing.pay(c.id, { billIds: [i === 9 ? stranger : c.bill.id], idempotencyKey: key() }).then(
          () => ({ code: 0, data: null as unknown }),
          (e: DomainError) => ({ code: e.code, data: e.data }),
        ),
      ),
    );
    expect(outcomes.map((o) => o.code)).toEqual(
      customers.map((_, i) =>
        i === 5 ? Code.INSUFFICIENT_BALANCE : i === 9 ? Code.OBJECT_NOT_FOUND : i === 12 ? Code.BILL_NOT_PAYABLE : 0,
      ),
    );
    expect(outcomes[5].data).toMatchObject({ shortfall: sgd(500) });
    // A batch holding 5, 9 or 12 was refused whole, and its payments ran again alone.
    expect(stats().again).toBeGreaterThan(before.again);
    for (const [i, c] of customers.entries()) {
      expect(await balanceOf(t, c.id)).toBe(i === 5 ? 500 : i === 9 ? 3000 : 2000);
    }
    // The refused left no claim: 1 warm-up, 1 earlier payment of 12's bill, 13 paid now.
    expect(await count(t, 'payments')).toBe(15);
    await expectReconciled();
  });

  it("tells the owners' handler once for a batch's bills, and a refusal by the handler refuses only its own payment", async () => {
    const calls: number[][] = [];
    let refuse = -1;
    t.services.billing.onPaidMany('return', async (_tx, bills) => {
      calls.push(bills.map((b) => b.id));
      if (bills.some((b) => b.refId === refuse)) throw new DomainError('PACK_STATE');
    });
    try {
      type Customer = Awaited<ReturnType<typeof makeUser>> & { bill: Awaited<ReturnType<typeof issueBill>> };
      const customers: Customer[] = [];
      for (let i = 0; i < 8; i++) {
        const u = await makeUser(t);
        await topUp(t, u.id, 1000);
        customers.push({ ...u, bill: await issueBill(t, u.id, 100, { kind: 'return' }) });
      }
      const payAll = (of: Customer[]) =>
        Promise.all(
          of.map((c) =>
            t.services.billing.pay(c.id, { billIds: [c.bill.id], idempotencyKey: key() }).then(
              (r) => r.charged_minor,
              (e: DomainError) => e.code,
            ),
          ),
        );
      const before = stats();
      // Payments that went together were told together: fewer calls than payments, each bill once, each call in id order.
      const ids = (of: Customer[]) => of.map((c) => c.bill.id);
      expect(await payAll(customers.slice(0, 4))).toEqual([100, 100, 100, 100]);
      expect(stats().together - before.together).toBeGreaterThan(1);
      expect(calls.length).toBeLessThan(4);
      for (const call of calls) expect(call).toEqual([...call].sort((x, y) => x - y));
      expect(calls.flat().sort((x, y) => x - y)).toEqual(ids(customers.slice(0, 4)));

      calls.length = 0;
      refuse = customers[6].bill.refId;
      expect(await payAll(customers.slice(4))).toEqual([100, 100, Code.PACK_STATE, 100]);
      // A batch holding 6 (it usually shares one) was refused whole by the handler, then each of its payments ran
      // alone and got its own answer.
      const refused = calls.find((c) => c.includes(customers[6].bill.id))!;
      expect(stats().again - before.again).toBe(refused.length > 1 ? refused.length : 0);
      for (const id of refused) expect(calls).toContainEqual([id]);
      expect((await billRows([customers[6].bill.id]))[0].status).toBe('unpaid');
      expect(await balanceOf(t, customers[6].id)).toBe(1000);
      await expectReconciled();
    } finally {
      t.services.billing.onPaid('return', async () => {});
    }
  });

  it('requests made in the same turn go together, up to the batch size, in the order they came', async () => {
    const customers = [];
    for (let i = 0; i < 20; i++) {
      const u = await makeUser(t);
      await topUp(t, u.id, 1000);
      customers.push({ ...u, bill: await issueBill(t, u.id, 100 + i) });
    }
    // The same payer twice cannot share a batch: its second payment waits for a later one.
    const second = await issueBill(t, customers[0].id, 50);
    const before = stats();
    const results = await Promise.all([
      ...customers.map((c) => t.services.billing.pay(c.id, { billIds: [c.bill.id], idempotencyKey: key() })),
      t.services.billing.pay(customers[0].id, { billIds: [second.id], idempotencyKey: key() }),
    ]);
    // 16 (the batch size) together, then the other 4 with customer 0's second payment (one batch, or two at once).
    expect(stats().together - before.together).toBeGreaterThan(16);
    expect(stats().again).toBe(before.again);
    expect(results.map((r) => r.charged_minor)).toEqual([...customers.map((_, i) => 100 + i), 50]);
    expect(results.map((r) => r.balance_after_minor)).toEqual([1000 - 100, ...customers.slice(1).map((_, i) => 1000 - 101 - i), 850]);
    await expectReconciled();
  });
});
