import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { money, sgd, type BillView, type Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import type { SettingsService } from '../system/index.ts';
import type { Bill, BillKind } from './billing.port.ts';
import { noGroups, type WalletGroupsPort } from './groups.port.ts';
import { batchName, claimableView, couponDiscount, couponFit, couponView, type PricedBill } from './coupon.rules.ts';
import { unclaimedBatches } from './coupon.service.ts';
import { toWalletMinor, walletBalance } from './ledger.ts';
import { isExpired, rowToBill, type BillRow } from './bill-row.ts';
import { bills, couponBatches, payments, userCoupons } from './wallet.schema.ts';

/** Reading bills for the customer and staff: bill views, what paying costs now, and the bills of a payment. */
export class BillViews {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** Group facts (who may pay for whom) are the groups module's. */
    private readonly groups: WalletGroupsPort = noGroups,
  ) {}

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
    const others = rows.filter((r) => r.userId !== userId).map((r) => rowToBill(r));
    const allowed = others.length ? await this.groups.mayPayForAll(tx, userId, others) : new Set<number>();
    if (others.some((b) => !allowed.has(b.id))) throw new DomainError('OBJECT_NOT_FOUND');
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
    const allowed = await this.groups.mayPayForAll(
      this.db,
      leaderId,
      rows.map((r) => rowToBill(r)),
    );
    return rows.filter((r) => allowed.has(r.id));
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

  async billsOfPayment(tx: Tx, paymentId: number) {
    return tx.select().from(bills).where(eq(bills.paymentId, paymentId)).orderBy(asc(bills.id));
  }

  async paymentById(tx: Tx, id: number) {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }
}
