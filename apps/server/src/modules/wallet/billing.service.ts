import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { money, sgd, type BillView, type Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import type { SettingsService } from '../system/index.ts';
import type {
  Bill,
  BillingPort,
  BillKind,
  BillPaidHandler,
  BillRefundedHandler,
  IssueBillInput,
  PayOnBehalfCheck,
} from './billing.port.ts';
import { noGroups, type WalletGroupsPort } from './groups.port.ts';
import { batchName, claimableView, couponDiscount, couponFit, couponView, type PricedBill } from './coupon.rules.ts';
import { unclaimedBatches } from './coupon.service.ts';
import { postCompensationEntry, postRewardEntry } from './reward-ledger.ts';
import { formatMinor, LedgerNotMovedError, postTransaction, toWalletMinor, walletBalance } from './ledger.ts';
import { claimOf, PaymentBatches, type Paid, type PayJob } from './payment-batches.ts';
import { isExpired, rowToBill, type BillRow } from './bill-row.ts';
import { bills, couponBatches, payments, userCoupons } from './wallet.schema.ts';
import type { PaymentResult, PayRequest } from './payment-result.ts';
import { claimAndLockBills, claimPayment, markBillsPaid, markPaymentSucceeded } from './payment.statements.ts';
import { retryTransient } from '../../db/transient-error.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/**
 * Bills and payments from the balance. Every payment is one DB transaction: the idempotency row,
 * bill locks (id order), the coupon, the wallet lock, the ledger transaction and the owning modules'
 * onPaid handlers commit together or not at all.
 */
export class BillingService implements BillingPort {
  private paidHandlers = new Map<BillKind, BillPaidHandler>();
  private refundedHandlers = new Map<BillKind, BillRefundedHandler>();
  private refundListeners: BillRefundedHandler[] = [];
  private behalfChecks = new Map<BillKind, PayOnBehalfCheck>();

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** Group facts (who may pay for whom) are the groups module's. */
    private readonly groups: WalletGroupsPort = noGroups,
    /** Notices and timed follow-ups of a new bill (wallet.jobs.ts), inside the issuing transaction. */
    private readonly onIssued: ((tx: Tx, bill: Bill) => Promise<void>) | null = null,
  ) {}

  // ---- port ----

  onPaid(kind: BillKind, handler: BillPaidHandler) {
    this.paidHandlers.set(kind, handler);
  }
  onRefunded(kind: BillKind, handler: BillRefundedHandler) {
    this.refundedHandlers.set(kind, handler);
  }
  canPayOnBehalf(kind: BillKind, check: PayOnBehalfCheck) {
    this.behalfChecks.set(kind, check);
  }
  onAnyRefunded = (handler: BillRefundedHandler) => void this.refundListeners.push(handler);
  postReward = (tx: Tx, input: { userId: number; amountMinor: number; memo: string }) => postRewardEntry(tx, input);
  compensate: BillingPort['compensate'] = (tx, input) => postCompensationEntry(tx, input);

  async issueBill(tx: Tx, input: IssueBillInput): Promise<Bill> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new Error('a bill amount must be a positive integer of minor units');
    if (input.lines.length && input.lines.reduce((a, l) => a + l.amountMinor, 0) !== input.amountMinor)
      throw new Error('bill lines must add up to the bill amount');
    const [live] = await tx
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.kind, input.kind), eq(bills.refId, input.refId), inArray(bills.status, ['unpaid', 'paid'])));
    if (live) throw new Error(`a live ${input.kind} bill for ${input.refId} exists (bill ${live.id}); cancel it first`);
    const [row] = await tx
      .insert(bills)
      .values({
        userId: input.userId,
        kind: input.kind,
        refId: input.refId,
        currency: input.currency,
        amountMinor: input.amountMinor,
        lines: input.lines,
        description: input.description,
        payBefore: input.payBefore ?? null,
        groupId: input.groupId ?? null,
        volumeMilli: Math.round((input.volumeCbm ?? 0) * 1000),
      })
      .returning();
    const bill = rowToBill(row);
    await this.onIssued?.(tx, bill);
    return bill;
  }

  async afterIssued(billId: number): Promise<void> {
    try {
      const [row] = await this.db.select().from(bills).where(eq(bills.id, billId));
      if (!row || row.status !== 'unpaid' || isExpired(row)) return;
      await this.tryAutoPay(row);
    } catch {
      // Auto-pay is a convenience: a bill it cannot pay stays unpaid for the customer to pay.
    }
  }

  /** Pays the user's unpaid bills, oldest first, while the balance covers them (after a top-up). */
  async autoPayOutstanding(userId: number): Promise<void> {
    try {
      const rows = await this.db
        .select()
        .from(bills)
        .where(and(eq(bills.userId, userId), eq(bills.status, 'unpaid'), or(isNull(bills.payBefore), gt(bills.payBefore, new Date()))))
        .orderBy(asc(bills.id));
      for (const row of rows) await this.tryAutoPay(row);
    } catch {
      // as above
    }
  }

  private async tryAutoPay(row: BillRow) {
    const owner = await accountPort.findUser(this.db, row.userId);
    if (!owner?.isAutoPay) return;
    const rate = (await this.settings.get()).exchange_rate;
    const due = toWalletMinor(row.currency, row.amountMinor, rate);
    if ((await walletBalance(this.db, row.userId)) < due) return;
    try {
      await this.pay(row.userId, { billIds: [row.id], idempotencyKey: `auto-bill-${row.id}`, auto: true });
    } catch {
      // Someone paid it first, or the balance moved: leave it.
    }
  }

  async cancelBill(tx: Tx, billId: number): Promise<void> {
    const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.status === 'cancelled') return;
    if (row.status !== 'unpaid') throw new DomainError('BILL_NOT_PAYABLE');
    await tx.update(bills).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bills.id, billId));
  }

  async setPayBefore(tx: Tx, billId: number, payBefore: Date): Promise<void> {
    await tx
      .update(bills)
      .set({ payBefore })
      .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')));
  }

  async refundBill(tx: Tx, billId: number, reason: string): Promise<void> {
    // Every bill of the payment is locked (id order, as payments lock), so two refunds of one payment's
    // bills see each other and the last one releases the coupon.
    const [peek] = await tx.select({ paymentId: bills.paymentId }).from(bills).where(eq(bills.id, billId));
    if (!peek) throw new DomainError('OBJECT_NOT_FOUND');
    const locked = await tx
      .select()
      .from(bills)
      .where(peek.paymentId ? eq(bills.paymentId, peek.paymentId) : eq(bills.id, billId))
      .orderBy(asc(bills.id))
      .for('update');
    const row = locked.find((b) => b.id === billId);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.paymentId !== peek.paymentId) return this.refundBill(tx, billId, reason);
    if (row.status !== 'paid' || !row.paymentId || !row.paidByUserId) throw new DomainError('BILL_NOT_REFUNDABLE');
    const gross = row.paidGrossMinor ?? 0;
    const discount = row.paidDiscountMinor ?? 0;
    // The coupon comes back once nothing of its payment stands. It is released before the wallet is
    // touched so locks are always taken bill -> coupon -> wallet, the order payments use.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId));
    if (payment?.couponId) {
      if (!locked.some((b) => b.id !== row.id && b.status === 'paid')) {
        await tx
          .update(userCoupons)
          .set({ status: 'unused', paymentId: null, usedAt: null })
          .where(and(eq(userCoupons.id, payment.couponId), eq(userCoupons.paymentId, payment.id)));
      }
    }
    await postTransaction(tx, {
      type: 'refund',
      userId: row.paidByUserId,
      memo: reason,
      paymentId: row.paymentId,
      postings: [
        { wallet: row.paidByUserId, amountMinor: gross - discount },
        { system: 'expense:coupons', amountMinor: discount },
        { system: 'revenue:bills', amountMinor: -gross },
      ],
    });
    await tx.update(bills).set({ status: 'refunded', refundedAt: new Date(), refundReason: reason }).where(eq(bills.id, billId));
    const handler = this.refundedHandlers.get(row.kind as BillKind);
    if (handler) await handler(tx, rowToBill({ ...row, status: 'refunded' }));
    for (const listener of this.refundListeners) await listener(tx, rowToBill({ ...row, status: 'refunded' }));
  }

  async findBill(tx: Tx, kind: BillKind, refId: number): Promise<Bill | null> {
    const [row] = await tx
      .select()
      .from(bills)
      .where(and(eq(bills.kind, kind), eq(bills.refId, refId)))
      .orderBy(desc(bills.id))
      .limit(1);
    return row ? rowToBill(row) : null;
  }

  // ---- reading ----

  async billView(tx: Tx, row: BillRow, lang: Language, rate: string): Promise<BillView> {
    const owner = await accountPort.findUser(tx, row.userId);
    const currency = row.currency as Bill['currency'];
    return {
      id: row.id,
      kind: row.kind as BillView['kind'],
      ref_id: row.refId,
      user_id: row.userId,
      user_account: owner?.userAccount ?? '',
      status: row.status as BillView['status'],
      expired: isExpired(row),
      amount: money(row.amountMinor, currency),
      amount_sgd: sgd(
        row.status === 'paid' || row.status === 'refunded' ? (row.paidGrossMinor ?? 0) : toWalletMinor(row.currency, row.amountMinor, rate),
      ),
      lines: (row.lines as Bill['lines']).map((l) => ({ code: l.code, label: l.label, amount: money(l.amountMinor, currency) })),
      description: (row.description as Bill['description'])[lang],
      pay_before: row.payBefore?.toISOString() ?? null,
      group_id: row.groupId,
      paid_at: row.paidAt?.toISOString() ?? null,
      paid_by_user_id: row.paidByUserId,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** Bills the caller may see for paying: their own, or (as a leader) a member's. Others are 'not found'. */
  private async visibleBills(tx: Tx, userId: number, ids: number[]): Promise<BillRow[]> {
    const rows = ids.length ? await tx.select().from(bills).where(inArray(bills.id, ids)).orderBy(asc(bills.id)) : [];
    if (rows.length !== new Set(ids).size) throw new DomainError('OBJECT_NOT_FOUND');
    for (const r of rows) {
      if (r.userId !== userId && !(await this.groups.mayPayFor(tx, userId, rowToBill(r)))) throw new DomainError('OBJECT_NOT_FOUND');
    }
    return rows;
  }

  /** Unpaid bills of the members of the caller's group that the leader policy lets the caller pay. */
  private async groupBills(leaderId: number): Promise<BillRow[]> {
    const memberIds = (await this.groups.membersLedBy(this.db, leaderId)).filter((id) => id !== leaderId);
    if (memberIds.length === 0) return [];
    const rows = await this.db
      .select()
      .from(bills)
      .where(and(inArray(bills.userId, memberIds), eq(bills.status, 'unpaid')))
      .orderBy(asc(bills.id))
      .limit(500);
    const out: BillRow[] = [];
    for (const b of rows) if (await this.groups.mayPayFor(this.db, leaderId, rowToBill(b))) out.push(b);
    return out;
  }

  async resolveBillId(userId: number, ref: { bill_id?: number; kind?: BillKind; ref_id?: number }): Promise<number> {
    if (ref.bill_id) return ref.bill_id;
    const [row] = await this.db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.kind, ref.kind!), eq(bills.refId, ref.ref_id!), inArray(bills.status, ['unpaid', 'paid'])))
      .limit(1);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    return row.id;
  }

  /** What paying these bills costs now, the balance, coupons that fit, and what is missing. */
  async payInfo(userId: number, billIds: number[] | undefined, lang: Language, scope: 'mine' | 'group' = 'mine') {
    const rate = (await this.settings.get()).exchange_rate;
    const rows = billIds?.length
      ? await this.visibleBills(this.db, userId, billIds)
      : scope === 'group'
        ? await this.groupBills(userId)
        : await this.db
            .select()
            .from(bills)
            .where(and(eq(bills.userId, userId), eq(bills.status, 'unpaid')))
            .orderBy(asc(bills.id));
    const payable = rows.filter((r) => r.status === 'unpaid' && !isExpired(r));
    const priced: PricedBill[] = payable.map((r) => ({
      id: r.id,
      kind: r.kind,
      volumeMilli: r.volumeMilli,
      grossMinor: toWalletMinor(r.currency, r.amountMinor, rate),
    }));
    const total = priced.reduce((a, b) => a + b.grossMinor, 0);
    const balance = await walletBalance(this.db, userId);
    const now = new Date();
    const held = await this.db
      .select({ c: userCoupons, b: couponBatches })
      .from(userCoupons)
      .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'unused'), gt(userCoupons.expiresAt, now)))
      .orderBy(asc(userCoupons.expiresAt));
    const coupons = held.map(({ c, b }) => ({ ...couponView(c, b, lang, now), ...couponFit(b, priced, lang), claimable: false }));
    // Nothing is hidden: what the customer could claim now is offered too, with its fit.
    const claimable = (await unclaimedBatches(this.db, userId, now)).map((b) => ({
      ...claimableView(b, lang),
      ...couponFit(b, priced, lang),
    }));
    const views = [];
    for (const r of rows) views.push(await this.billView(this.db, r, lang, rate));
    const shortfall = Math.max(0, total - balance);
    return {
      bills: views,
      exchange_rate: rate,
      total: sgd(total),
      balance: sgd(balance),
      coupons,
      claimable_coupons: claimable,
      shortfall: sgd(shortfall),
    };
  }

  /** Coupons the user could use on bills not issued yet (a settlement preview): each with its discount. */
  async previewCoupons(userId: number, toPay: { kind: BillKind; grossMinor: number }[], lang: Language) {
    const priced: PricedBill[] = toPay.map((b, i) => ({ id: -(i + 1), kind: b.kind, volumeMilli: 0, grossMinor: b.grossMinor }));
    const now = new Date();
    const held = await this.db
      .select({ c: userCoupons, b: couponBatches })
      .from(userCoupons)
      .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'unused'), gt(userCoupons.expiresAt, now)))
      .orderBy(asc(userCoupons.expiresAt));
    return held.map(({ c, b }) => {
      const v = priced.length ? couponDiscount(b, priced) : null;
      return { id: c.id, name: batchName(b, lang), usable: !!v?.ok, discount_minor: v?.ok ? v.discountMinor : 0 };
    });
  }

  // ---- paying ----

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
    const job: PayJob = { payerId, ids, req, hash: BillingService.requestHash(req), rate };
    return this.batches && ids.length ? this.batches.submit(job) : this.payAlone(job);
  }

  /**
   * Payments arriving while others are being written share one transaction (the module turns this on):
   * see payment-batches.ts.
   */
  batchPayments(opts: { maxSize: number; maxInFlight: number }) {
    this.batches = new PaymentBatches(
      this.db,
      {
        alone: (job) => this.payAlone(job),
        ready: (...step) => this.paidInTx(...step),
      },
      opts,
    );
  }
  private batches: PaymentBatches | null = null;
  get batchStats() {
    return this.batches?.stats ?? { together: 0, alone: 0, again: 0 };
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
    // Nothing below reads or writes the database once the ledger statement committed (balances has the payer's).
    const posted = await postTransaction(tx, ready.input, ready.also, { last: commitWithLedger });
    const balanceAfter = posted.balances.get(payerId) ?? (await walletBalance(tx, payerId));
    return { ...ready.base, balance_after_minor: balanceAfter };
  }

  /**
   * A claimed payment with its bills locked: checks it (who may pay, bill states, expiry, the coupon, the balance
   * as read), runs the owners' handlers, and returns what the ledger posts; the caller posts it.
   */
  private async paidInTx(tx: Tx, job: PayJob, paymentId: number, rows: BillRow[], balanceNow: number, now: Date): Promise<Paid> {
    const { payerId, ids, req, rate } = job;
    for (const r of rows) {
      if (r.userId !== payerId && !(await this.groups.mayPayFor(tx, payerId, rowToBill(r)))) throw new DomainError('OBJECT_NOT_FOUND');
    }
    const unpaid = rows.filter((r) => r.status === 'unpaid');
    if (!unpaid.length) throw new DomainError(rows.length === 1 ? 'BILL_NOT_PAYABLE' : 'NO_PAYABLE_BILLS');
    if (unpaid.length !== rows.length) throw new DomainError('BILL_NOT_PAYABLE');
    if (rows.some((r) => isExpired(r, now))) throw new DomainError('BILL_EXPIRED');
    for (const r of rows) {
      if (r.userId === payerId) continue;
      const check = this.behalfChecks.get(r.kind as BillKind);
      if (check && !(await check(tx, rowToBill(r)))) throw new DomainError('PAY_ON_BEHALF_REFUSED');
    }

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
    // The owners' changes first; the bills are marked paid, the payer's balance moved (one guarded UPDATE) and
    // the payment marked succeeded last, in the ledger's one statement, so the balance's row lock is held only
    // for what remains of the transaction (that statement and COMMIT).
    const paidAt = now.toISOString();
    for (const r of rows) {
      const handler = this.paidHandlers.get(r.kind as BillKind);
      if (handler) await handler(tx, rowToBill({ ...r, status: 'paid', paidAt: now }));
    }
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

  async findBillRow(tx: Tx, id: number) {
    const [row] = await tx.select().from(bills).where(eq(bills.id, id));
    return row ?? null;
  }

  async billsOfPayment(tx: Tx, paymentId: number) {
    return tx.select().from(bills).where(eq(bills.paymentId, paymentId)).orderBy(asc(bills.id));
  }

  async paymentById(tx: Tx, id: number) {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }
}
