import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { sgd, type Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import { noAudit, type AuditPort } from '../audit/index.ts';
import { couponView } from './coupon.rules.ts';
import { batchName, type BatchRow } from './coupon.rules.ts';
import { couponBatches, couponCodes, userCoupons } from './wallet.schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

const DAY = 86_400_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface BatchInput {
  kind: 'discount' | 'freight';
  name_en: string;
  name_zh: string;
  discount_type: 'amount' | 'percent';
  amount?: number;
  percent_off?: number;
  max_discount?: number;
  min_volume: string;
  min_amount: string;
  applies_to?: string[];
  issue_mode: 'activity' | 'code';
  valid_days: number;
  expires_at?: string;
  total_quantity?: number;
  claim_ends_at?: string;
}

export function batchView(b: BatchRow, used: number) {
  return {
    id: b.id,
    kind: b.kind as 'discount' | 'freight',
    name: b.name as { en: string; zh_CN: string },
    discount_type: b.discountType as 'amount' | 'percent',
    amount: sgd(b.amountMinor),
    percent_off: b.percentOff,
    max_discount: b.maxDiscountMinor === null ? null : sgd(b.maxDiscountMinor),
    min_volume: (b.minVolumeMilli / 1000).toFixed(3),
    min_amount: sgd(b.minAmountMinor),
    applies_to: b.appliesTo as ('pack' | 'return' | 'mall' | 'claim' | 'other')[],
    issue_mode: b.issueMode as 'activity' | 'code',
    valid_days: b.validDays,
    expires_at: b.expiresAt?.toISOString() ?? null,
    total_quantity: b.totalQuantity,
    claimed: b.claimedCount,
    used,
    claim_ends_at: b.claimEndsAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
  };
}

/** A batch one can claim now: an activity batch still open, not expired and not sold out. */
function claimableNow(now: Date) {
  return and(
    eq(couponBatches.issueMode, 'activity'),
    or(isNull(couponBatches.claimEndsAt), gt(couponBatches.claimEndsAt, now)),
    or(isNull(couponBatches.expiresAt), gt(couponBatches.expiresAt, now)),
    or(isNull(couponBatches.totalQuantity), sql`${couponBatches.claimedCount} < ${couponBatches.totalQuantity}`),
  );
}

/** The batches this user can claim now (one coupon per person per batch), oldest first: the list and the pay sheet. */
export function unclaimedBatches(db: Db | Tx, userId: number, now: Date): Promise<BatchRow[]> {
  return db
    .select()
    .from(couponBatches)
    .where(
      and(
        claimableNow(now),
        sql`not exists (select 1 from ${userCoupons} where ${userCoupons.userId} = ${userId} and ${userCoupons.batchId} = ${couponBatches.id})`,
      ),
    )
    .orderBy(asc(couponBatches.id));
}

/** Discount coupons and freight vouchers: batches, claiming, codes. Using one happens inside a payment. */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditPort = noAudit,
  ) {}

  async list(
    userId: number,
    q: { page: number; page_size: number; status?: 'unused' | 'used' | 'expired'; kind?: 'discount' | 'freight' },
    lang: Language,
  ) {
    const now = new Date();
    const statusCond =
      q.status === 'used'
        ? eq(userCoupons.status, 'used')
        : q.status === 'expired'
          ? and(eq(userCoupons.status, 'unused'), lte(userCoupons.expiresAt, now))
          : q.status === 'unused'
            ? and(eq(userCoupons.status, 'unused'), gt(userCoupons.expiresAt, now))
            : undefined;
    const where = and(eq(userCoupons.userId, userId), statusCond, q.kind ? eq(couponBatches.kind, q.kind) : undefined);
    const rows = await this.db
      .select({ c: userCoupons, b: couponBatches })
      .from(userCoupons)
      .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(where)
      .orderBy(asc(userCoupons.status), asc(userCoupons.expiresAt), desc(userCoupons.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userCoupons)
      .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(where);
    return { list: rows.map(({ c, b }) => couponView(c, b, lang, now)), total: n, page: q.page, page_size: q.page_size };
  }

  private claimable(now: Date) {
    return claimableNow(now);
  }

  async unclaimed(userId: number, lang: Language) {
    const rows = await unclaimedBatches(this.db, userId, new Date());
    return {
      list: rows.map((b) => ({
        batch_id: b.id,
        kind: b.kind as 'discount' | 'freight',
        name: batchName(b, lang),
        discount_type: b.discountType as 'amount' | 'percent',
        amount: sgd(b.amountMinor),
        percent_off: b.percentOff,
        min_volume: (b.minVolumeMilli / 1000).toFixed(3),
        min_amount: sgd(b.minAmountMinor),
        valid_days: b.validDays,
        remaining: b.totalQuantity === null ? null : b.totalQuantity - b.claimedCount,
        claim_ends_at: b.claimEndsAt?.toISOString() ?? null,
      })),
    };
  }

  private async grant(tx: Tx, userId: number, batch: BatchRow, codeId: number | null, now: Date) {
    const validUntil = new Date(now.getTime() + batch.validDays * DAY);
    const expiresAt = batch.expiresAt && batch.expiresAt < validUntil ? batch.expiresAt : validUntil;
    const [row] = await tx.insert(userCoupons).values({ userId, batchId: batch.id, codeId, expiresAt }).returning();
    return row;
  }

  async claim(userId: number, batchId: number, lang: Language) {
    const now = new Date();
    try {
      return await this.db.transaction(async (tx) => {
        const [batch] = await tx
          .select()
          .from(couponBatches)
          .where(and(eq(couponBatches.id, batchId), eq(couponBatches.issueMode, 'activity')));
        if (!batch) throw new DomainError('OBJECT_NOT_FOUND');
        const [mine] = await tx
          .select({ id: userCoupons.id })
          .from(userCoupons)
          .where(and(eq(userCoupons.userId, userId), eq(userCoupons.batchId, batchId)));
        if (mine) throw new DomainError('COUPON_ALREADY_CLAIMED');
        // The count moves only while stock lasts: the WHERE re-checks it under the row lock.
        const [taken] = await tx
          .update(couponBatches)
          .set({ claimedCount: sql`${couponBatches.claimedCount} + 1` })
          .where(and(eq(couponBatches.id, batchId), this.claimable(now)))
          .returning();
        if (!taken) throw new DomainError('COUPON_SOLD_OUT');
        const c = await this.grant(tx, userId, taken, null, now);
        return couponView(c, taken, lang, now);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('COUPON_ALREADY_CLAIMED');
      throw e;
    }
  }

  async redeem(userId: number, rawCode: string, lang: Language) {
    const code = rawCode.trim().toUpperCase();
    const now = new Date();
    try {
      return await this.db.transaction(async (tx) => {
        const [found] = await tx.select().from(couponCodes).where(eq(couponCodes.code, code));
        if (!found) throw new DomainError('COUPON_CODE_INVALID');
        const [batch] = await tx.select().from(couponBatches).where(eq(couponBatches.id, found.batchId));
        if (!batch || (batch.expiresAt && batch.expiresAt <= now) || (batch.claimEndsAt && batch.claimEndsAt <= now))
          throw new DomainError('COUPON_CODE_INVALID');
        const [mine] = await tx
          .select({ id: userCoupons.id })
          .from(userCoupons)
          .where(and(eq(userCoupons.userId, userId), eq(userCoupons.batchId, batch.id)));
        if (mine) throw new DomainError('COUPON_ALREADY_CLAIMED');
        const [used] = await tx
          .update(couponCodes)
          .set({ usedCount: sql`${couponCodes.usedCount} + 1` })
          .where(and(eq(couponCodes.id, found.id), sql`${couponCodes.usedCount} < ${couponCodes.maxUses}`))
          .returning();
        if (!used) throw new DomainError('COUPON_CODE_INVALID');
        const [counted] = await tx
          .update(couponBatches)
          .set({ claimedCount: sql`${couponBatches.claimedCount} + 1` })
          .where(
            and(
              eq(couponBatches.id, batch.id),
              or(isNull(couponBatches.totalQuantity), sql`${couponBatches.claimedCount} < ${couponBatches.totalQuantity}`),
            ),
          )
          .returning();
        if (!counted) throw new DomainError('COUPON_SOLD_OUT');
        const c = await this.grant(tx, userId, counted, found.id, now);
        return couponView(c, counted, lang, now);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('COUPON_ALREADY_CLAIMED');
      throw e;
    }
  }

  // ---- staff ----

  async createBatch(input: BatchInput, staffId: number | null) {
    const minAmount = Math.round(Number(input.min_amount) * 100);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(couponBatches)
        .values({
          kind: input.kind,
          name: { en: input.name_en, zh_CN: input.name_zh },
          discountType: input.discount_type,
          amountMinor: input.discount_type === 'amount' ? (input.amount ?? 0) : 0,
          percentOff: input.discount_type === 'percent' ? (input.percent_off ?? 0) : 0,
          maxDiscountMinor: input.max_discount ?? null,
          minVolumeMilli: Math.round(Number(input.min_volume) * 1000),
          minAmountMinor: minAmount,
          // A freight voucher pays freight only; a discount coupon fits freight and returns unless told otherwise.
          appliesTo: input.applies_to ?? (input.kind === 'freight' ? ['pack'] : ['pack', 'return']),
          issueMode: input.issue_mode,
          validDays: input.valid_days,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
          totalQuantity: input.total_quantity ?? null,
          claimEndsAt: input.claim_ends_at ? new Date(input.claim_ends_at) : null,
          createdBy: staffId,
        })
        .returning();
      const view = batchView(row, 0);
      await this.audit.record(tx, { action: 'admin/wallet/couponBatchCreate', objectType: 'coupon_batch', objectId: row.id, after: view });
      return view;
    });
  }

  async batches(q: { page: number; page_size: number }) {
    const rows = await this.db
      .select({
        b: couponBatches,
        used: sql<number>`(select count(*)::int from ${userCoupons} where ${userCoupons.batchId} = ${couponBatches.id} and ${userCoupons.status} = 'used')`,
      })
      .from(couponBatches)
      .orderBy(desc(couponBatches.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [{ n }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(couponBatches);
    return { list: rows.map((r) => batchView(r.b, Number(r.used))), total: n, page: q.page, page_size: q.page_size };
  }

  async createCodes(batchId: number, count: number, maxUses: number, fixed?: string) {
    const [batch] = await this.db.select().from(couponBatches).where(eq(couponBatches.id, batchId));
    if (!batch || batch.issueMode !== 'code') throw new DomainError('OBJECT_NOT_FOUND');
    const wanted = fixed
      ? [fixed]
      : Array.from({ length: count }, () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));
    try {
      const rows = await this.db.transaction(async (tx) => {
        const made = await tx
          .insert(couponCodes)
          .values(wanted.map((code) => ({ batchId, code, maxUses })))
          .returning();
        // The codes themselves are redeemable: the log keeps how many and their ids, not the codes.
        await this.audit.record(tx, {
          action: 'admin/wallet/couponCodesCreate',
          objectType: 'coupon_batch',
          objectId: batchId,
          after: { code_ids: made.map((r) => r.id), count: made.length, max_uses: maxUses },
        });
        return made;
      });
      return { codes: rows.map((r) => ({ code: r.code, max_uses: r.maxUses, used: r.usedCount })) };
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('COUPON_CODE_INVALID');
      throw e;
    }
  }

  async usage(batchId: number, q: { page: number; page_size: number }) {
    const now = new Date();
    const found = await this.db
      .select({ c: userCoupons, code: couponCodes.code })
      .from(userCoupons)
      .leftJoin(couponCodes, eq(couponCodes.id, userCoupons.codeId))
      .where(eq(userCoupons.batchId, batchId))
      .orderBy(desc(userCoupons.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const accounts = await accountPort.userAccounts(
      this.db,
      found.map((f) => f.c.userId),
    );
    const rows = found.map((f) => ({ ...f, account: accounts.get(f.c.userId) ?? null }));
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userCoupons)
      .where(eq(userCoupons.batchId, batchId));
    return {
      list: rows.map(({ c, account, code }) => ({
        coupon_id: c.id,
        user_id: c.userId,
        user_account: account ?? '',
        code: code ?? null,
        status: (c.status === 'used' ? 'used' : c.expiresAt <= now ? 'expired' : 'unused') as 'unused' | 'used' | 'expired',
        payment_id: c.paymentId,
        claimed_at: c.createdAt.toISOString(),
        used_at: c.usedAt?.toISOString() ?? null,
      })),
      total: n,
      page: q.page,
      page_size: q.page_size,
    };
  }
}
