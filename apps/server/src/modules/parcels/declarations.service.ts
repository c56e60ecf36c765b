import {
  defaultCustomsDescription,
  parcelStatuses,
  storageDate,
  type CustomsCategory,
  type Language,
  type Parcel,
  type ParcelStatus,
} from '@pinyou/contract';
import { DomainError } from '../../core/errors.ts';
import { VersionedCache } from '../../core/versioned-cache.ts';
import { accountPort } from '../account/index.ts';
import * as repo from './parcels.repository.ts';
import { suggestCarrier } from './carriers.ts';
import type { Category, Mode } from './pricing.ts';
import { toParcel } from './parcels.view.ts';
import { MIN_GOODS_VALUE_MINOR, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

interface CategoryPage {
  list: Parcel[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<ParcelStatus, number>;
}

/** Every list category with its count (0 for those the owner has none in). */
function countsOf(rows: Array<{ status: string; n: number }>) {
  const counts = Object.fromEntries(parcelStatuses.map((s) => [s, 0])) as Record<ParcelStatus, number>;
  for (const r of rows) if (r.status in counts) counts[r.status as ParcelStatus] = Number(r.n);
  return counts;
}

/** Declared parcels: declaration, the customer's lists and details, low-value parcels to supplement. */
export class DeclarationsService {
  /**
   * Category pages (what the app's tabs ask again and again: each tab, pull to refresh, back from a detail)
   * under the owner's list version: a repeated page costs one primary-key read instead of the page, the
   * counts and the mapping. Any write to the owner's parcels moves the version in its own statement
   * (statement triggers, migration 0017), whichever service or instance made it; pack numbers, the only
   * field read from elsewhere, never change once given.
   */
  private readonly pages: VersionedCache<CategoryPage>;

  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {
    this.pages = new VersionedCache<CategoryPage>(ctx.listCacheEntries ?? 0);
  }

  async declare(
    userId: number,
    i: {
      tracking_no: string;
      goods_name: string;
      goods_value: number;
      quantity: number;
      category: Category;
      mode: Mode;
      remark: string;
      gst_paid_at_purchase?: boolean;
      seller_gst_no?: string;
      customs_description?: string;
      customs_category?: CustomsCategory | '';
    },
    lang: Language,
  ) {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const existing = await repo.findLiveParcelByTracking(tx, i.tracking_no);
        if (existing) throw new DomainError(existing.userId === userId ? 'TRACKING_ALREADY_DECLARED' : 'TRACKING_TAKEN');
        if (i.mode === 'GROUP') await this.kit.requireGroup(tx, userId);
        const carrier = suggestCarrier(i.tracking_no);
        // A parcel that arrived before it was declared is matched here and goes straight to the warehouse list.
        const waiting = await repo.findUnclaimedByTracking(tx, i.tracking_no);
        const arrived = waiting && waiting.status === 'unclaimed' ? waiting : null;
        const p = await repo.insertParcel(tx, {
          userId,
          trackingNo: i.tracking_no,
          carrier,
          goodsName: i.goods_name,
          goodsValueMinor: i.goods_value,
          quantity: i.quantity,
          category: i.category,
          mode: i.mode,
          remark: i.remark,
          gstPaidAtPurchase: !!i.gst_paid_at_purchase,
          sellerGstNo: i.gst_paid_at_purchase ? (i.seller_gst_no ?? '') : '',
          // Not given: a best effort from the goods name (empty, so flagged as missing, when it is not plain ASCII).
          customsDescription: i.customs_description || defaultCustomsDescription(i.goods_name),
          customsCategory: i.customs_category ?? '',
          status: arrived ? 'warehouse' : 'pending',
          ...(arrived
            ? {
                weightG: arrived.weightG,
                lengthMm: arrived.lengthMm,
                widthMm: arrived.widthMm,
                heightMm: arrived.heightMm,
                photos: arrived.photos,
                shelf: arrived.shelf,
                inboundAt: arrived.arrivedAt,
              }
            : {}),
        });
        const events = [
          { parcelId: p.id, event: 'declared' },
          { parcelId: p.id, event: 'courier', note: carrier },
        ];
        if (arrived) {
          await repo.updateUnclaimed(tx, arrived.id, { status: 'confirmed', parcelId: p.id, claimantId: userId });
          events.push({ parcelId: p.id, event: 'inbound', note: arrived.shelf });
        }
        await repo.insertParcelEvents(tx, events);
        return toParcel(p, lang);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('TRACKING_TAKEN');
      throw e;
    }
  }

  async warehouseAddress(userId: number) {
    const [s, u] = await Promise.all([this.ctx.settings.get(), accountPort.findUser(this.ctx.db, userId)]);
    const w = s.warehouse;
    const marker = u?.userAccount ?? String(userId);
    const receiver = `${w.receiver} (${marker})`;
    return {
      ...w,
      receiver,
      marker,
      full_text: `${receiver} ${w.phone}\n${w.province}${w.city}${w.district}${w.address} ${w.postcode}`,
    };
  }

  async counts(userId: number) {
    return countsOf(await repo.countParcelsOfOwnerByStatus(this.ctx.db, userId));
  }

  async list(userId: number, q: Page & { status?: ParcelStatus; statuses?: ParcelStatus[]; keyword?: string }, lang: Language) {
    const statuses = q.statuses ?? (q.status ? [q.status] : undefined);
    if (statuses && !q.keyword) {
      // Read before the page (see VersionedCache): a write in between leaves the page stored under the older version.
      const version = this.pages.enabled ? await repo.findParcelListVersion(this.ctx.db, userId) : 0;
      // The storage fee shown moves daily (UTC+8 days): a page is kept for its day only.
      const key = `${userId}|${statuses.join(',')}|${q.page}|${q.page_size}|${lang}|${storageDate(this.ctx.now())}`;
      const kept = this.pages.get(key, version);
      if (kept) return kept;
      // A category list: the page and the kept counts come in one statement, and the counts say how many the
      // categories hold.
      const found = await repo.findOwnerParcelsPageWithCounts(this.ctx.db, { userId, statuses }, q);
      const counts = found.counts
        ? countsOf(Object.entries(found.counts).map(([status, n]) => ({ status, n })))
        : await this.counts(userId);
      const total = statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
      const page: CategoryPage = { list: await this.kit.parcelList(found.rows, lang), total, page: q.page, page_size: q.page_size, counts };
      this.pages.set(key, version, page);
      return page;
    }
    // A search (or every category at once) counts its matches.
    const [counts, { rows, total }] = await Promise.all([
      this.counts(userId),
      repo.findParcelsPage(this.ctx.db, { userId, statuses, keyword: q.keyword }, q),
    ]);
    return { list: await this.kit.parcelList(rows, lang), total, page: q.page, page_size: q.page_size, counts };
  }

  async recordList(userId: number, q: Page & { keyword?: string }, lang: Language) {
    const { list, total, page, page_size } = await this.list(userId, { ...q, statuses: ['received', 'return'] }, lang);
    return { list, total, page, page_size };
  }

  async detail(userId: number, id: number, lang: Language) {
    return this.kit.parcelDetail(this.ctx.db, await this.kit.ownedParcel(this.ctx.db, userId, id), lang);
  }

  async remove(userId: number, id: number) {
    await this.ctx.db.transaction(async (tx) => {
      const p = await this.kit.ownedParcel(tx, userId, id, true);
      if (p.status !== 'pending') throw new DomainError('PARCEL_NOT_PENDING');
      await repo.updateParcel(tx, p.id, { deletedAt: this.ctx.now() });
    });
    return {};
  }

  async lowValueList(userId: number, q: Page, lang: Language) {
    const { rows, total } = await repo.findParcelsPage(this.ctx.db, { userId, lowValue: true }, q);
    return { list: await this.kit.parcelList(rows, lang), total, page: q.page, page_size: q.page_size };
  }

  async alerts(userId: number, lang: Language) {
    const [lowCount, counts, { rows }] = await Promise.all([
      repo.countLowValueOfOwner(this.ctx.db, userId),
      repo.findPacksPage(this.ctx.db, { userId, status: 'packed' }, { page: 1, page_size: 1 }).then((r) => r.total),
      repo.findParcelsPage(this.ctx.db, { userId, lowValue: true }, { page: 1, page_size: 5 }),
    ]);
    return { low_value_count: lowCount, unpaid_count: counts, list: await this.kit.parcelList(rows, lang) };
  }

  /**
   * Supplements name and/or value. The value must reach ¥1 or what staff asked; a value still too low
   * is refused whole, and the parcel leaves the low-value list once both are good.
   */
  async supplement(userId: number, id: number, patch: { goods_name?: string; goods_value?: number }, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const p = await this.kit.ownedParcel(tx, userId, id, true);
      if (!['pending', 'warehouse'].includes(p.status) || p.packId || p.returnId) throw new DomainError('NOT_LOW_VALUE');
      const min = Math.max(MIN_GOODS_VALUE_MINOR, p.minValueMinor ?? 0);
      if (patch.goods_value !== undefined && patch.goods_value < min)
        throw new DomainError('GOODS_VALUE_TOO_LOW', { min: (min / 100).toFixed(2) });
      const goodsName = patch.goods_name ?? p.goodsName;
      const goodsValueMinor = patch.goods_value ?? p.goodsValueMinor;
      const stillLow = goodsName === '' || goodsValueMinor < min;
      const row = await repo.updateParcel(tx, p.id, {
        goodsName,
        goodsValueMinor,
        // A parcel that arrived without a name gets the same best-effort description a declaration does.
        customsDescription: p.customsDescription || defaultCustomsDescription(goodsName),
        isLowValue: stillLow,
        ...(stillLow ? {} : { minValueMinor: null }),
      });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'edited' }]);
      return toParcel(row, lang);
    });
  }

  /** The customer fills in (or corrects) a parcel's customs line while it is not yet in a pack or a return. */
  async editCustoms(userId: number, id: number, patch: { customs_description: string; customs_category: CustomsCategory }, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const p = await this.kit.ownedParcel(tx, userId, id, true);
      if (!['pending', 'warehouse'].includes(p.status) || p.packId || p.returnId) throw new DomainError('CUSTOMS_LOCKED');
      const row = await repo.updateParcel(tx, p.id, {
        customsDescription: patch.customs_description,
        customsCategory: patch.customs_category,
      });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'edited', note: 'customs' }]);
      return toParcel(row, lang);
    });
  }

  async flagLowValue(id: number, minValueMinor: number, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const p = await repo.findParcelById(tx, id);
      if (!p) throw new DomainError('OBJECT_NOT_FOUND');
      if (!['pending', 'warehouse'].includes(p.status) || p.packId || p.returnId)
        throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      const row = await repo.updateParcel(tx, p.id, { minValueMinor, isLowValue: p.goodsValueMinor < minValueMinor || p.goodsName === '' });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'flagged_low_value', note: `≥ ¥${(minValueMinor / 100).toFixed(2)}` }]);
      await this.kit.audit(tx, {
        action: 'admin/parcels/flagLowValue',
        objectType: 'parcel',
        objectId: p.id,
        before: { tracking_no: p.trackingNo, min_value_minor: p.minValueMinor, is_low_value: p.isLowValue },
        after: { tracking_no: row.trackingNo, min_value_minor: row.minValueMinor, is_low_value: row.isLowValue },
      });
      return toParcel(row, lang);
    });
  }
}
