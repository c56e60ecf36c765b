import { sql } from 'drizzle-orm';
import { dispatchSlots, logisticsStages, type Language, type LogisticsStage } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import * as repo from './parcels.repository.ts';
import type { PackRow, ParcelRow } from './parcels.repository.ts';
import { cbmText, type Mode } from './pricing.ts';
import {
  addDays,
  chinaDate,
  compactDate,
  DISPATCH_WINDOW_DAYS,
  firstPackDate,
  isValidDate,
  PACK_DATE_WINDOW_DAYS,
  singaporeDate,
} from './dates.ts';
import { sgd } from '@pinyou/contract';
import { stageText, toHistory } from './parcels.view.ts';
import { stateError, type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { changes } from '../audit/index.ts';

/** Outbound batches and their logistics stages, tracking and receipt, packing dates, holidays and delivery times. */
/** Shipping modes as people say them, for messages. */
const SHIPPING_MODE_TEXT: Record<string, { en: string; zh_CN: string }> = {
  SEA: { en: 'sea', zh_CN: '海运' },
  GROUP: { en: 'group sea', zh_CN: '拼邮海运' },
  AIR: { en: 'air', zh_CN: '空运' },
};

export class ShippingService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  private async batchView(tx: Tx, b: repo.BatchRow, userId?: number) {
    const [t] = await repo.findBatchTotals(tx, [b.id], userId);
    return {
      id: b.id,
      batch_no: b.batchNo,
      mode: b.mode as Mode,
      container: b.container,
      pack_date: b.packDate,
      total_volume_cbm: cbmText(t?.volume ?? 0),
      total_amount: sgd(t?.amount ?? 0),
      status: b.status as 'open',
      stage: (b.stage as LogisticsStage) ?? null,
      unit_price: b.unitPriceMinor !== null ? sgd(b.unitPriceMinor) : null,
      pack_count: t?.n ?? 0,
      created_at: b.createdAt.toISOString(),
    };
  }

  async batchDetail(batchId: number, lang: Language, tx: Tx = this.ctx.db) {
    const b = await repo.findBatchById(tx, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const [view, events, packRows] = await Promise.all([
      this.batchView(tx, b),
      repo.findStageEventsOfBatch(tx, b.id),
      repo.findPacksOfBatch(tx, b.id),
    ]);
    const owners = new Map(
      (await repo.findUserAccounts(tx, [...new Set(packRows.map((p) => p.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const views = await this.kit.packViews(tx, packRows, lang);
    return {
      ...view,
      stages: events.map((e) => ({
        stage: e.stage as LogisticsStage,
        text: stageText(e.stage, lang),
        note: e.note,
        at: e.at.toISOString(),
      })),
      packs: views.map((v, idx) => ({
        ...v,
        owner: { user_id: packRows[idx].userId, user_account: owners.get(packRows[idx].userId) ?? '' },
      })),
    };
  }

  async createBatch(i: { mode: Mode; container: string; pack_date: string; /** SGD minor units per cbm. */ unit_price?: number }) {
    return this.ctx.db.transaction(async (tx) => {
      const id = await this.kit.nextId(tx, 'outbound_batches');
      const b = await repo.insertBatch(tx, {
        id,
        batchNo: `${i.mode.slice(0, 1)}${compactDate(this.ctx.now())}${String(id).padStart(4, '0')}`,
        mode: i.mode,
        container: i.container,
        packDate: i.pack_date,
        unitPriceMinor: i.unit_price ?? null,
      });
      await this.kit.audit(tx, { action: 'admin/parcels/batchCreate', objectType: 'batch', objectId: b.id, ...changes(null, b) });
      return this.batchView(tx, b);
    });
  }

  async batches(q: Page & { status?: string; mode?: string }) {
    const { rows, total } = await repo.findBatchesPage(this.ctx.db, q, q);
    return { list: await Promise.all(rows.map((b) => this.batchView(this.ctx.db, b))), total, page: q.page, page_size: q.page_size };
  }

  async addPacksToBatch(batchId: number, packIds: number[], lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      if (b.status !== 'open') throw new DomainError('BATCH_STATE');
      const rows = await repo.findPacksByIds(tx, [...new Set(packIds)]);
      if (rows.length !== new Set(packIds).size) throw new DomainError('OBJECT_NOT_FOUND');
      for (const p of rows) {
        // Each refusal says its own reason: the wrong mode or another batch is not "this pack is paid".
        if (p.mode !== b.mode) {
          const mode = (m: string) => (SHIPPING_MODE_TEXT[m] ?? { en: m, zh_CN: m })[lang];
          throw new DomainError('PACK_MODE_MISMATCH', { pack: p.packNo, packMode: mode(p.mode), batchMode: mode(b.mode) });
        }
        if (p.batchId && p.batchId !== b.id) {
          const other = await repo.findBatchById(tx, p.batchId, false);
          throw new DomainError('PACK_IN_OTHER_BATCH', { pack: p.packNo, batch: other?.batchNo ?? p.batchId });
        }
        if (p.status !== 'paid') throw stateError('PACK_STATE', p.status, 'ship', lang);
        await repo.updatePack(tx, p.id, { batchId: b.id });
        await this.kit.audit(tx, {
          action: 'admin/parcels/batchAddPacks',
          objectType: 'pack',
          objectId: p.id,
          before: { pack_no: p.packNo, batch_id: p.batchId },
          after: { pack_no: p.packNo, batch_id: b.id },
        });
      }
    });
    return this.batchDetail(batchId, lang);
  }

  async removePackFromBatch(batchId: number, packId: number, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      if (b.status !== 'open') throw new DomainError('BATCH_STATE');
      const p = await repo.findPackById(tx, packId, true);
      if (!p || p.batchId !== b.id) throw new DomainError('OBJECT_NOT_FOUND');
      await repo.updatePack(tx, p.id, { batchId: null });
      await this.kit.audit(tx, {
        action: 'admin/parcels/batchRemovePack',
        objectType: 'pack',
        objectId: p.id,
        before: { pack_no: p.packNo, batch_id: b.id },
        after: { pack_no: p.packNo, batch_id: null },
      });
    });
    return this.batchDetail(batchId, lang);
  }

  /**
   * Moves a batch forward (stages may be skipped, never repeated or reversed). Every pack follows:
   * shipped from the first stage, asked for a delivery time at unpacking, delivered at the end.
   */
  async advanceBatch(staffId: number, batchId: number, stage: LogisticsStage, note: string, at: Date | undefined, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      const current = b.stage ? logisticsStages.indexOf(b.stage as LogisticsStage) : -1;
      const next = logisticsStages.indexOf(stage);
      if (next <= current) throw new DomainError('STAGE_ORDER', { current: stageText(b.stage!, lang) });
      const when = at ?? this.ctx.now();
      await repo.insertStageEvent(tx, { batchId: b.id, stage, note, staffId, at: when });
      const delivered = stage === 'delivered';
      await repo.updateBatch(tx, b.id, { stage, status: delivered ? 'delivered' : 'shipping' });
      await repo.updatePacksOfBatch(tx, b.id, { status: 'shipped', shippedAt: when }, ['paid']);
      await repo.updatePacksOfBatch(tx, b.id, { stage });
      if (next >= logisticsStages.indexOf('unpacking_delivery')) {
        await tx.execute(sql`update packs set dispatch_status = 'waiting' where batch_id = ${b.id} and dispatch_status = 'none'`);
      }
      if (delivered) await repo.updatePacksOfBatch(tx, b.id, { status: 'delivered', deliveredAt: when }, ['shipped']);
      await this.kit.audit(tx, {
        action: 'admin/parcels/batchAdvance',
        objectType: 'batch',
        objectId: b.id,
        before: { batch_no: b.batchNo, stage: b.stage, status: b.status },
        after: { batch_no: b.batchNo, stage, status: delivered ? 'delivered' : 'shipping', note, at: when.toISOString() },
      });
    });
    return this.batchDetail(batchId, lang);
  }

  async customerBatches(userId: number, q: Page) {
    const ids = await repo.findBatchIdsOfOwner(this.ctx.db, userId);
    const { rows, total } = await repo.findBatchesPage(this.ctx.db, { ids }, q);
    return {
      list: await Promise.all(rows.map((b) => this.batchView(this.ctx.db, b, userId))),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async customerBatchPacks(userId: number, batchId: number, lang: Language) {
    const ids = await repo.findBatchIdsOfOwner(this.ctx.db, userId);
    if (!ids.includes(batchId)) throw new DomainError('OBJECT_NOT_FOUND');
    const b = (await repo.findBatchById(this.ctx.db, batchId))!;
    const rows = await repo.findPacks(this.ctx.db, { userId, batchId });
    return { batch: await this.batchView(this.ctx.db, b, userId), list: await this.kit.packViews(this.ctx.db, rows, lang) };
  }

  async logistics(userId: number, i: { pack_id?: number; parcel_id?: number; tracking_no?: string }, lang: Language) {
    let parcel: ParcelRow | null = null;
    let pack: PackRow | null = null;
    if (i.pack_id) pack = await this.kit.ownedPack(this.ctx.db, userId, i.pack_id);
    else if (i.parcel_id) parcel = await this.kit.ownedParcel(this.ctx.db, userId, i.parcel_id);
    else {
      const found = await repo.findLiveParcelByTracking(this.ctx.db, i.tracking_no!.trim().toUpperCase());
      parcel = found && found.userId === userId ? found : null;
      if (!parcel) {
        const byPack = (await repo.findPacks(this.ctx.db, { userId, keyword: i.tracking_no!.trim() })).find(
          (p) => p.packNo === i.tracking_no!.trim().toUpperCase(),
        );
        pack = byPack ?? null;
      }
    }
    if (parcel?.packId) pack = await repo.findPackById(this.ctx.db, parcel.packId);
    // Looked up by pack, the history is its parcels' (courier, warehouse), as when looked up by one parcel.
    const parcelIds = parcel ? [parcel.id] : pack ? (await repo.findParcelsOfPacks(this.ctx.db, [pack.id])).map((p) => p.id) : [];
    const eventRows = (await Promise.all(parcelIds.map((id) => repo.findEventsOfParcel(this.ctx.db, id)))).flat();
    const events = toHistory(
      eventRows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id),
      lang,
    );
    const batchEvents = pack?.batchId ? await repo.findStageEventsOfBatch(this.ctx.db, pack.batchId) : [];
    const reached = new Map(batchEvents.map((e) => [e.stage, e.at.toISOString()]));
    const currentIdx = pack?.stage ? logisticsStages.indexOf(pack.stage as LogisticsStage) : -1;
    const stages = logisticsStages.map((s, idx) => ({
      stage: s,
      text: stageText(s, lang),
      done: idx <= currentIdx,
      at: reached.get(s) ?? null,
    }));
    const hasInfo = events.length > 0 || currentIdx >= 0;
    return {
      has_info: hasInfo,
      message: hasInfo ? '' : lang === 'en' ? 'No logistics info' : '暂无物流信息',
      tracking_no: parcel?.trackingNo ?? i.tracking_no ?? '',
      pack_no: pack?.packNo ?? null,
      stage: currentIdx >= 0 ? logisticsStages[currentIdx] : null,
      stages: currentIdx >= 0 || pack ? stages : [],
      events,
    };
  }

  async sign(userId: number, packId: number, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const pack = await this.kit.ownedPack(tx, userId, packId, true);
      const atDoor = pack.status === 'delivered' || (pack.status === 'shipped' && pack.stage === 'unpacking_delivery');
      if (!atDoor) throw stateError('PACK_STATE', pack.status, 'sign', lang);
      const now = this.ctx.now();
      const row = await repo.updatePack(tx, pack.id, { status: 'received', receivedAt: now, deliveredAt: pack.deliveredAt ?? now });
      const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
      await repo.updateParcelsOfPack(tx, pack.id, { status: 'received', receivedAt: now });
      await repo.insertParcelEvents(
        tx,
        parcelRows.map((p) => ({ parcelId: p.id, event: 'received', note: pack.packNo })),
      );
      return this.kit.packView(tx, row, lang);
    });
  }

  async vacation() {
    const rows = await repo.findHolidaysFrom(this.ctx.db, chinaDate(this.ctx.now()));
    return { list: rows.map((h) => ({ id: h.id, date: h.date, reason: h.reason })) };
  }

  async packDates(userId: number, lang: Language) {
    const first = firstPackDate(this.ctx.now());
    const holidays = new Map((await repo.findHolidaysFrom(this.ctx.db, first)).map((h) => [h.date, h.reason]));
    const dates = Array.from({ length: PACK_DATE_WINDOW_DAYS }, (_, k) => addDays(first, k)).map((date) => ({
      date,
      available: !holidays.has(date),
      reason: holidays.get(date) ?? '',
    }));
    const booked = (await repo.findPacks(this.ctx.db, { userId, status: 'applied' })).filter((p) => p.packDate);
    return { first_date: first, dates, appointments: await this.kit.packViews(this.ctx.db, booked, lang) };
  }

  private dispatchDates() {
    const first = addDays(singaporeDate(this.ctx.now()), 1);
    return Array.from({ length: DISPATCH_WINDOW_DAYS }, (_, k) => addDays(first, k));
  }

  async dispatchInfo(userId: number, lang: Language) {
    const rows = (await repo.findPacks(this.ctx.db, { userId, statuses: ['shipped', 'delivered'] })).filter(
      (p) => p.dispatchStatus !== 'none',
    );
    return { list: await this.kit.packViews(this.ctx.db, rows, lang), dates: this.dispatchDates(), slots: [...dispatchSlots] };
  }

  async setDispatch(userId: number, packId: number, date: string, slot: string, lang: Language) {
    return this.ctx.db.transaction(async (tx) => {
      const pack = await this.kit.ownedPack(tx, userId, packId, true);
      if (pack.dispatchStatus === 'none' || !['shipped', 'delivered'].includes(pack.status)) throw new DomainError('DISPATCH_STATE');
      if (!this.dispatchDates().includes(date)) throw new DomainError('DISPATCH_DATE_INVALID');
      const row = await repo.updatePack(tx, pack.id, { dispatchStatus: 'confirmed', dispatchDate: date, dispatchSlot: slot });
      return this.kit.packView(tx, row, lang);
    });
  }

  async holidays() {
    const rows = await repo.findHolidaysFrom(this.ctx.db);
    return { list: rows.map((h) => ({ id: h.id, date: h.date, reason: h.reason })) };
  }

  async saveHoliday(i: { id?: number; date: string; reason: string }) {
    if (!isValidDate(i.date)) throw new ValidationError('rule.date', { field: 'date' });
    try {
      return await this.ctx.db.transaction(async (tx) => {
        const before = i.id ? await repo.findHolidayById(tx, i.id) : null;
        const row = i.id && !before ? null : await repo.saveHoliday(tx, i.id, { date: i.date, reason: i.reason });
        if (!row) throw new DomainError('OBJECT_NOT_FOUND');
        await this.kit.audit(tx, {
          action: 'admin/parcels/holidaySave',
          objectType: 'holiday',
          objectId: row.id,
          ...changes(before, row, ['date']),
        });
        return { id: row.id, date: row.date, reason: row.reason };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('HOLIDAY_EXISTS', { date: i.date });
      throw e;
    }
  }

  async deleteHoliday(id: number) {
    await this.ctx.db.transaction(async (tx) => {
      const before = await repo.findHolidayById(tx, id);
      if (!before || !(await repo.deleteHoliday(tx, id))) throw new DomainError('OBJECT_NOT_FOUND');
      await this.kit.audit(tx, { action: 'admin/parcels/holidayDelete', objectType: 'holiday', objectId: id, ...changes(before, null) });
    });
    return {};
  }
}
