import type { Language, ParcelStatus } from '@pinyou/contract';
import { hitLimit } from '../../core/kv.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import { accountPort } from '../account/index.ts';
import { findArrivingSoonPage } from './tracking.repository.ts';
import * as repo from './parcels.repository.ts';
import { suggestCarrier } from './carriers.ts';
import type { Category, Mode } from './pricing.ts';
import { addDays, isValidDate } from './dates.ts';
import { toParcel, toUnclaimed } from './parcels.view.ts';
import { parcelArrivedNotice } from './parcels.notices.ts';
import { toPieceRow, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';

export const CLAIM_TRIES_PER_HOUR = 10;

/** The warehouse: scan to shelve, unclaimed parcels, the packing station, and staff lists of parcels and packs. */
export class WarehouseService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  async scanInbound(
    i: {
      tracking_no: string;
      weight_kg: number;
      length_cm: number;
      width_cm: number;
      height_cm: number;
      shelf: string;
      photos: string[];
      dragon_code?: string;
    },
    lang: Language,
  ) {
    const m = toPieceRow(i);
    const measured = { weightG: m.weightG, lengthMm: m.lengthMm, widthMm: m.widthMm, heightMm: m.heightMm, shelf: i.shelf };
    return this.ctx.db.transaction(async (tx) => {
      const p = await repo.findLiveParcelByTracking(tx, i.tracking_no);
      if (p) {
        if (p.status !== 'pending' && !(p.status === 'warehouse' && !p.packId))
          throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
        const first = p.status === 'pending';
        const row = await repo.updateParcel(tx, p.id, {
          ...measured,
          photos: i.photos.length ? i.photos : p.photos,
          status: 'warehouse',
          inboundAt: first ? this.ctx.now() : p.inboundAt,
        });
        await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: first ? 'inbound' : 'reshelved', note: i.shelf }]);
        if (first) await this.ctx.notifications?.notify(tx, parcelArrivedNotice(p));
        return { matched: true, attributed: false, parcel: toParcel(row, lang), unclaimed_id: null };
      }
      const u = await repo.findUnclaimedByTracking(tx, i.tracking_no);
      // Undeclared, but the label carries a member's recipient code: the parcel is that member's (GROUP
      // shipping, goods name and value to be supplemented), as if they had declared it.
      const owner = i.dragon_code && (!u || u.status === 'unclaimed') ? await this.kit.dragonCodeOwner(tx, i.dragon_code) : null;
      if (owner) {
        const photos = i.photos.length ? i.photos : (u?.photos ?? []);
        const row = await repo.insertParcel(tx, {
          userId: owner.userId,
          trackingNo: i.tracking_no,
          carrier: suggestCarrier(i.tracking_no),
          mode: 'GROUP',
          status: 'warehouse',
          isLowValue: true,
          ...measured,
          photos,
          inboundAt: u?.arrivedAt ?? this.ctx.now(),
        });
        await repo.insertParcelEvents(tx, [
          { parcelId: row.id, event: 'inbound', note: i.shelf, at: u?.arrivedAt ?? undefined },
          { parcelId: row.id, event: 'attributed', note: i.dragon_code },
        ]);
        if (u) await repo.updateUnclaimed(tx, u.id, { ...measured, photos, status: 'confirmed', parcelId: row.id });
        await this.ctx.notifications?.notify(tx, parcelArrivedNotice(row));
        return { matched: false, attributed: true, parcel: toParcel(row, lang), unclaimed_id: null };
      }
      if (u) {
        const row = await repo.updateUnclaimed(tx, u.id, { ...measured, photos: i.photos.length ? i.photos : u.photos });
        return { matched: false, attributed: false, parcel: null, unclaimed_id: row.id };
      }
      const row = await repo.insertUnclaimed(tx, {
        trackingNo: i.tracking_no,
        carrier: suggestCarrier(i.tracking_no),
        ...measured,
        photos: i.photos,
      });
      return { matched: false, attributed: false, parcel: null, unclaimed_id: row.id };
    });
  }

  async unclaimedForCustomer(userId: number, q: Page & { keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findUnclaimedPage(this.ctx.db, { statuses: ['unclaimed', 'claimed'], keyword: q.keyword }, q);
    return { list: rows.map((u) => toUnclaimed(u, lang, userId)), total, page: q.page, page_size: q.page_size };
  }

  /** Claims are limited per customer so masked numbers cannot be guessed by trying. */
  async claim(userId: number, id: number, trackingNo: string, lang: Language) {
    const limit = await hitLimit(this.ctx.kv, `claim:${userId}`, CLAIM_TRIES_PER_HOUR, 3600);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', { retryAfter: limit.retryAfter });
    return this.ctx.db.transaction(async (tx) => {
      const u = await repo.findUnclaimedById(tx, id, true);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      if (u.status !== 'unclaimed') throw new DomainError('CLAIM_STATE');
      if (u.trackingNo !== trackingNo) throw new DomainError('CLAIM_MISMATCH');
      const row = await repo.updateUnclaimed(tx, u.id, { status: 'claimed', claimantId: userId, claimedAt: this.ctx.now() });
      return toUnclaimed(row, lang, userId);
    });
  }

  async adminUnclaimed(q: Page & { status?: string }, lang: Language) {
    const { rows, total } = await repo.findUnclaimedPage(this.ctx.db, { statuses: q.status ? [q.status] : undefined }, q);
    const owners = new Map(
      (
        await repo.findUserAccounts(
          this.ctx.db,
          rows.map((r) => r.claimantId).filter((x): x is number => x !== null),
        )
      ).map((u) => [u.id, u.userAccount]),
    );
    return {
      list: rows.map((u) => ({
        ...toUnclaimed(u, lang, null),
        tracking_no: u.trackingNo,
        shelf: u.shelf,
        claimant: u.claimantId ? { user_id: u.claimantId, user_account: owners.get(u.claimantId) ?? '' } : null,
      })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  /** A confirmed claim becomes the claimant's parcel in the warehouse, to be supplemented (name, value). */
  async confirmClaim(id: number, approve: boolean) {
    return this.ctx.db.transaction(async (tx) => {
      const u = await repo.findUnclaimedById(tx, id, true);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      if (u.status !== 'claimed' || !u.claimantId) throw new DomainError('CLAIM_STATE');
      const record = (after: Record<string, unknown>) =>
        this.kit.audit(tx, {
          action: 'admin/parcels/unclaimedConfirm',
          objectType: 'unclaimed',
          objectId: u.id,
          before: { tracking_no: u.trackingNo, status: u.status, claimant_id: u.claimantId },
          after: { tracking_no: u.trackingNo, ...after },
        });
      if (!approve) {
        await repo.updateUnclaimed(tx, u.id, { status: 'unclaimed', claimantId: null, claimedAt: null });
        await record({ status: 'unclaimed', claimant_id: null });
        return { id: u.id, status: 'unclaimed' as const, parcel_id: null };
      }
      if (await repo.findLiveParcelByTracking(tx, u.trackingNo)) throw new DomainError('TRACKING_TAKEN');
      const p = await repo.insertParcel(tx, {
        userId: u.claimantId,
        trackingNo: u.trackingNo,
        carrier: u.carrier,
        status: 'warehouse',
        isLowValue: true,
        weightG: u.weightG,
        lengthMm: u.lengthMm,
        widthMm: u.widthMm,
        heightMm: u.heightMm,
        photos: u.photos,
        shelf: u.shelf,
        inboundAt: u.arrivedAt,
      });
      await repo.insertParcelEvents(tx, [
        { parcelId: p.id, event: 'inbound', note: u.shelf, at: u.arrivedAt },
        { parcelId: p.id, event: 'claimed' },
      ]);
      await repo.updateUnclaimed(tx, u.id, { status: 'confirmed', parcelId: p.id });
      await record({ status: 'confirmed', claimant_id: u.claimantId, parcel_id: p.id });
      return { id: u.id, status: 'confirmed' as const, parcel_id: p.id };
    });
  }

  async packingUsers(keyword: string | undefined) {
    const rows = await repo.findUsersWithAppliedPacks(this.ctx.db, keyword);
    return {
      list: rows.map((r) => ({
        user_id: r.userId,
        user_account: r.userAccount,
        nickname: r.nickname,
        pack_count: r.packCount,
        earliest_pack_date: r.earliest,
      })),
    };
  }

  async packingRequests(userId: number, lang: Language) {
    const rows = (await repo.findPacks(this.ctx.db, { userId, status: 'applied' })).reverse();
    return { list: await Promise.all(rows.map((p) => this.kit.packDetail(this.ctx.db, p, lang))) };
  }

  async adminParcels(
    q: Page & {
      status?: ParcelStatus;
      user_id?: number;
      keyword?: string;
      low_value?: boolean;
      category?: Category;
      mode?: Mode;
      date_kind: 'declared' | 'arrived';
      date_from?: string;
      date_to?: string;
      arriving_soon?: boolean;
    },
    lang: Language,
  ) {
    for (const field of ['date_from', 'date_to'] as const)
      if (q[field] && !isValidDate(q[field])) throw new ValidationError('rule.date', { field });
    // Staff pick calendar days as the warehouse sees them (China time); date_to is inclusive.
    const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
    const dates =
      q.date_from || q.date_to
        ? {
            kind: q.date_kind,
            from: q.date_from ? dayStart(q.date_from) : undefined,
            to: q.date_to ? dayStart(addDays(q.date_to, 1)) : undefined,
          }
        : undefined;
    const { rows, total } = q.arriving_soon
      ? await findArrivingSoonPage(this.ctx.db, q)
      : await repo.findParcelsPage(
          this.ctx.db,
          {
            userId: q.user_id,
            statuses: q.status ? [q.status] : undefined,
            keyword: q.keyword,
            lowValue: q.low_value,
            category: q.category,
            mode: q.mode,
            dates,
          },
          q,
        );
    const owners = new Map(
      (await repo.findUserAccounts(this.ctx.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const list = await this.kit.parcelList(rows, lang);
    return {
      list: list.map((p, idx) => ({ ...p, owner: { user_id: rows[idx].userId, user_account: owners.get(rows[idx].userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async adminParcelDetail(id: number, lang: Language) {
    const p = await repo.findParcelById(this.ctx.db, id);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    const owner = await accountPort.findUser(this.ctx.db, p.userId);
    return { ...(await this.kit.parcelDetail(this.ctx.db, p, lang)), owner: { user_id: p.userId, user_account: owner?.userAccount ?? '' } };
  }

  async adminPacks(q: Page & { status?: string; mode?: string; user_id?: number; batch_id?: number; keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findPacksPage(
      this.ctx.db,
      { userId: q.user_id, status: q.status, mode: q.mode, batchId: q.batch_id, keyword: q.keyword },
      q,
    );
    const owners = new Map(
      (await repo.findUserAccounts(this.ctx.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const views = await this.kit.packViews(this.ctx.db, rows, lang);
    return {
      list: views.map((v, idx) => ({ ...v, owner: { user_id: rows[idx].userId, user_account: owners.get(rows[idx].userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async adminPackDetail(packId: number, lang: Language) {
    const p = await repo.findPackById(this.ctx.db, packId);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return this.kit.packDetail(this.ctx.db, p, lang);
  }
}
