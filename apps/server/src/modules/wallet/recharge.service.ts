import type { BankNotifyProvider } from '../../providers/bank-notify.provider.ts';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { codeMessages, payment as paymentConstants, sgd, type Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import type { UploadedFile } from '../../core/http.ts';
import { accountPort } from '../account/index.ts';
import type { UploadService } from '../account/index.ts';
import type { SettingsService } from '../system/index.ts';
import { noAudit, type AuditPort } from '../audit/index.ts';
import type { WxpayProvider, WxpayTransaction } from '../../providers/wxpay.provider.ts';
import { formatMinor, postTransaction, walletBalance, WALLET_CURRENCY } from './ledger.ts';
import { buildPaynowPayload, paynowQrPng } from './paynow.ts';
import { paymentNotifications, rechargeOrders } from './wallet.schema.ts';

type RechargeRow = typeof rechargeOrders.$inferSelect;
export type RechargeMethod = 'wechat' | 'paynow' | 'offline';

const INSTANT_SWITCH_MS = paymentConstants.instantPaymentSwitchAfterMinutes * 60_000;
const DAY_MS = 24 * 3600_000;
const SGT_MS = 8 * 3600_000;

/**
 * When staff will have looked at a PayNow or bank-transfer top-up made at `from`: the promised number of
 * working days later (Saturdays and Sundays, in Singapore, are not working days).
 */
export function reviewDeadline(from: Date, workingDays = paymentConstants.manualReviewWorkingDays): Date {
  let t = from.getTime();
  for (let left = workingDays; left > 0;) {
    t += DAY_MS;
    const day = new Date(t + SGT_MS).getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return new Date(t);
}
const WECHAT_ORDER_TTL_MS = 2 * 3600_000;

/** Reasons the system writes are code names, shown in the reader's language; staff reasons are shown as written. */
const systemReasons = ['PAYMENT_CANCELLED', 'PAYMENT_FAILED'] as const;
function reasonText(reason: string | null, lang: Language) {
  if (!reason) return null;
  return (systemReasons as readonly string[]).includes(reason) ? codeMessages[reason as (typeof systemReasons)[number]][lang] : reason;
}

export function rechargeView(r: RechargeRow, lang: Language = 'en', now = Date.now()) {
  return {
    id: r.id,
    order_no: r.orderNo,
    method: r.method as RechargeMethod,
    status: r.status as 'pending' | 'paid' | 'rejected' | 'closed',
    amount: sgd(r.amountMinor),
    voucher_url: r.voucherUrl,
    reject_reason: reasonText(r.rejectReason, lang),
    pay_url: r.payUrl,
    paynow_reference: r.paynowReference,
    created_at: r.createdAt.toISOString(),
    credited_at: r.creditedAt?.toISOString() ?? null,
    suggest_offline: r.method === 'wechat' && r.status === 'pending' && now - r.createdAt.getTime() > INSTANT_SWITCH_MS,
  };
}

/** "R" + UTC yymmddHHMMSS + 6 random hex: unique, sortable, and valid as a WeChat out_trade_no and a PayNow reference. */
function newOrderNo() {
  const d = new Date().toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return `R${d}${randomBytes(3).toString('hex').toUpperCase()}`;
}

export type CreditOutcome = 'credited' | 'duplicate' | 'unknown_order' | 'amount_mismatch' | 'not_creditable';

/**
 * Top-ups. Whatever the channel, money reaches the balance through `credit`: one locked read of the
 * order, an exact amount check, one ledger transaction; a second call for the same order does nothing.
 */
/** What runs after a top-up is credited and committed; a failure never undoes the credit. */
export interface CreditFollowUps {
  /** Another module's use of the money first (the mall pays the orders a WeChat payment was for). */
  credited?: (userId: number, orderNo: string) => Promise<void>;
  /** Then auto-pay of the user's oldest unpaid bills. */
  autoPay?: (userId: number) => Promise<void>;
}

export class RechargeService {
  private reviewListeners: ((userId: number, until: Date) => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly uploadsSvc: UploadService,
    private readonly wxpay: WxpayProvider,
    private readonly notifyUrl: string,
    /** False when only the sandbox is configured in production: WeChat top-ups are then off. */
    readonly wechatEnabled = true,
    private readonly audit: AuditPort = noAudit,
    private readonly followUps: CreditFollowUps = {},
  ) {}

  /**
   * Told after a PayNow or bank-transfer top-up is made: its money reaches the balance when the bank says so
   * or staff see it, by `until` at the latest (e.g. the mall keeps unpaid orders alive until then).
   */
  onUnderReview(fn: (userId: number, until: Date) => Promise<void>) {
    this.reviewListeners.push(fn);
  }

  private async tellUnderReview(userId: number) {
    const until = reviewDeadline(new Date());
    for (const fn of this.reviewListeners) await fn(userId, until).catch(() => undefined);
  }

  async pageInfo(userId: number) {
    const s = await this.settings.get();
    const u = await this.userAutoPay(userId);
    const balance = await walletBalance(this.db, userId);
    return {
      balance: sgd(balance),
      is_auto_pay: !!u?.auto,
      max_amount: sgd(s.recharge.max_amount),
      methods: (this.wechatEnabled ? ['wechat', 'paynow', 'offline'] : ['paynow', 'offline']) as RechargeMethod[],
      paynow: { uen: s.recharge.paynow_uen, name: s.recharge.paynow_name },
      bank: s.recharge.bank,
      manual_review_working_days: paymentConstants.manualReviewWorkingDays,
      instant_switch_after_minutes: paymentConstants.instantPaymentSwitchAfterMinutes,
    };
  }

  async create(
    userId: number,
    input: { amount: number; method: RechargeMethod; trade_type: 'h5' | 'jsapi'; voucher_url?: string; remark?: string },
    ctx: { lang: Language; ip: string; files: UploadedFile[] },
  ) {
    const s = await this.settings.get();
    if (input.amount > s.recharge.max_amount) throw new DomainError('RECHARGE_TOO_LARGE', { max: formatMinor(s.recharge.max_amount) });
    const orderNo = newOrderNo();
    const base = {
      orderNo,
      userId,
      method: input.method,
      currency: WALLET_CURRENCY,
      amountMinor: input.amount,
      remark: input.remark ?? '',
    };

    if (input.method === 'offline') {
      const voucherUrl = await this.voucher(userId, input.voucher_url, ctx);
      const [row] = await this.db
        .insert(rechargeOrders)
        .values({ ...base, voucherUrl })
        .returning();
      await this.tellUnderReview(userId);
      return { order: rechargeView(row, ctx.lang), pay_url: null, jsapi: null, paynow: null };
    }

    if (input.method === 'paynow') {
      const payload = buildPaynowPayload({
        uen: s.recharge.paynow_uen,
        merchantName: s.recharge.paynow_name,
        amountMinor: input.amount,
        reference: orderNo,
      });
      const png = await paynowQrPng(payload);
      const [row] = await this.db
        .insert(rechargeOrders)
        .values({ ...base, paynowReference: orderNo, paynowPayload: payload })
        .returning();
      await this.tellUnderReview(userId);
      return {
        order: rechargeView(row, ctx.lang),
        pay_url: null,
        jsapi: null,
        paynow: {
          payload,
          qr_png_data_url: `data:image/png;base64,${png.toString('base64')}`,
          reference: orderNo,
          uen: s.recharge.paynow_uen,
          name: s.recharge.paynow_name,
          amount: sgd(input.amount),
        },
      };
    }

    if (!this.wechatEnabled) throw new DomainError('PAYMENT_FAILED');
    let openid: string | null = null;
    if (input.trade_type === 'jsapi') {
      const u = await this.userOpenid(userId);
      openid = u?.openid ?? null;
      if (!openid) throw new DomainError('WECHAT_OPENID_REQUIRED');
    }
    const [row] = await this.db
      .insert(rechargeOrders)
      .values({ ...base, provider: this.wxpay.name })
      .returning();
    try {
      const created = await this.wxpay.createOrder({
        outTradeNo: orderNo,
        description:
          ctx.lang === 'en' ? `Pinyou balance top-up S$${formatMinor(input.amount)}` : `拼邮余额充值 S$${formatMinor(input.amount)}`,
        amountMinor: input.amount,
        currency: WALLET_CURRENCY,
        notifyUrl: this.notifyUrl,
        tradeType: input.trade_type,
        openid,
        clientIp: ctx.ip,
        expiresAt: new Date(Date.now() + WECHAT_ORDER_TTL_MS),
      });
      const [updated] = await this.db
        .update(rechargeOrders)
        .set({ payUrl: created.payUrl })
        .where(eq(rechargeOrders.id, row.id))
        .returning();
      return { order: rechargeView(updated, ctx.lang), pay_url: created.payUrl, jsapi: created.jsapi, paynow: null };
    } catch {
      await this.db.update(rechargeOrders).set({ status: 'closed', rejectReason: 'PAYMENT_FAILED' }).where(eq(rechargeOrders.id, row.id));
      throw new DomainError('PAYMENT_FAILED');
    }
  }

  /** The voucher image: sent with this call (checked by content, size, pixels) or uploaded before by this user. */
  private async voucher(userId: number, voucherUrl: string | undefined, ctx: { lang: Language; files: UploadedFile[] }): Promise<string> {
    const file = ctx.files.find((f) => f.field === 'voucher') ?? ctx.files[0];
    if (file) return (await this.uploadsSvc.saveImage({ userId }, 'voucher', file, ctx.lang)).url;
    if (voucherUrl) {
      const name = voucherUrl.replace(/^\/uploads\//, '');
      if (await accountPort.ownsUpload(this.db, userId, name)) return `/uploads/${name}`;
    }
    throw new ValidationError('rule.voucher', { field: 'voucher' });
  }

  async list(userId: number | null, q: { page: number; page_size: number; status?: string; method?: string }) {
    const where = and(
      userId !== null ? eq(rechargeOrders.userId, userId) : undefined,
      q.status ? eq(rechargeOrders.status, q.status) : undefined,
      q.method ? eq(rechargeOrders.method, q.method) : undefined,
    );
    const orders = await this.db
      .select()
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const accounts = await accountPort.userAccounts(
      this.db,
      orders.map((r) => r.userId),
    );
    const rows = orders.map((r) => ({ r, account: accounts.get(r.userId) ?? null }));
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rechargeOrders)
      .where(where);
    return { rows, total: n };
  }

  async mine(userId: number, q: { page: number; page_size: number; status?: string; method?: string }, lang: Language) {
    const { rows, total } = await this.list(userId, q);
    return { list: rows.map(({ r }) => rechargeView(r, lang)), total, page: q.page, page_size: q.page_size };
  }

  async staffList(q: { page: number; page_size: number; status?: string; method?: string; user_id?: number }) {
    const { rows, total } = await this.list(q.user_id ?? null, q);
    return { list: rows.map(({ r, account }) => staffView(r, account ?? '')), total, page: q.page, page_size: q.page_size };
  }

  /** One of my top-ups; a pending WeChat payment is checked with the provider (the notification may be late or lost). */
  async query(userId: number, orderNo: string, lang: Language) {
    let [row] = await this.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo));
    if (!row || row.userId !== userId) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.method === 'wechat' && row.status === 'pending') {
      const tx = await this.wxpay.queryOrder(orderNo).catch(() => null);
      if (tx?.trade_state === 'SUCCESS') await this.creditFromProvider(tx, 'query');
      else if (tx && (tx.trade_state === 'CLOSED' || tx.trade_state === 'PAYERROR' || tx.trade_state === 'REVOKED')) {
        await this.db
          .update(rechargeOrders)
          .set({ status: 'closed', rejectReason: tx.trade_state === 'CLOSED' ? 'PAYMENT_CANCELLED' : 'PAYMENT_FAILED' })
          .where(and(eq(rechargeOrders.id, row.id), eq(rechargeOrders.status, 'pending')));
      }
      [row] = await this.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, row.id));
    }
    return { order: rechargeView(row, lang), balance: sgd(await walletBalance(this.db, userId)) };
  }

  /** The WeChat notification endpoint: verify the platform signature, decrypt, credit once. */
  async handleWxpayNotification(headers: Record<string, unknown>, rawBody: string | null) {
    const verified = this.wxpay.verifyNotification(headers, rawBody ?? '');
    if (!verified.ok) {
      await this.db.insert(paymentNotifications).values({ provider: this.wxpay.name, outcome: 'refused', detail: verified.reason });
      throw new DomainError('SIGN_INVALID');
    }
    const t = verified.transaction;
    if (t.trade_state !== 'SUCCESS') {
      await this.db
        .insert(paymentNotifications)
        .values({ provider: this.wxpay.name, outcome: 'ignored', orderNo: t.out_trade_no, detail: t.trade_state });
      return { code: 'SUCCESS' as const, message: 'ignored' };
    }
    const outcome = await this.creditFromProvider(t, 'notify');
    if (outcome === 'amount_mismatch' || outcome === 'unknown_order' || outcome === 'not_creditable')
      throw new DomainError('PAYMENT_FAILED', {}, { reason: outcome });
    return { code: 'SUCCESS' as const, message: outcome };
  }

  /**
   * A PayNow credit the bank notified: verified, then credited through the one credit path — the
   * reference must be a PayNow top-up, the amount and currency must match, and a duplicate notice (or
   * staff having confirmed it already) credits nothing more.
   */
  async handleBankNotification(
    bank: BankNotifyProvider,
    headers: Record<string, unknown>,
    rawBody: string,
  ): Promise<CreditOutcome | 'refused'> {
    const v = bank.verify(headers, rawBody);
    if (!v.ok) {
      await this.db.insert(paymentNotifications).values({ provider: bank.name, outcome: 'refused', detail: v.reason });
      return 'refused';
    }
    const n = v.notice;
    const outcome = await this.credit(n.reference, {
      method: 'paynow',
      amountMinor: n.amountMinor,
      currency: n.currency,
      providerTxId: n.eventId,
      provider: bank.name,
    });
    await this.db
      .insert(paymentNotifications)
      .values({ provider: bank.name, outcome, orderNo: n.reference, detail: `notify ${n.eventId} ${n.amountMinor} ${n.currency}` });
    return outcome;
  }

  private async creditFromProvider(t: WxpayTransaction, via: 'notify' | 'query'): Promise<CreditOutcome> {
    const outcome = await this.credit(t.out_trade_no, {
      method: 'wechat',
      amountMinor: t.amount.total,
      currency: t.amount.currency,
      providerTxId: t.transaction_id,
      provider: this.wxpay.name,
    });
    await this.db.insert(paymentNotifications).values({
      provider: this.wxpay.name,
      outcome,
      orderNo: t.out_trade_no,
      detail: `${via} ${t.transaction_id} ${t.amount.total} ${t.amount.currency}`,
    });
    return outcome;
  }

  /**
   * The single way money arrives. A closed WeChat order is still credited if WeChat says it was paid
   * (the customer's money is here); a rejected offline/PayNow order is not.
   */
  async credit(
    orderNo: string,
    arrived: {
      method: RechargeMethod;
      amountMinor: number;
      currency: string;
      providerTxId?: string | null;
      provider?: string | null;
      staffId?: number | null;
    },
  ): Promise<CreditOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)).for('update');
      if (!row || row.method !== arrived.method) return 'unknown_order' as const;
      if (row.status === 'paid') return 'duplicate' as const;
      if (row.status === 'rejected' || (row.status === 'closed' && row.method !== 'wechat')) return 'not_creditable' as const;
      if (arrived.amountMinor !== row.amountMinor || arrived.currency !== row.currency) return 'amount_mismatch' as const;
      await this.post(tx, row, arrived.staffId ?? null, arrived.providerTxId ?? null);
      // Only staff credit by hand (approving a PayNow or bank transfer); that approval is in the audit log.
      if (arrived.staffId)
        await this.audit.record(tx, {
          action: 'admin/wallet/approveRecharge',
          objectType: 'recharge',
          objectId: row.id,
          before: auditView(row),
          after: { ...auditView(row), status: 'paid', reviewed_by: arrived.staffId },
        });
      return 'credited' as const;
    });
    const { credited, autoPay } = this.followUps;
    if (outcome === 'credited' && (credited || autoPay)) {
      const [row] = await this.db.select({ userId: rechargeOrders.userId }).from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo));
      // A payment of particular bills takes precedence over paying the oldest ones.
      await credited?.(row.userId, orderNo).catch(() => undefined);
      await autoPay?.(row.userId).catch(() => undefined);
    }
    return outcome;
  }

  private async post(tx: Tx, row: RechargeRow, staffId: number | null, providerTxId: string | null) {
    const clearing = row.method === 'wechat' ? 'clearing:wechat' : row.method === 'paynow' ? 'clearing:paynow' : 'clearing:offline';
    const posted = await postTransaction(tx, {
      type: 'topup',
      userId: row.userId,
      memo: `${row.method} ${row.orderNo}`,
      rechargeId: row.id,
      staffId,
      postings: [
        { wallet: row.userId, amountMinor: row.amountMinor },
        { system: clearing, amountMinor: -row.amountMinor },
      ],
    });
    await tx
      .update(rechargeOrders)
      .set({
        status: 'paid',
        ledgerTransactionId: posted.id,
        creditedAt: new Date(),
        providerTxId: providerTxId ?? row.providerTxId,
        reviewedBy: staffId,
        reviewedAt: staffId ? new Date() : row.reviewedAt,
      })
      .where(eq(rechargeOrders.id, row.id));
  }

  private async userAutoPay(userId: number) {
    const u = await accountPort.findUser(this.db, userId);
    return u ? { auto: u.isAutoPay } : undefined;
  }

  private async userOpenid(userId: number) {
    const u = await accountPort.findUser(this.db, userId);
    return u ? { openid: u.wechatOpenid } : undefined;
  }

  // ---- staff ----

  private async staffRow(id: number) {
    const [r] = await this.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    return staffView(r, (await accountPort.findUser(this.db, r.userId))?.userAccount ?? '');
  }

  /** Staff saw the money (PayNow or bank transfer) arrive. */
  async approve(id: number, staffId: number) {
    const [row] = await this.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.method === 'wechat') throw new DomainError('RECHARGE_NOT_PENDING');
    const outcome = await this.credit(row.orderNo, {
      method: row.method as RechargeMethod,
      amountMinor: row.amountMinor,
      currency: row.currency,
      staffId,
    });
    if (outcome !== 'credited') throw new DomainError('RECHARGE_NOT_PENDING');
    return this.staffRow(id);
  }

  async reject(id: number, staffId: number, reason: string) {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)).for('update');
      if (!before) throw new DomainError('OBJECT_NOT_FOUND');
      if (before.status !== 'pending' || before.method === 'wechat') throw new DomainError('RECHARGE_NOT_PENDING');
      const [after] = await tx
        .update(rechargeOrders)
        .set({ status: 'rejected', rejectReason: reason, reviewedBy: staffId, reviewedAt: new Date() })
        .where(eq(rechargeOrders.id, id))
        .returning();
      await this.audit.record(tx, {
        action: 'admin/wallet/rejectRecharge',
        objectType: 'recharge',
        objectId: id,
        before: auditView(before),
        after: { ...auditView(after), reject_reason: after.rejectReason },
      });
    });
    return this.staffRow(id);
  }

  async findById(tx: Tx, id: number) {
    const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
    return row ?? null;
  }
}

/** What the audit log keeps of a top-up order. */
function auditView(r: RechargeRow) {
  return { order_no: r.orderNo, user_id: r.userId, method: r.method, amount_minor: r.amountMinor, currency: r.currency, status: r.status };
}

function staffView(r: RechargeRow, account: string) {
  return {
    ...rechargeView(r),
    user_id: r.userId,
    user_account: account,
    remark: r.remark,
    reviewed_by: r.reviewedBy,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
  };
}
