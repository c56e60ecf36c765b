import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';
import { DomainError } from '../../core/errors.ts';
import { reconcile } from './ledger.ts';
import { issueBill, makeUser, topUp, createWalletTestApp } from './wallet.test-helpers.ts';

/**
 * Random sequences of top-ups, payments (with and without coupons), refunds and staff adjustments
 * against a plain model. After every step each balance equals the model, equals the sum of its ledger
 * entries, and is not negative; the whole ledger sums to zero.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});

type Op =
  | { op: 'topup'; who: number; amount: number }
  | { op: 'pay'; who: number; amount: number; coupon: boolean }
  | { op: 'refund'; pick: number }
  | { op: 'grant'; who: number; amount: number }
  | { op: 'adjust'; who: number; amount: number }
  | { op: 'repay'; pick: number };

const who = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1, max: 5000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('topup' as const), who, amount }),
  fc.record({ op: fc.constant('pay' as const), who, amount, coupon: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('grant' as const), who, amount }),
  fc.record({ op: fc.constant('adjust' as const), who, amount: fc.integer({ min: -3000, max: 3000 }).filter((n) => n !== 0) }),
  fc.record({ op: fc.constant('repay' as const), pick: fc.nat() }),
);

interface ModelBill {
  id: number;
  owner: number;
  charged: number;
  coupon: number | null;
  state: 'paid' | 'refunded';
}

async function storedAndEntries(userId: number) {
  const r = (await t.services.db.execute(sql`
    select a.balance_minor::bigint as stored, coalesce(sum(e.amount_minor), 0)::bigint as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.user_id = ${userId} group by a.id`)) as unknown as { rows: { stored: string; entries: string }[] };
  const row = r.rows[0];
  return row ? { stored: Number(row.stored), entries: Number(row.entries) } : { stored: 0, entries: 0 };
}

describe('ledger model', () => {
  it('balances always equal the model and their entries, and never go below zero', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        run += 1;
        await t.reset();
        const users = [await makeUser(t), await makeUser(t)];
        const balance = [0, 0];
        const coupons: { id: number; owner: number; amount: number; used: boolean }[] = [];
        const bills: ModelBill[] = [];
        let k = 0;
        for (const o of ops) {
          k += 1;
          if (o.op === 'topup') {
            await topUp(t, users[o.who].id, o.amount);
            balance[o.who] += o.amount;
          } else if (o.op === 'grant') {
            const b = await t.services.coupons.createBatch(
              {
                kind: 'discount',
                name_en: 'p',
                name_zh: 'p',
                discount_type: 'amount',
                amount: o.amount,
                min_volume: '0',
                min_amount: '0',
                issue_mode: 'activity',
                valid_days: 30,
              },
              null,
            );
            const c = await t.services.coupons.claim(users[o.who].id, b.id, 'en');
            coupons.push({ id: c.id, owner: o.who, amount: o.amount, used: false });
          } else if (o.op === 'pay') {
            const bill = await issueBill(t, users[o.who].id, o.amount);
            const coupon = o.coupon ? coupons.find((c) => c.owner === o.who && !c.used) : undefined;
            const discount = coupon ? Math.min(coupon.amount, o.amount) : 0;
            const charged = o.amount - discount;
            try {
              const r = await t.services.billing.pay(users[o.who].id, {
                billIds: [bill.id],
                couponId: coupon?.id,
                idempotencyKey: `prop-${run}-${k}`,
              });
              expect(balance[o.who] >= charged, 'paid without enough balance').toBe(true);
              expect(r.charged_minor).toBe(charged);
              balance[o.who] -= charged;
              if (coupon) coupon.used = true;
              bills.push({ id: bill.id, owner: o.who, charged, coupon: coupon?.id ?? null, state: 'paid' });
              // A retry with the same key changes nothing.
              const again = await t.services.billing.pay(users[o.who].id, {
                billIds: [bill.id],
                couponId: coupon?.id,
                idempotencyKey: `prop-${run}-${k}`,
              });
              expect(again.replayed).toBe(true);
            } catch (e) {
              expect(e).toBeInstanceOf(DomainError);
              expect((e as DomainError).name).toBe('INSUFFICIENT_BALANCE');
              expect(balance[o.who] < charged).toBe(true);
            }
          } else if (o.op === 'refund') {
            const paid = bills.filter((b) => b.state === 'paid');
            if (!paid.length) continue;
            const b = paid[o.pick % paid.length];
            await t.services.db.transaction((tx) => t.services.billing.refundBill(tx, b.id, 'prop'));
            b.state = 'refunded';
            balance[b.owner] += b.charged;
            const c = coupons.find((x) => x.id === b.coupon);
            if (c) c.used = false;
          } else if (o.op === 'repay') {
            // Paying an already paid or refunded bill again never moves money.
            if (!bills.length) continue;
            const b = bills[o.pick % bills.length];
            await expect(
              t.services.billing.pay(users[b.owner].id, { billIds: [b.id], idempotencyKey: `prop-${run}-${k}-re` }),
            ).rejects.toThrow(DomainError);
          } else if (o.op === 'adjust') {
            try {
              await t.services.wallet.adjust(1, {
                user_id: users[o.who].id,
                amount: o.amount,
                reason: 'prop',
                idempotency_key: `adj-${run}-${k}`,
              });
              expect(balance[o.who] + o.amount >= 0).toBe(true);
              balance[o.who] += o.amount;
            } catch (e) {
              expect((e as DomainError).name).toBe('INSUFFICIENT_BALANCE');
              expect(balance[o.who] + o.amount < 0).toBe(true);
            }
          }
          for (let i = 0; i < 2; i++) {
            const s = await storedAndEntries(users[i].id);
            expect(s.stored).toBe(balance[i]);
            expect(s.entries).toBe(balance[i]);
            expect(s.stored).toBeGreaterThanOrEqual(0);
          }
        }
        const rec = await reconcile(t.services.db);
        expect(rec.ok, JSON.stringify(rec)).toBe(true);
        // Coupons the model thinks are used are exactly those the database marks used.
        const used = (await t.services.db.execute(sql`select id from user_coupons where status = 'used' order by id`)) as unknown as {
          rows: { id: number }[];
        };
        expect(used.rows.map((r) => r.id)).toEqual(
          coupons
            .filter((c) => c.used)
            .map((c) => c.id)
            .sort((a, b) => a - b),
        );
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
  }, 300_000);
});
