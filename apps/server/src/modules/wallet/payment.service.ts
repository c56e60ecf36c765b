import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sgd } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { SettingsService } from '../system/index.ts';
import { noGroups, type WalletGroupsPort } from './groups.port.ts';
import type { BillHooks } from './bill-hooks.ts';
import { couponDiscount, type PricedBill } from './coupon.rules.ts';
import { formatMinor, LedgerNotMovedError, postTransaction, toWalletMinor, walletBalance } from './ledger.ts';
import { claimOf, PaymentBatches, type Paid, type PayJob } from './payment-batches.ts';
import { isExpired, rowToBill, type BillRow } from './bill-row.ts';
import { couponBatches, payments, userCoupons } from './wallet.schema.ts';
import type { PaymentResult, PayRequest } from './payment-result.ts';
import { claimAndLockBills, claimPayment, markBillsPaid, markPaymentSucceeded } from './payment.statements.ts';
import { retryTransient } from '../../db/transient-error.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/**
 * Payments of bills from the payer's balance, through one `pay`. Every payment is one DB transaction: the
 * idempotency row, bill locks (id order), the coupon, the wallet lock, the ledger transaction and the owning
 * modules' onPaid handlers commit together or not at all. With batching on, payments arriving while others are
 * being written share one transaction (payment-batches.ts); a deadlocked one runs again (retryTransient).
 */
export class PaymentService {
  private readonly batches: PaymentBatches | null;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly hooks: BillHooks,
    /** Group facts (who may pay for whom) are the groups module's. */
    private readonly groups: WalletGroupsPort = noGroups,
    batching: { maxSize: number; maxInFlight: number } | null = null,
  ) {
    this.batches = batching
      ? new PaymentBatches(
          db,
          {
            alone: (job) => this.payAlone(job),
            ready: (...step) => this.paidInTx(...step),
            billsPaid: (tx, bills) => this.hooks.billsPaid(tx, bills),
          },
          batching,
        )
      : null;
  }

  get batchStats() {
    return this.batches?.stats ?? { together: 0, alone: 0, again: 0 };
  }

  static requestHash(req: PayRequest) {
    const ids = [...new Set(req.billIds)].sort((a, b) => a - b);
    return createHash('sha256')
      .update(JSON.stringify({ op: 'pay', bills: ids, coupon: req.couponId ?? null }))
      .digest('hex');
  }

  /**
   * Pays bills from the payer's balance. The (payer, idempotency key) row is claimed first: a concurrent
   * twin waits on it and then reads the committed outcome; a failure rolls the claim back with everything
   * else, so nothing is half-written and a retry tries afresh.
   */
  async pay(payerId: number, req: PayRequest): Promise<PaymentResult> {
    const rate = (await this.settings.get()).exchange_rate;
    const ids = [...new Set(req.billIds)].sort((a, b) => a - b);
    const job: PayJob = { payerId, ids, req, hash: PaymentService.requestHash(req), rate };
    return this.batches && ids.length ? this.batches.submit(job) : this.payAlone(job);
  }

  /** One payment in its own transaction. */
  private async payAlone(job: PayJob): Promise<PaymentResult> {
    const { payerId, req, hash } = job;
    // A payment's handlers lock rows other payments lock too (its owners' parcels and counts): the one PostgreSQL
    // ends in a deadlock wrote nothing and runs again.
    const attempt = (commitWithLedger: boolean) =>
      retryTransient(() => this.db.transaction(async (tx) => this.payInTx(tx, job, commitWithLedger)));
    try {
      // The ledger's statement goes out with the COMMIT (PostgreSQL): the wallet's row lock is held for that
      // one round trip. If it could not move the wallet, everything was rolled back and the payment runs
      // again the ordinary way, where the general path refuses or creates what is missing.
      return await attempt(true).catch((e: unknown) => {
        if (e instanceof LedgerNotMovedError) return attempt(false);
        throw e;
      });
    } catch (e) {
      // PGlite and PostgreSQL both end a twin that lost the insert race here only if the first
      // transaction committed between our lookup and insert; its outcome is then readable.
      if (isUniqueViolation(e)) return this.replay(payerId, req.idempotencyKey, hash);
      throw e;
    }
  }

  private async replay(payerId: number, key: string, hash: string): Promise<PaymentResult> {
    return this.outcomeOfKey(this.db, payerId, key, hash);
  }

  /** What an earlier payment with this key answers: its result, a mismatch, or "still in progress". */
  private async outcomeOfKey(db: Tx, payerId: number, key: string, hash: string): Promise<PaymentResult> {
    const [existing] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.payerUserId, payerId), eq(payments.idempotencyKey, key)));
    if (!existing) throw new DomainError('PAYMENT_IN_PROGRESS');
    if (existing.requestHash !== hash) throw new DomainError('IDEMPOTENCY_MISMATCH');
    if (existing.status !== 'succeeded' || !existing.result) throw new DomainError('PAYMENT_IN_PROGRESS');
    return { ...(existing.result as PaymentResult), replayed: true };
  }

  private async payInTx(tx: Tx, job: PayJob, commitWithLedger: boolean): Promise<PaymentResult> {
    const { payerId, ids, req, hash } = job;
    const claim = claimOf(job);
    if (!ids.length) {
      if (!(await claimPayment(tx).execute(claim)).length) return this.outcomeOfKey(tx, payerId, req.idempotencyKey, hash);
      throw new DomainError('NO_PAYABLE_BILLS');
    }
    // The key claimed, then the bills locked in id order with the payer's balance (see payment.statements.ts).
    const locked = await claimAndLockBills(tx).execute({ ...claim, ids });
    if (!locked.length) {
      // None of the ids is a bill. A pending payment with this key is our own claim (a committed one is never
      // pending), rolled back with the refusal; otherwise an earlier payment answers, as for any repeated key.
      const [own] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.payerUserId, payerId), eq(payments.idempotencyKey, req.idempotencyKey)));
      if (!own || own.status === 'pending') throw new DomainError('OBJECT_NOT_FOUND');
      return this.outcomeOfKey(tx, payerId, req.idempotencyKey, hash);
    }
    const paymentId = locked[0].claimed;
    if (paymentId === null) return this.outcomeOfKey(tx, payerId, req.idempotencyKey, hash);
    const rows = locked.map((l) => l.bill);
    if (rows.length !== ids.length) throw new DomainError('OBJECT_NOT_FOUND');
    const ready = await this.paidInTx(tx, job, paymentId, rows, Number(locked[0].balance ?? 0), new Date());
    await this.hooks.billsPaid(tx, ready.bills);
    // Nothing below reads or writes the database once the ledger statement committed (balances has the payer's).
    const posted = await postTransaction(tx, ready.input, ready.also, { last: commitWithLedger });
    const balanceAfter = posted.balances.get(payerId) ?? (await walletBalance(tx, payerId));
    return { ...ready.base, balance_after_minor: balanceAfter };
  }

  /**
   * A claimed payment with its bills locked: checks it (who may pay, bill states, expiry, the coupon, the balance
   * as read) and returns the bills as paid and what the ledger posts; the caller runs the owners' handlers with
   * the bills (a batch: once for all its payments), then posts.
   */
  private async paidInTx(tx: Tx, job: PayJob, paymentId: number, rows: BillRow[], balanceNow: number, now: Date): Promise<Paid> {
    const { payerId, ids, req, rate } = job;
    // Others' bills are checked as one set (the group rule, then each kind's veto): a few statements per payment,
    // not a few per bill.
    const others = rows.filter((r) => r.userId !== payerId).map((r) => rowToBill(r));
    if (others.length) {
      const allowed = await this.groups.mayPayForAll(tx, payerId, others);
      if (others.some((b) => !allowed.has(b.id))) throw new DomainError('OBJECT_NOT_FOUND');
    }
    const unpaid = rows.filter((r) => r.status === 'unpaid');
    if (!unpaid.length) throw new DomainError(rows.length === 1 ? 'BILL_NOT_PAYABLE' : 'NO_PAYABLE_BILLS');
    if (unpaid.length !== rows.length) throw new DomainError('BILL_NOT_PAYABLE');
    if (rows.some((r) => isExpired(r, now))) throw new DomainError('BILL_EXPIRED');
    if (others.length && !(await this.hooks.mayPayOnBehalf(tx, others))) throw new DomainError('PAY_ON_BEHALF_REFUSED');

    const priced: PricedBill[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      volumeMilli: r.volumeMilli,
      grossMinor: toWalletMinor(r.currency, r.amountMinor, rate),
    }));
    const total = priced.reduce((a, b) => a + b.grossMinor, 0);

    let discount = 0;
    let perBill = new Map<number, number>();
    if (req.couponId) {
      const [held] = await tx
        .select({ c: userCoupons, b: couponBatches })
        .from(userCoupons)
        .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
        .where(eq(userCoupons.id, req.couponId))
        .for('update', { of: userCoupons });
      if (!held || held.c.userId !== payerId || held.c.status !== 'unused' || held.c.expiresAt.getTime() <= now.getTime()) {
        throw new DomainError('COUPON_UNAVAILABLE');
      }
      const verdict = couponDiscount(held.b, priced);
      if (!verdict.ok) throw new DomainError('COUPON_NOT_APPLICABLE', { reason: verdict.reason.en }, { reason: verdict.reason });
      discount = verdict.discountMinor;
      perBill = verdict.perBill;
      await tx.update(userCoupons).set({ status: 'used', paymentId, usedAt: now }).where(eq(userCoupons.id, req.couponId));
    }
    const charged = total - discount;

    // A refusal is decided before any owner's handler runs (a read, no lock); the guarded UPDATE below
    // stays the real guard against a concurrent payment from the same balance.
    if (balanceNow < charged) {
      const shortfall = charged - balanceNow;
      throw new DomainError(
        'INSUFFICIENT_BALANCE',
        { shortfall: formatMinor(shortfall) },
        { shortfall: sgd(shortfall), balance: sgd(balanceNow), charge: sgd(charged) },
      );
    }
    // The owners' changes (the caller's) come first; the bills are marked paid, the payer's balance moved (one
    // guarded UPDATE) and the payment marked succeeded last, in the ledger's one statement, so the balance's row
    // lock is held only for what remains of the transaction (that statement and COMMIT).
    const paidAt = now.toISOString();
    const owners = new Set(rows.map((r) => r.userId));
    const memo = owners.size > 1 || !owners.has(payerId) ? `pay on behalf: bills ${ids.join(',')}` : `bills ${ids.join(',')}`;
    const base = {
      payment_id: paymentId,
      bill_ids: ids,
      currency: 'SGD' as const,
      total_minor: total,
      discount_minor: discount,
      charged_minor: charged,
      coupon_id: req.couponId ?? null,
      exchange_rate: rate,
      paid_at: now.toISOString(),
      replayed: false,
    };
    // The payment is marked succeeded, with the result a repeated key replays, in the ledger's own statement.
    return {
      base,
      bills: rows.map((r) => rowToBill({ ...r, status: 'paid', paidAt: now })),
      input: {
        type: 'payment',
        userId: payerId,
        memo,
        paymentId,
        postings: [
          { wallet: payerId, amountMinor: -charged },
          { system: 'expense:coupons', amountMinor: -discount },
          { system: 'revenue:bills', amountMinor: total },
        ],
      },
      also: {
        shape: 'payment',
        values: {
          payment: paymentId,
          payer: payerId,
          paid_at: paidAt,
          bills: JSON.stringify(priced.map((p) => ({ id: p.id, gross: p.grossMinor, discount: perBill.get(p.id) ?? 0 }))),
          total,
          discount,
          charged,
          coupon: req.couponId ?? null,
          result: JSON.stringify(base),
        },
        build: (refs, v) => [markBillsPaid(v, refs.moved), markPaymentSucceeded(v, refs)],
      },
    };
  }
}
