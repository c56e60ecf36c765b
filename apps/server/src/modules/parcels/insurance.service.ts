import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { formatMoney, isPackPaid, sgd, type Language, type PackClaim } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { accountPort } from '../account/index.ts';
import { packClaims, packs } from './parcels.schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

type ClaimRow = typeof packClaims.$inferSelect;

const statusText: Record<string, { en: string; zh_CN: string }> = {
  submitted: { en: 'under review', zh_CN: '审核中' },
  approved: { en: 'approved', zh_CN: '已通过' },
  rejected: { en: 'rejected', zh_CN: '已拒绝' },
};

/**
 * Insurance claims of insured packs (reviewed by finance, paid to the wallet through the ledger) and GST
 * refunds of GST charged twice. Each payout moves the ledger exactly once: the row's state changes with a
 * guarded update in the same transaction as the ledger entry.
 */
export class InsuranceService {
  constructor(
    private readonly d: {
      db: Db;
      billing: BillingPort;
      notifications?: NotificationsPort | null;
      audit?: AuditPort | null;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.d.now?.() ?? new Date();
  }

  async createClaim(
    userId: number,
    i: { pack_id: number; kind: 'loss' | 'damage'; reason: string; photos: string[] },
    lang: Language,
  ): Promise<PackClaim> {
    const photos: string[] = [];
    for (const url of i.photos) {
      const name = url.replace(/^\/uploads\//, '');
      if (!(await accountPort.ownsUpload(this.d.db, userId, name))) throw new DomainError('OBJECT_NOT_FOUND');
      photos.push(`/uploads/${name}`);
    }
    try {
      return await this.d.db.transaction(async (tx) => {
        const [pack] = await tx.select().from(packs).where(eq(packs.id, i.pack_id)).for('update');
        if (!pack || pack.userId !== userId) throw new DomainError('OBJECT_NOT_FOUND');
        if (!pack.insured || pack.insuranceCoverMinor === null || !isPackPaid(pack.status)) throw new DomainError('PACK_NOT_INSURED');
        const [row] = await tx
          .insert(packClaims)
          .values({ packId: pack.id, userId, kind: i.kind, reason: i.reason, photos, coverMinor: pack.insuranceCoverMinor })
          .returning();
        await this.d.notifications?.notify(tx, {
          userId,
          kind: 'parcel.claim',
          title: { en: 'Claim received', zh_CN: '理赔申请已收到' },
          body: {
            en: `We are reviewing your claim for pack ${pack.packNo}.`,
            zh_CN: `我们正在审核包裹 ${pack.packNo} 的理赔申请。`,
          },
          link: `pages/order/package-detail?id=${pack.id}`,
          dedupeKey: `insurance.claim:${row.id}`,
        });
        return this.view(row, pack.packNo);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('INSURANCE_CLAIM_STATE', { status: statusText.submitted[lang] });
      throw e;
    }
  }

  async myClaims(userId: number, page: number, pageSize: number) {
    return this.list(eq(packClaims.userId, userId), page, pageSize);
  }

  async staffClaims(status: string | undefined, page: number, pageSize: number) {
    return this.list(status ? eq(packClaims.status, status) : undefined, page, pageSize);
  }

  private async list(where: ReturnType<typeof eq> | undefined, page: number, pageSize: number) {
    const rows = await this.d.db
      .select({ c: packClaims, packNo: packs.packNo })
      .from(packClaims)
      .innerJoin(packs, eq(packs.id, packClaims.packId))
      .where(where)
      .orderBy(desc(packClaims.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [{ n }] = await this.d.db.select({ n: count() }).from(packClaims).where(where);
    return { list: rows.map((r) => this.view(r.c, r.packNo)), total: n, page, page_size: pageSize };
  }

  async review(staffId: number, i: { id: number; approve: boolean; amount?: number; note: string }, lang: Language): Promise<PackClaim> {
    return this.d.db.transaction(async (tx) => {
      const [claim] = await tx.select().from(packClaims).where(eq(packClaims.id, i.id)).for('update');
      if (!claim) throw new DomainError('OBJECT_NOT_FOUND');
      if (claim.status !== 'submitted') throw new DomainError('INSURANCE_CLAIM_STATE', { status: statusText[claim.status][lang] });
      if (i.approve && (i.amount === undefined || i.amount > claim.coverMinor))
        throw new DomainError('CLAIM_OVER_COVER', { cover: formatSgd(claim.coverMinor) });
      const [pack] = await tx.select({ packNo: packs.packNo }).from(packs).where(eq(packs.id, claim.packId));
      const [row] = await tx
        .update(packClaims)
        .set({
          status: i.approve ? 'approved' : 'rejected',
          amountMinor: i.approve ? i.amount! : null,
          reviewNote: i.note,
          reviewedBy: staffId,
          reviewedAt: this.now(),
        })
        .where(and(eq(packClaims.id, claim.id), eq(packClaims.status, 'submitted')))
        .returning();
      if (i.approve)
        await this.d.billing.compensate(tx, {
          userId: claim.userId,
          amountMinor: i.amount!,
          account: 'expense:insurance',
          memo: `insurance claim ${claim.id} ${pack.packNo}`,
        });
      await this.d.audit?.record(tx, {
        action: 'parcels/packClaimReview',
        objectType: 'pack_claim',
        objectId: claim.id,
        before: { status: claim.status },
        after: { status: row.status, amount_minor: row.amountMinor, note: row.reviewNote },
      });
      await this.d.notifications?.notify(tx, {
        userId: claim.userId,
        kind: 'parcel.claim',
        title: i.approve ? { en: 'Claim approved', zh_CN: '理赔已通过' } : { en: 'Claim rejected', zh_CN: '理赔未通过' },
        body: i.approve
          ? {
              en: `${formatSgd(i.amount!)} for pack ${pack.packNo} is in your balance.`,
              zh_CN: `包裹 ${pack.packNo} 的理赔 ${formatSgd(i.amount!)} 已存入余额。`,
            }
          : { en: `Pack ${pack.packNo}: ${i.note || 'see the claim'}`, zh_CN: `包裹 ${pack.packNo}：${i.note || '请查看理赔'}` },
        link: `pages/order/package-detail?id=${claim.packId}`,
        dedupeKey: `insurance.review:${claim.id}`,
      });
      return this.view(row, pack.packNo);
    });
  }

  /** Gives back GST charged twice on a paid pack, once, up to the GST on its bill. */
  async refundGst(staffId: number, i: { pack_id: number; amount: number; reason: string }) {
    return this.d.db.transaction(async (tx) => {
      const [pack] = await tx.select().from(packs).where(eq(packs.id, i.pack_id)).for('update');
      if (!pack) throw new DomainError('OBJECT_NOT_FOUND');
      const gst = pack.quoteLines.find((l) => l.code === 'gst')?.amountMinor ?? 0;
      const bad = () => new DomainError('GST_REFUND_INVALID', { gst: formatSgd(gst) });
      if (!isPackPaid(pack.status) || i.amount > gst) throw bad();
      const [done] = await tx
        .update(packs)
        .set({ gstRefundedMinor: i.amount })
        .where(and(eq(packs.id, pack.id), isNull(packs.gstRefundedMinor)))
        .returning({ id: packs.id });
      if (!done) throw bad();
      await this.d.billing.compensate(tx, {
        userId: pack.userId,
        amountMinor: i.amount,
        account: 'expense:gst_refunds',
        memo: `GST refund ${pack.packNo}: ${i.reason}`,
      });
      await this.d.audit?.record(tx, {
        action: 'parcels/gstRefund',
        objectType: 'pack',
        objectId: pack.id,
        before: { gst_refunded_minor: null },
        after: { gst_refunded_minor: i.amount, reason: i.reason, staff_id: staffId },
      });
      await this.d.notifications?.notify(tx, {
        userId: pack.userId,
        kind: 'parcel.claim',
        title: { en: 'GST refunded', zh_CN: '消费税已退还' },
        body: {
          en: `${formatSgd(i.amount)} of GST on pack ${pack.packNo} is back in your balance.`,
          zh_CN: `包裹 ${pack.packNo} 的消费税 ${formatSgd(i.amount)} 已退回余额。`,
        },
        link: `pages/order/package-detail?id=${pack.id}`,
        dedupeKey: `gst.refund:${pack.id}`,
      });
      return { pack_id: pack.id, refunded: sgd(i.amount) };
    });
  }

  private view(r: ClaimRow, packNo: string): PackClaim {
    return {
      id: r.id,
      pack_id: r.packId,
      pack_no: packNo,
      user_id: r.userId,
      kind: r.kind as PackClaim['kind'],
      reason: r.reason,
      photos: r.photos,
      status: r.status as PackClaim['status'],
      cover: sgd(r.coverMinor),
      amount: r.amountMinor === null ? null : sgd(r.amountMinor),
      review_note: r.reviewNote,
      created_at: r.createdAt.toISOString(),
      reviewed_at: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    };
  }
}

const formatSgd = (minor: number) => formatMoney(minor, 'SGD');
