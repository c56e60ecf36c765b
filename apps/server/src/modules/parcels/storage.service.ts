import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { defaultStoragePolicy, storageAddDays, storageDate, storageFor, type StoragePolicy } from '@pinyou/contract';
import { DomainError } from '../../core/errors.ts';
import type { NotifyInput } from '../notifications/index.ts';
import * as repo from './parcels.repository.ts';
import type { ParcelRow } from './parcels.repository.ts';
import { parcels } from './parcels.schema.ts';
import { parcelCbm } from './parcels.view.ts';
import type { ParcelsCtx, ParcelsKit } from './parcels.shared.ts';

const DAY_MS = 86_400_000;
const link = (id: number) => `pages/order/detail?id=${id}`;

/** "Free storage of your parcel ends on D": once per parcel. */
export const storageEndingNotice = (p: ParcelRow, freeUntil: string): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.storage',
  title: { en: 'Free storage ends soon', zh_CN: '免费仓储即将到期' },
  body: {
    en: `Parcel ${p.trackingNo} is stored free until ${freeUntil}; after that a daily storage fee is added to its pack's bill. Pack it soon.`,
    zh_CN: `包裹 ${p.trackingNo} 免费仓储至 ${freeUntil}，之后每日仓储费将计入打包账单。请尽快打包。`,
  },
  link: link(p.id),
  dedupeKey: `parcel.storage.ending:${p.id}`,
});

/** "Your parcel will be disposed of from D": once per parcel; staff may dispose only after it. */
export const disposalNotice = (p: ParcelRow, from: string): NotifyInput => ({
  userId: p.userId,
  kind: 'parcel.storage',
  title: { en: 'Your parcel will be disposed of', zh_CN: '您的包裹即将被处置' },
  body: {
    en: `Parcel ${p.trackingNo} has been in the warehouse too long: from ${from} the warehouse may dispose of it. Pack it or ask for a return before then.`,
    zh_CN: `包裹 ${p.trackingNo} 在仓时间过长：自 ${from} 起仓库可将其处置。请在此之前打包或申请退货。`,
  },
  link: link(p.id),
  dedupeKey: `parcel.storage.disposal:${p.id}`,
});

/** A parcel on a shelf, free to be packed, returned or disposed of. */
const onShelf = (p: ParcelRow) => p.status === 'warehouse' && !!p.inboundAt && p.packId === null && p.returnId === null && !p.deletedAt;

/**
 * The storage policy's jobs and staff actions (issue 37): reminders before free storage ends and before the
 * disposal date (each once per parcel), and disposal by the warehouse after it, once the owner was told.
 */
export class StorageService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  private async policy(): Promise<StoragePolicy> {
    return (await this.ctx.settings.get()).storage_policy ?? defaultStoragePolicy;
  }

  /** The first day a parcel may be disposed of: its disposal date, and never before the notice's days have passed. */
  private disposableFrom(p: ParcelRow, policy: StoragePolicy): string | null {
    if (!p.inboundAt || !p.disposalNoticeAt) return null;
    const s = storageFor(p.inboundAt, this.ctx.now(), parcelCbm(p), policy);
    const told = storageAddDays(storageDate(p.disposalNoticeAt), Math.max(1, policy.reminder_days_before));
    return s.disposable_from > told ? s.disposable_from : told;
  }

  /** The daily job: sends what is due today; a re-run (or a second instance) sends nothing twice. */
  async sendReminders(): Promise<{ ending: number; disposal: number }> {
    const policy = await this.policy();
    const now = this.ctx.now();
    const today = storageDate(now);
    // Only parcels old enough for a reminder; the rule below decides exactly.
    const lead = Math.max(0, Math.min(policy.free_days, policy.dispose_after_days) - policy.reminder_days_before - 2);
    const rows = await this.ctx.db
      .select()
      .from(parcels)
      .where(
        and(
          isNull(parcels.deletedAt),
          eq(parcels.status, 'warehouse'),
          isNull(parcels.packId),
          isNull(parcels.returnId),
          isNotNull(parcels.inboundAt),
          lte(parcels.inboundAt, new Date(now.getTime() - lead * DAY_MS)),
          or(isNull(parcels.storageNoticeAt), isNull(parcels.disposalNoticeAt)),
        ),
      );
    const sent = { ending: 0, disposal: 0 };
    for (const p of rows) {
      const s = storageFor(p.inboundAt!, today, parcelCbm(p), policy);
      const ending = !p.storageNoticeAt && today >= s.free_reminder_on && today <= s.free_until;
      const disposal = !p.disposalNoticeAt && today >= s.disposal_reminder_on;
      if (!ending && !disposal) continue;
      await this.ctx.db.transaction(async (tx) => {
        // The stamp is set only where still empty: a second run finds nothing to send.
        if (ending) {
          const [hit] = await tx
            .update(parcels)
            .set({ storageNoticeAt: now })
            .where(and(eq(parcels.id, p.id), isNull(parcels.storageNoticeAt)))
            .returning({ id: parcels.id });
          if (hit) {
            await this.ctx.notifications?.notify(tx, storageEndingNotice(p, s.free_until));
            sent.ending += 1;
          }
        }
        if (disposal) {
          const [hit] = await tx
            .update(parcels)
            .set({ disposalNoticeAt: now })
            .where(and(eq(parcels.id, p.id), isNull(parcels.disposalNoticeAt)))
            .returning({ id: parcels.id });
          if (hit) {
            const told = storageAddDays(today, Math.max(1, policy.reminder_days_before));
            await this.ctx.notifications?.notify(tx, disposalNotice(p, s.disposable_from > told ? s.disposable_from : told));
            sent.disposal += 1;
          }
        }
      });
    }
    return sent;
  }

  /** Staff (warehouse) dispose of a parcel on a shelf past its disposal date whose owner was told; audited. */
  async dispose(staffId: number, id: number) {
    const policy = await this.policy();
    return this.ctx.db.transaction(async (tx) => {
      const p = await repo.findParcelById(tx, id);
      if (!p) throw new DomainError('OBJECT_NOT_FOUND');
      const from = this.disposableFrom(p, policy);
      const today = storageDate(this.ctx.now());
      if (!onShelf(p) || !from || today < from) {
        const date = from ?? (p.inboundAt ? storageFor(p.inboundAt, today, null, policy).disposable_from : '-');
        throw new DomainError('PARCEL_NOT_DISPOSABLE', { date });
      }
      const at = this.ctx.now();
      const [row] = await tx
        .update(parcels)
        .set({ disposedAt: at, disposedBy: staffId, deletedAt: at })
        .where(and(eq(parcels.id, p.id), isNull(parcels.deletedAt)))
        .returning();
      if (!row) throw new DomainError('OBJECT_NOT_FOUND');
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'disposed', note: today }]);
      await this.kit.audit(tx, {
        action: 'admin/parcels/dispose',
        objectType: 'parcel',
        objectId: p.id,
        before: { tracking_no: p.trackingNo, status: p.status, inbound_at: p.inboundAt, disposal_notice_at: p.disposalNoticeAt },
        after: { tracking_no: row.trackingNo, disposed_at: at, disposed_by: staffId },
      });
      return { id: p.id, disposed_at: at.toISOString() };
    });
  }
}
