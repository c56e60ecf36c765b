import { createHash } from 'node:crypto';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { money, sgd, type Currency, type Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import type { SettingsService } from '../system/index.ts';
import { noAudit, type AuditPort } from '../audit/index.ts';
import type { BillingParts } from './billing.service.ts';
import { postTransaction, reconcile, walletAccountId, walletBalance } from './ledger.ts';
import { rechargeView } from './recharge.service.ts';
import { bills, ledgerEntries, ledgerTransactions, payments, rechargeOrders } from './wallet.schema.ts';

type TxType = 'topup' | 'payment' | 'refund' | 'adjustment';

const titles: Record<TxType, { en: string; zh_CN: string }> = {
  topup: { en: 'Top-up', zh_CN: '充值' },
  payment: { en: 'Payment', zh_CN: '支付' },
  refund: { en: 'Refund', zh_CN: '退款' },
  adjustment: { en: 'Balance adjustment', zh_CN: '余额调整' },
};

const onBehalfTitle = { en: 'Payment for group members', zh_CN: '代付团员订单' };

/**
 * Credits the system posts as adjustments (mall rebates, group leader rewards), told apart by their memo's
 * prefix, so the customer sees what the money was rather than "Balance adjustment". Longest prefix first.
 */
const rewardTitles: { prefix: string; title: { en: string; zh_CN: string }; memoIsReference?: boolean }[] = [
  { prefix: 'mall rebate reversed ', title: { en: 'Mall rebate reversed', zh_CN: '商城返利撤回' }, memoIsReference: true },
  { prefix: 'mall rebate ', title: { en: 'Mall rebate', zh_CN: '商城返利' }, memoIsReference: true },
  { prefix: 'Group reward reversed', title: { en: 'Group leader reward reversed', zh_CN: '团长奖励撤回' } },
  { prefix: 'Group reward ', title: { en: 'Group leader reward', zh_CN: '团长奖励' } },
];
const rewardOf = (t: typeof ledgerTransactions.$inferSelect) =>
  t.type === 'adjustment' ? rewardTitles.find((r) => t.memo.startsWith(r.prefix)) : undefined;

function titleOf(t: typeof ledgerTransactions.$inferSelect, lang: Language) {
  const type = t.type as TxType;
  if (type === 'payment' && t.memo.startsWith('pay on behalf')) return onBehalfTitle[lang];
  return rewardOf(t)?.title[lang] ?? titles[type]?.[lang] ?? type;
}

/** "YYYY-MM-DD" as the start of that day in Singapore. */
const sgDay = (d: string) => new Date(`${d}T00:00:00+08:00`);

/** Balance movements as the customer sees them, and the staff side of the ledger. */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly billing: Pick<BillingParts, 'views' | 'refunds' | 'autoPay'>,
    private readonly settings: SettingsService,
    private readonly audit: AuditPort = noAudit,
  ) {}

  private entryView(e: typeof ledgerEntries.$inferSelect, t: typeof ledgerTransactions.$inferSelect, lang: Language) {
    const type = t.type as TxType;
    return {
      id: e.id,
      transaction_id: t.id,
      type,
      amount: sgd(e.amountMinor),
      balance_after: sgd(e.balanceAfterMinor ?? 0),
      title: titleOf(t, lang),
      created_at: e.createdAt.toISOString(),
    };
  }

  async transactions(
    userId: number,
    q: { page: number; page_size: number; type?: TxType; direction?: 'in' | 'out'; from?: string; to?: string },
    lang: Language,
  ) {
    const accountId = await walletAccountId(this.db, userId);
    const balance = await walletBalance(this.db, userId);
    if (!accountId) return { list: [], total: 0, page: q.page, page_size: q.page_size, balance: sgd(balance) };
    const where = and(
      eq(ledgerEntries.accountId, accountId),
      q.type ? eq(ledgerTransactions.type, q.type) : undefined,
      q.direction === 'in' ? gt(ledgerEntries.amountMinor, 0) : q.direction === 'out' ? lt(ledgerEntries.amountMinor, 0) : undefined,
      q.from ? gte(ledgerEntries.createdAt, sgDay(q.from)) : undefined,
      q.to ? lt(ledgerEntries.createdAt, new Date(sgDay(q.to).getTime() + 86_400_000)) : undefined,
    );
    const rows = await this.db
      .select({ e: ledgerEntries, t: ledgerTransactions })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where);
    return {
      list: rows.map(({ e, t }) => this.entryView(e, t, lang)),
      total: n,
      page: q.page,
      page_size: q.page_size,
      balance: sgd(balance),
    };
  }

  async transactionDetail(userId: number, entryId: number, lang: Language) {
    const accountId = await walletAccountId(this.db, userId);
    const [row] = await this.db
      .select({ e: ledgerEntries, t: ledgerTransactions })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.id, entryId));
    if (!row || !accountId || row.e.accountId !== accountId) throw new DomainError('OBJECT_NOT_FOUND');
    const rate = (await this.settings.get()).exchange_rate;
    let recharge = null;
    if (row.t.rechargeId) {
      const [r] = await this.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, row.t.rechargeId));
      recharge = r ? rechargeView(r, lang) : null;
    }
    const billViews = [];
    let discount = 0;
    let exchangeRate: string | null = null;
    if (row.t.paymentId) {
      const p = await this.billing.views.paymentById(this.db, row.t.paymentId);
      exchangeRate = p?.exchangeRate ?? null;
      discount = p?.discountMinor ?? 0;
      for (const b of await this.billing.views.billsOfPayment(this.db, row.t.paymentId))
        billViews.push(await this.billing.views.billView(this.db, b, lang, rate));
    }
    // A staff adjustment's reason is shown; a payment's technical memo is not; a rebate shows its order number.
    const reward = rewardOf(row.t);
    const memo = reward?.memoIsReference
      ? row.t.memo.slice(reward.prefix.length)
      : row.t.type === 'adjustment' || row.t.type === 'refund'
        ? row.t.memo
        : '';
    return {
      ...this.entryView(row.e, row.t, lang),
      memo,
      recharge,
      bills: billViews,
      discount: sgd(discount),
      exchange_rate: exchangeRate,
    };
  }

  async setAutoPay(userId: number, on: boolean) {
    await accountPort.setAutoPay(this.db, userId, on);
    if (on) await this.billing.autoPay.autoPayOutstanding(userId);
    return { is_auto_pay: on };
  }

  // ---- staff ----

  /**
   * A correction with a reason: one ledger transaction against the adjustments account. Idempotent per
   * (staff, key) through the payments table's claim, so a double click adjusts once.
   */
  async adjust(staffId: number, input: { user_id: number; amount: number; reason: string; idempotency_key: string }) {
    const user = await accountPort.findUser(this.db, input.user_id);
    if (!user) throw new DomainError('OBJECT_NOT_FOUND');
    const hash = createHash('sha256')
      .update(JSON.stringify({ op: 'adjust', user: input.user_id, amount: input.amount, reason: input.reason }))
      .digest('hex');
    const key = `staff#${staffId}#${input.idempotency_key}`;
    return this.db.transaction(async (tx) => {
      const balanceBefore = await walletBalance(tx, input.user_id);
      // Keyed under the adjusted user; "#" cannot appear in a customer key, so the two never collide.
      const claimed = await tx
        .insert(payments)
        .values({
          payerUserId: input.user_id,
          idempotencyKey: key,
          requestHash: hash,
          status: 'pending',
          currency: 'SGD',
          exchangeRate: '',
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!claimed.length) {
        const [existing] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.payerUserId, input.user_id), eq(payments.idempotencyKey, key)));
        if (!existing || existing.requestHash !== hash) throw new DomainError('IDEMPOTENCY_MISMATCH');
        const r = existing.result as { transaction_id: number; balance_minor: number };
        return { transaction_id: r.transaction_id, balance: sgd(r.balance_minor), replayed: true };
      }
      const posted = await postTransaction(tx, {
        type: 'adjustment',
        userId: input.user_id,
        memo: input.reason,
        staffId,
        postings: [
          { wallet: input.user_id, amountMinor: input.amount },
          { system: 'adjust:staff', amountMinor: -input.amount },
        ],
      });
      const result = { transaction_id: posted.id, balance_minor: posted.balances.get(input.user_id) ?? 0 };
      await tx
        .update(payments)
        .set({ status: 'adjustment', ledgerTransactionId: posted.id, result, chargedMinor: -input.amount })
        .where(eq(payments.id, claimed[0].id));
      await this.audit.record(tx, {
        action: 'admin/wallet/adjustBalance',
        objectType: 'user',
        objectId: input.user_id,
        before: { balance_minor: balanceBefore },
        after: { balance_minor: result.balance_minor, amount_minor: input.amount, reason: input.reason, transaction_id: posted.id },
      });
      return { transaction_id: result.transaction_id, balance: sgd(result.balance_minor), replayed: false };
    });
  }

  async staffWallet(userId: number, q: { page: number; page_size: number }) {
    const user = await accountPort.findUser(this.db, userId);
    if (!user) throw new DomainError('OBJECT_NOT_FOUND');
    const page = await this.transactions(userId, q, 'en');
    return {
      list: page.list,
      total: page.total,
      page: q.page,
      page_size: q.page_size,
      balance: page.balance,
      user_account: user.userAccount,
    };
  }

  /** The ledger proof with every sum as Money in its own currency. */
  async reconcile() {
    const r = await reconcile(this.db);
    return {
      ok: r.ok,
      currencies: r.currencies.map((c) => ({ sum: money(c.sum_minor, c.currency as Currency), entries: c.entries })),
      unbalanced_transactions: r.unbalanced_transactions,
      wallets_checked: r.wallets_checked,
      wallet_mismatches: r.wallet_mismatches.map((w) => ({
        user_id: w.user_id,
        stored: sgd(w.stored_minor),
        entries: sgd(w.entries_minor),
      })),
      accounts: r.accounts.map((a) => ({ code: a.code, balance: money(a.balance_minor, a.currency as Currency) })),
    };
  }

  async staffRefund(billId: number, reason: string, lang: Language) {
    const rate = (await this.settings.get()).exchange_rate;
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(bills).where(eq(bills.id, billId));
      await this.billing.refunds.refundBill(tx, billId, reason);
      const [after] = await tx.select().from(bills).where(eq(bills.id, billId));
      const view = (b: typeof bills.$inferSelect) => ({
        user_id: b.userId,
        kind: b.kind,
        status: b.status,
        paid_gross_minor: b.paidGrossMinor,
      });
      await this.audit.record(tx, {
        action: 'admin/wallet/refundBill',
        objectType: 'bill',
        objectId: billId,
        before: view(before),
        after: { ...view(after), refund_reason: reason },
      });
    });
    const [row] = await this.db.select().from(bills).where(eq(bills.id, billId));
    return this.billing.views.billView(this.db, row, lang, rate);
  }
}
