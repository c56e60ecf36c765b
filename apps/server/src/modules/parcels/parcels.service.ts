import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  dispatchSlots,
  logisticsStages,
  parcelStatuses,
  returns as returnRules,
  type Language,
  type LogisticsStage,
  type ParcelStatus,
  type PieceInput,
} from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { hitLimit, type Kv } from '../../core/kv.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import type { BillingPort, Bill } from '../wallet/billing.port.ts';
import type { SettingsService } from '../system/settings.service.ts';
import { findUserById } from '../account/account.repository.ts';
import { findDefaultAddressOfOwner, findOwnedAddress } from '../account/address.repository.ts';
import * as repo from './parcels.repository.ts';
import type { PackRow, ParcelRow } from './parcels.repository.ts';
import type { AddressSnapshot, PieceRow } from './parcels.schema.ts';
import { suggestCarrier } from './carriers.ts';
import { parcelArrivedNotice } from './parcels.notices.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import {
  defaultRateCards,
  quote,
  sgd,
  type Category,
  type Mode,
  type QuoteResult,
  type RateCardRates,
  cbmText,
  kgText,
  stepsText,
} from './pricing.ts';
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
import { quoteLinesOf, rmb, sgdMoney, stageText, toHistory, toPack, toParcel, toReturn, toUnclaimed } from './parcels.view.ts';

type Page = { page: number; page_size: number };
const MIN_GOODS_VALUE_MINOR = 100;
export const CLAIM_TRIES_PER_HOUR = 10;
const categoryRank: Record<string, number> = { normal: 0, sensitive: 1, special: 2 };

export const toPieceRow = (p: PieceInput): PieceRow => ({
  weightG: Math.round(p.weight_kg * 1000),
  lengthMm: Math.round(p.length_cm * 10),
  widthMm: Math.round(p.width_cm * 10),
  heightMm: Math.round(p.height_cm * 10),
});

function isUniqueViolation(e: unknown): boolean {
  let c = e as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && c; i++) {
    if (c.code === '23505') return true;
    c = c.cause as typeof c;
  }
  return false;
}

const statusText: Record<string, { en: string; zh_CN: string }> = {
  applied: { en: 'waiting to be packed', zh_CN: '待打包' },
  packed: { en: 'awaiting payment', zh_CN: '待支付' },
  paid: { en: 'paid', zh_CN: '已支付' },
  shipped: { en: 'shipped', zh_CN: '已发货' },
  delivered: { en: 'delivered', zh_CN: '已送达' },
  received: { en: 'received', zh_CN: '已签收' },
  cancelled: { en: 'cancelled', zh_CN: '已取消' },
  review: { en: 'under review', zh_CN: '审核中' },
  pay: { en: 'awaiting payment', zh_CN: '待支付' },
  sent: { en: 'sent', zh_CN: '已寄出' },
  rejected: { en: 'rejected', zh_CN: '已拒绝' },
};
const actionText: Record<string, { en: string; zh_CN: string }> = {
  cancel: { en: 'cancelled', zh_CN: '取消' },
  pay: { en: 'paid', zh_CN: '支付' },
  measure: { en: 'packed again', zh_CN: '再次打包' },
  edit: { en: 'changed', zh_CN: '修改' },
  sign: { en: 'signed for', zh_CN: '签收' },
  ship: { en: 'put in a batch', zh_CN: '装入批次' },
  review: { en: 'reviewed', zh_CN: '审核' },
  send: { en: 'sent', zh_CN: '寄出' },
  book: { en: 'booked', zh_CN: '预约' },
};
/** An illegal transition: the message names the current state and the refused action (rendered in the caller's language by the error handler). */
function stateError(code: 'PACK_STATE' | 'RETURN_STATE', status: string, action: string, lang: Language = 'en'): DomainError {
  return new DomainError(code, { status: statusText[status]?.[lang] ?? status, action: actionText[action]?.[lang] ?? action });
}

export interface QuoteRequest {
  mode: Mode;
  category: Category;
  pieces: PieceRow[];
  declaredValueRmbMinor: number;
  isCut: boolean;
  individualClearance: boolean;
}

/**
 * Parcels from declaration to the customer's door. Every customer call checks ownership first and
 * answers OBJECT_NOT_FOUND for anything not the caller's. Charges go through the BillingPort: the pack
 * moves on only when the wallet says its bill is paid (onPaid, inside the payment transaction).
 */
export class ParcelsService {
  /** Set by the module when notifications are wired. */
  notifications: NotificationsPort | null = null;
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly billing: BillingPort,
    private readonly kv: Kv,
    private readonly now: () => Date = () => new Date(),
  ) {
    billing.onPaid('pack', (tx, bill) => this.packPaid(tx, bill));
    billing.onRefunded('pack', (tx, bill) => this.packRefunded(tx, bill));
    billing.onPaid('return', (tx, bill) => this.returnPaid(tx, bill));
    // Spec §5: orders lacking goods name or value cannot be paid on behalf.
    billing.canPayOnBehalf('pack', async (tx, bill) => {
      const rows = await repo.findParcelsOfPacks(tx, [bill.refId]);
      return rows.every((p) => !p.isLowValue && p.goodsName !== '' && p.goodsValueMinor >= MIN_GOODS_VALUE_MINOR);
    });
  }

  private linkKeyCache: string | null = null;

  /**
   * The key of signed download links (waybills). The request-signing secret is given to every browser,
   * so links are signed with this server-only key instead, created once and kept in the database.
   */
  async linkKey(): Promise<string> {
    this.linkKeyCache ??= await repo.findOrCreateSecretSetting(this.db, 'parcels.link_key', randomBytes(32).toString('hex'));
    return this.linkKeyCache;
  }

  // ---------------------------------------------------------------------------------------------
  // Declaration and lists
  // ---------------------------------------------------------------------------------------------

  async declare(
    userId: number,
    i: { tracking_no: string; goods_name: string; goods_value: number; quantity: number; category: Category; mode: Mode; remark: string },
    lang: Language,
  ) {
    try {
      return await this.db.transaction(async (tx) => {
        const existing = await repo.findLiveParcelByTracking(tx, i.tracking_no);
        if (existing) throw new DomainError(existing.userId === userId ? 'TRACKING_ALREADY_DECLARED' : 'TRACKING_TAKEN');
        if (i.mode === 'GROUP') await this.requireGroup(tx, userId);
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

  // The groups module owns membership; it replaces this (group-packs.port.ts) and may refuse (blacklisted).
  private groupOf = async (tx: Tx, userId: number) => (await findUserById(tx, userId))?.groupId ?? null;
  setGroupResolver(fn: (tx: Tx, userId: number) => Promise<number | null>) {
    this.groupOf = fn;
  }

  private async requireGroup(tx: Tx, userId: number) {
    const groupId = await this.groupOf(tx, userId);
    if (!groupId) throw new DomainError('GROUP_REQUIRED');
    return groupId;
  }

  async warehouseAddress(userId: number) {
    const [s, u] = await Promise.all([this.settings.get(), findUserById(this.db, userId)]);
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

  private async packNos(tx: Tx, rows: ParcelRow[]) {
    const ids = [...new Set(rows.map((r) => r.packId).filter((x): x is number => x !== null))];
    const packRows = ids.length ? await Promise.all(ids.map((id) => repo.findPackById(tx, id))) : [];
    return new Map(packRows.filter((p): p is PackRow => !!p).map((p) => [p.id, p.packNo]));
  }

  private async parcelList(rows: ParcelRow[], lang: Language) {
    const nos = await this.packNos(this.db, rows);
    return rows.map((r) => toParcel(r, lang, r.packId ? (nos.get(r.packId) ?? null) : null));
  }

  async counts(userId: number) {
    const rows = await repo.countParcelsOfOwnerByStatus(this.db, userId);
    const counts = Object.fromEntries(parcelStatuses.map((s) => [s, 0])) as Record<ParcelStatus, number>;
    for (const r of rows) if (r.status in counts) counts[r.status as ParcelStatus] = r.n;
    return counts;
  }

  async list(userId: number, q: Page & { status?: ParcelStatus; statuses?: ParcelStatus[]; keyword?: string }, lang: Language) {
    const statuses = q.statuses ?? (q.status ? [q.status] : undefined);
    const [{ rows, total }, counts] = await Promise.all([
      repo.findParcelsPage(this.db, { userId, statuses, keyword: q.keyword }, q),
      this.counts(userId),
    ]);
    return { list: await this.parcelList(rows, lang), total, page: q.page, page_size: q.page_size, counts };
  }

  async recordList(userId: number, q: Page & { keyword?: string }, lang: Language) {
    const { list, total, page, page_size } = await this.list(userId, { ...q, statuses: ['received', 'return'] }, lang);
    return { list, total, page, page_size };
  }

  private async ownedParcel(tx: Tx, userId: number, id: number, lock = false) {
    const p = await repo.findOwnedParcel(tx, userId, id, lock);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  private async parcelDetail(tx: Tx, p: ParcelRow, lang: Language) {
    const [events, pack] = await Promise.all([repo.findEventsOfParcel(tx, p.id), p.packId ? repo.findPackById(tx, p.packId) : null]);
    const packView = pack ? await this.packView(tx, pack, lang) : null;
    return { ...toParcel(p, lang, pack?.packNo ?? null), history: toHistory(events, lang), pack: packView };
  }

  async detail(userId: number, id: number, lang: Language) {
    return this.parcelDetail(this.db, await this.ownedParcel(this.db, userId, id), lang);
  }

  async remove(userId: number, id: number) {
    await this.db.transaction(async (tx) => {
      const p = await this.ownedParcel(tx, userId, id, true);
      if (p.status !== 'pending') throw new DomainError('PARCEL_NOT_PENDING');
      await repo.updateParcel(tx, p.id, { deletedAt: this.now() });
    });
    return {};
  }

  // ---------------------------------------------------------------------------------------------
  // Low-value parcels
  // ---------------------------------------------------------------------------------------------

  async lowValueList(userId: number, q: Page, lang: Language) {
    const { rows, total } = await repo.findParcelsPage(this.db, { userId, lowValue: true }, q);
    return { list: await this.parcelList(rows, lang), total, page: q.page, page_size: q.page_size };
  }

  async alerts(userId: number, lang: Language) {
    const [lowCount, counts, { rows }] = await Promise.all([
      repo.countLowValueOfOwner(this.db, userId),
      repo.findPacksPage(this.db, { userId, status: 'packed' }, { page: 1, page_size: 1 }).then((r) => r.total),
      repo.findParcelsPage(this.db, { userId, lowValue: true }, { page: 1, page_size: 5 }),
    ]);
    return { low_value_count: lowCount, unpaid_count: counts, list: await this.parcelList(rows, lang) };
  }

  /**
   * Supplements name and/or value. The value must reach ¥1 or what staff asked; a value still too low
   * is refused whole, and the parcel leaves the low-value list once both are good.
   */
  async supplement(userId: number, id: number, patch: { goods_name?: string; goods_value?: number }, lang: Language) {
    return this.db.transaction(async (tx) => {
      const p = await this.ownedParcel(tx, userId, id, true);
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
        isLowValue: stillLow,
        ...(stillLow ? {} : { minValueMinor: null }),
      });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'edited' }]);
      return toParcel(row, lang);
    });
  }

  async flagLowValue(id: number, minValueMinor: number, lang: Language) {
    return this.db.transaction(async (tx) => {
      const p = await repo.findParcelById(tx, id);
      if (!p) throw new DomainError('OBJECT_NOT_FOUND');
      if (!['pending', 'warehouse'].includes(p.status) || p.packId || p.returnId)
        throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      const row = await repo.updateParcel(tx, p.id, { minValueMinor, isLowValue: p.goodsValueMinor < minValueMinor || p.goodsName === '' });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'flagged_low_value', note: `≥ ¥${(minValueMinor / 100).toFixed(2)}` }]);
      return toParcel(row, lang);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Freight
  // ---------------------------------------------------------------------------------------------

  async rateCard(tx: Tx, mode: Mode, category: Category): Promise<RateCardRates> {
    const card = await repo.findRateCard(tx, mode, category);
    if (!card) throw new DomainError('RATE_CARD_MISSING', { mode, category });
    return { ...card, mode, category };
  }

  /** Prices with the rate card read in `tx`; settings are read by the caller before any transaction (PGlite has one connection). */
  async price(tx: Tx, q: QuoteRequest, exchangeRate: string): Promise<QuoteResult> {
    const card = await this.rateCard(tx, q.mode, q.category);
    return quote(card, { ...q, exchangeRate });
  }

  quoteView(r: QuoteResult, lang: Language) {
    const note = {
      en: 'Estimate of Singapore GST at 9% on the declared value; customs decide the final amount.',
      zh_CN: '按申报价值9%估算的新加坡消费税，最终以海关为准。',
    };
    return {
      mode: r.mode,
      category: r.category,
      size_class: r.sizeClass,
      volume_cbm: cbmText(r.volumeMm3),
      billed_volume_cbm: stepsText(r.billedSteps),
      actual_weight_kg: kgText(r.actualWeightG),
      chargeable_weight_kg: kgText(r.chargeableWeightG),
      oversize: r.oversize,
      rate_text: r.rateText[lang],
      lines: r.lines.map((l) => ({ code: l.code, label: l.label[lang], detail: l.detail[lang], amount: sgdMoney(l.amountMinor) })),
      total: sgdMoney(r.totalMinor),
      gst: {
        declared_value: rmb(r.gst.declaredValueRmbMinor),
        declared_value_sgd: sgdMoney(r.gst.declaredValueSgdMinor),
        rate_percent: r.gst.ratePercent,
        estimate: sgdMoney(r.gst.estimateMinor),
        note: note[lang],
      },
    };
  }

  async freight(
    i: {
      mode: Mode;
      category: Category;
      pieces?: PieceInput[];
      weight_kg?: number;
      length_cm?: number;
      width_cm?: number;
      height_cm?: number;
      goods_value?: number;
      is_cut?: boolean;
      individual_clearance?: boolean;
    },
    lang: Language,
  ) {
    const pieces = i.pieces?.length
      ? i.pieces
      : [{ weight_kg: i.weight_kg!, length_cm: i.length_cm!, width_cm: i.width_cm!, height_cm: i.height_cm! }];
    const { exchange_rate } = await this.settings.get();
    const r = await this.price(
      this.db,
      {
        mode: i.mode,
        category: i.category,
        pieces: pieces.map(toPieceRow),
        declaredValueRmbMinor: i.goods_value ?? 0,
        isCut: !!i.is_cut,
        individualClearance: !!i.individual_clearance,
      },
      exchange_rate,
    );
    return this.quoteView(r, lang);
  }

  /** Market defaults for a fresh installation; existing cards are left as staff set them. */
  async ensureDefaultRateCards() {
    for (const c of defaultRateCards) {
      const exists = await repo.findRateCardByKey(this.db, c.mode, c.category);
      if (!exists) await repo.insertRateCard(this.db, c);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Packing requests
  // ---------------------------------------------------------------------------------------------

  async packableList(userId: number, mode: Mode | undefined, lang: Language) {
    const rows = await repo.findPackableParcelsOfOwner(this.db, userId, mode);
    return { list: rows.map((r) => toParcel(r, lang)) };
  }

  /** Owned, in the warehouse, free, supplemented: otherwise a clear refusal naming the parcel. */
  private async packableParcels(tx: Tx, userId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findOwnedParcelsByIds(tx, userId, unique);
    if (rows.length !== unique.length) throw new DomainError('OBJECT_NOT_FOUND');
    for (const p of rows) {
      if (p.status !== 'warehouse' || p.packId || p.returnId)
        throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      if (p.isLowValue) throw new DomainError('PARCEL_NEEDS_EDIT', { tracking_no: p.trackingNo });
    }
    return rows;
  }

  private async checkPackDate(tx: Tx, date: string) {
    const first = firstPackDate(this.now());
    if (!isValidDate(date)) throw new ValidationError('rule.date', { field: 'pack_date' });
    if (date < first) throw new DomainError('PACK_DATE_TOO_EARLY', { date: first });
    if (await repo.findHolidayByDate(tx, date)) throw new DomainError('PACK_DATE_HOLIDAY', { date });
  }

  async checkApplyPack(userId: number, ids: number[], mode: Mode, lang: Language) {
    return this.db.transaction(async (tx) => {
      const rows = await this.packableParcels(tx, userId, ids);
      if (mode === 'GROUP') await this.requireGroup(tx, userId);
      const addr = await findDefaultAddressOfOwner(tx, userId);
      const weight = rows.reduce((s, p) => s + (p.weightG ?? 0), 0);
      const volume = rows.reduce((s, p) => s + (p.lengthMm ?? 0) * (p.widthMm ?? 0) * (p.heightMm ?? 0), 0);
      return {
        parcels: rows.map((r) => toParcel(r, lang)),
        address: addr
          ? {
              id: addr.id,
              receiver: addr.receiver,
              phone: addr.phone,
              district: addr.district,
              address: addr.address,
              postcode: addr.postcode,
            }
          : null,
        has_default_address: !!addr,
        first_pack_date: firstPackDate(this.now()),
        total_weight_kg: kgText(weight),
        total_volume_cbm: cbmText(volume),
      };
    });
  }

  private async nextId(tx: Tx, table: 'packs' | 'outbound_batches'): Promise<number> {
    const res = await tx.execute<{ id: number }>(sql.raw(`select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id`));
    return (res as unknown as { rows: Array<{ id: number }> }).rows[0].id;
  }

  async applyPack(
    userId: number,
    i: {
      parcel_ids: number[];
      mode: Mode;
      address_id?: number;
      pack_date?: string;
      is_cut: boolean;
      individual_clearance: boolean;
      remark: string;
    },
    lang: Language,
  ) {
    return this.db.transaction(async (tx) => {
      if (i.pack_date) await this.checkPackDate(tx, i.pack_date);
      const rows = await this.packableParcels(tx, userId, i.parcel_ids);
      const groupId = i.mode === 'GROUP' ? await this.requireGroup(tx, userId) : null;
      // Spec §5: a default shipping address must exist before a packing date is booked.
      const def = await findDefaultAddressOfOwner(tx, userId);
      if (!def) throw new DomainError('DEFAULT_ADDRESS_REQUIRED');
      const addr = i.address_id ? await findOwnedAddress(tx, userId, i.address_id) : def;
      if (!addr) throw new DomainError('OBJECT_NOT_FOUND');
      const category = rows.reduce((c, p) => (categoryRank[p.category] > categoryRank[c] ? p.category : c), 'normal');
      const id = await this.nextId(tx, 'packs');
      const snapshot: AddressSnapshot = {
        receiver: addr.receiver,
        phone: addr.phone,
        district: addr.district,
        address: addr.address,
        postcode: addr.postcode,
      };
      const pack = await repo.insertPack(tx, {
        id,
        packNo: `PK${compactDate(this.now())}${String(id).padStart(6, '0')}`,
        userId,
        mode: i.mode,
        groupId,
        address: snapshot,
        packDate: i.pack_date ?? null,
        isCut: i.is_cut,
        individualClearance: i.individual_clearance,
        category,
        remark: i.remark,
        declaredValueMinor: rows.reduce((s, p) => s + p.goodsValueMinor, 0),
      });
      const ids = rows.map((r) => r.id);
      await repo.updateParcelsByIds(tx, ids, { packId: pack.id, mode: i.mode });
      await repo.insertParcelEvents(
        tx,
        ids.map((parcelId) => ({ parcelId, event: 'pack_applied', note: pack.packNo })),
      );
      return this.packDetail(tx, pack, lang);
    });
  }

  async packView(tx: Tx, p: PackRow, lang: Language) {
    const [parcelRows, batch] = await Promise.all([
      repo.findParcelsOfPacks(tx, [p.id]),
      p.batchId ? repo.findBatchById(tx, p.batchId) : null,
    ]);
    return toPack(p, lang, parcelRows.length, batch?.batchNo ?? null);
  }

  private async packViews(tx: Tx, rows: PackRow[], lang: Language) {
    const parcelRows = await repo.findParcelsOfPacks(
      tx,
      rows.map((r) => r.id),
    );
    const batchIds = [...new Set(rows.map((r) => r.batchId).filter((x): x is number => x !== null))];
    const batches = await Promise.all(batchIds.map((b) => repo.findBatchById(tx, b)));
    const batchNo = new Map(batches.filter((b) => !!b).map((b) => [b!.id, b!.batchNo]));
    return rows.map((p) =>
      toPack(p, lang, parcelRows.filter((x) => x.packId === p.id).length, p.batchId ? (batchNo.get(p.batchId) ?? null) : null),
    );
  }

  async packDetail(tx: Tx, p: PackRow, lang: Language) {
    const [parcelRows, batch, owner] = await Promise.all([
      repo.findParcelsOfPacks(tx, [p.id]),
      p.batchId ? repo.findBatchById(tx, p.batchId) : null,
      findUserById(tx, p.userId),
    ]);
    return {
      ...toPack(p, lang, parcelRows.length, batch?.batchNo ?? null),
      parcels: parcelRows.map((r) => toParcel(r, lang, p.packNo)),
      quote_lines: quoteLinesOf(p, lang),
      owner: { user_id: p.userId, user_account: owner?.userAccount ?? '' },
    };
  }

  private async ownedPack(tx: Tx, userId: number, id: number, lock = false) {
    const p = await repo.findOwnedPack(tx, userId, id, lock);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  async userPackDetail(userId: number, packId: number, lang: Language) {
    return this.packDetail(this.db, await this.ownedPack(this.db, userId, packId), lang);
  }

  /** Parcels of a cancelled pack go back to the warehouse list, free to be packed again. */
  private async releaseParcels(tx: Tx, pack: PackRow) {
    const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
    await repo.updateParcelsOfPack(tx, pack.id, { packId: null, status: 'warehouse' });
    await repo.insertParcelEvents(
      tx,
      parcelRows.map((p) => ({ parcelId: p.id, event: 'pack_cancelled', note: pack.packNo })),
    );
  }

  async cancelApplyPack(userId: number, packId: number, lang: Language) {
    await this.db.transaction(async (tx) => {
      const pack = await this.ownedPack(tx, userId, packId, true);
      if (pack.status !== 'applied') throw stateError('PACK_STATE', pack.status, 'cancel', lang);
      await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.now() });
      await this.releaseParcels(tx, pack);
    });
    return {};
  }

  /** Cancels a request, or a packed pack whose bill is unpaid (the bill is cancelled with it). */
  async cancelPack(userId: number, packId: number, lang: Language) {
    await this.db.transaction(async (tx) => {
      const pack = await this.ownedPack(tx, userId, packId, true);
      if (pack.status !== 'applied' && pack.status !== 'packed') throw stateError('PACK_STATE', pack.status, 'cancel', lang);
      if (pack.billId) await this.billing.cancelBill(tx, pack.billId);
      await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.now() });
      await this.releaseParcels(tx, pack);
    });
    return {};
  }

  async setIsCut(userId: number, packIds: number[], isCut: boolean, lang: Language) {
    return this.db.transaction(async (tx) => {
      const ids = [...new Set(packIds)];
      for (const id of ids) {
        const p = await this.ownedPack(tx, userId, id, true);
        if (p.status !== 'applied') throw stateError('PACK_STATE', p.status, 'edit', lang);
        await repo.updatePack(tx, p.id, { isCut });
      }
      return { updated: ids.length };
    });
  }

  async userPacks(userId: number, q: Page & { status?: string; keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findPacksPage(this.db, { userId, status: q.status, keyword: q.keyword }, q);
    return { list: await this.packViews(this.db, rows, lang), total, page: q.page, page_size: q.page_size };
  }

  async userPackNos(userId: number) {
    const rows = await repo.findPacks(this.db, { userId, statuses: ['packed', 'paid', 'shipped', 'delivered', 'received'] });
    return { list: rows.map((r) => ({ id: r.id, pack_no: r.packNo, status: r.status as 'paid' })) };
  }

  // ---------------------------------------------------------------------------------------------
  // Pack & measure, bill, payment
  // ---------------------------------------------------------------------------------------------

  async measure(staffId: number, packId: number, pieces: PieceInput[], lang: Language) {
    const { exchange_rate } = await this.settings.get();
    const billId = await this.db.transaction(async (tx) => {
      const pack = await repo.findPackById(tx, packId, true);
      if (!pack) throw new DomainError('OBJECT_NOT_FOUND');
      if (pack.status !== 'applied') throw stateError('PACK_STATE', pack.status, 'measure', lang);
      const rows = pieces.map(toPieceRow);
      const q = await this.price(
        tx,
        {
          mode: pack.mode as Mode,
          category: pack.category as Category,
          pieces: rows,
          declaredValueRmbMinor: pack.declaredValueMinor,
          isCut: pack.isCut,
          individualClearance: pack.individualClearance,
        },
        exchange_rate,
      );
      const now = this.now();
      const bill = await this.billing.issueBill(tx, {
        userId: pack.userId,
        kind: 'pack',
        refId: pack.id,
        currency: 'SGD',
        amountMinor: q.totalMinor,
        lines: q.lines.map((l) => ({ code: l.code, label: l.label, amountMinor: l.amountMinor })),
        description: { en: `Freight of pack ${pack.packNo}`, zh_CN: `包裹 ${pack.packNo} 运费` },
        groupId: pack.groupId,
        volumeCbm: q.volumeMm3 / 1_000_000_000,
      });
      await repo.updatePack(tx, pack.id, {
        status: 'packed',
        pieces: rows,
        weightG: q.actualWeightG,
        volumeMm3: q.volumeMm3,
        quoteLines: q.lines,
        rateText: q.rateText,
        amountMinor: q.totalMinor,
        currency: 'SGD',
        billId: bill.id,
        packedAt: now,
        packedBy: staffId,
      });
      const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
      await repo.updateParcelsOfPack(tx, pack.id, { status: 'unpaid' });
      await repo.insertParcelEvents(
        tx,
        parcelRows.map((p) => ({ parcelId: p.id, event: 'packed', note: `${pack.packNo} ${sgd(q.totalMinor)}` })),
      );
      return bill.id;
    });
    // Auto-pay runs after the bill is committed; it never throws.
    await this.billing.afterIssued(billId);
    const pack = await repo.findPackById(this.db, packId);
    return this.packDetail(this.db, pack!, lang);
  }

  /** The wallet calls this inside the payment transaction: a pack no longer awaiting payment refuses it. */
  private async packPaid(tx: Tx, bill: Bill) {
    const pack = await repo.findPackById(tx, bill.refId, true);
    if (!pack) throw new DomainError('OBJECT_NOT_FOUND');
    if (pack.status !== 'packed' || pack.billId !== bill.id) throw stateError('PACK_STATE', pack.status, 'pay');
    await repo.updatePack(tx, pack.id, { status: 'paid', paidAt: bill.paidAt ?? this.now() });
    const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
    await repo.updateParcelsOfPack(tx, pack.id, { status: 'ship' });
    await repo.insertParcelEvents(
      tx,
      parcelRows.map((p) => ({ parcelId: p.id, event: 'paid', note: pack.packNo })),
    );
  }

  /** A refund before shipment cancels the pack; its parcels go back to the warehouse list. */
  private async packRefunded(tx: Tx, bill: Bill) {
    const pack = await repo.findPackById(tx, bill.refId, true);
    if (!pack || pack.status !== 'paid' || pack.batchId) return;
    await repo.updatePack(tx, pack.id, { status: 'cancelled', cancelledAt: this.now() });
    await this.releaseParcels(tx, pack);
  }

  // ---------------------------------------------------------------------------------------------
  // Outbound batches and logistics stages
  // ---------------------------------------------------------------------------------------------

  private async batchView(tx: Tx, b: repo.BatchRow, userId?: number) {
    const [t] = await repo.findBatchTotals(tx, [b.id], userId);
    return {
      id: b.id,
      batch_no: b.batchNo,
      mode: b.mode as Mode,
      container: b.container,
      pack_date: b.packDate,
      total_volume_cbm: cbmText(t?.volume ?? 0),
      total_amount: sgdMoney(t?.amount ?? 0),
      status: b.status as 'open',
      stage: (b.stage as LogisticsStage) ?? null,
      unit_price: b.unitPriceMinor !== null ? sgdMoney(b.unitPriceMinor) : null,
      pack_count: t?.n ?? 0,
      created_at: b.createdAt.toISOString(),
    };
  }

  async batchDetail(batchId: number, lang: Language, tx: Tx = this.db) {
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
    const views = await this.packViews(tx, packRows, lang);
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

  async createBatch(i: { mode: Mode; container: string; pack_date: string; unit_price_minor?: number }) {
    return this.db.transaction(async (tx) => {
      const id = await this.nextId(tx, 'outbound_batches');
      const b = await repo.insertBatch(tx, {
        id,
        batchNo: `${i.mode.slice(0, 1)}${compactDate(this.now())}${String(id).padStart(4, '0')}`,
        mode: i.mode,
        container: i.container,
        packDate: i.pack_date,
        unitPriceMinor: i.unit_price_minor ?? null,
      });
      return this.batchView(tx, b);
    });
  }

  async batches(q: Page & { status?: string; mode?: string }) {
    const { rows, total } = await repo.findBatchesPage(this.db, q, q);
    return { list: await Promise.all(rows.map((b) => this.batchView(this.db, b))), total, page: q.page, page_size: q.page_size };
  }

  async addPacksToBatch(batchId: number, packIds: number[], lang: Language) {
    await this.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      if (b.status !== 'open') throw new DomainError('BATCH_STATE');
      const rows = await repo.findPacksByIds(tx, [...new Set(packIds)]);
      if (rows.length !== new Set(packIds).size) throw new DomainError('OBJECT_NOT_FOUND');
      for (const p of rows) {
        if (p.status !== 'paid' || (p.batchId && p.batchId !== b.id) || p.mode !== b.mode)
          throw stateError('PACK_STATE', p.status, 'ship', lang);
        await repo.updatePack(tx, p.id, { batchId: b.id });
      }
    });
    return this.batchDetail(batchId, lang);
  }

  async removePackFromBatch(batchId: number, packId: number, lang: Language) {
    await this.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      if (b.status !== 'open') throw new DomainError('BATCH_STATE');
      const p = await repo.findPackById(tx, packId, true);
      if (!p || p.batchId !== b.id) throw new DomainError('OBJECT_NOT_FOUND');
      await repo.updatePack(tx, p.id, { batchId: null });
    });
    return this.batchDetail(batchId, lang);
  }

  /**
   * Moves a batch forward (stages may be skipped, never repeated or reversed). Every pack follows:
   * shipped from the first stage, asked for a delivery time at unpacking, delivered at the end.
   */
  async advanceBatch(staffId: number, batchId: number, stage: LogisticsStage, note: string, at: Date | undefined, lang: Language) {
    await this.db.transaction(async (tx) => {
      const b = await repo.findBatchById(tx, batchId, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      const current = b.stage ? logisticsStages.indexOf(b.stage as LogisticsStage) : -1;
      const next = logisticsStages.indexOf(stage);
      if (next <= current) throw new DomainError('STAGE_ORDER', { current: stageText(b.stage!, lang) });
      const when = at ?? this.now();
      await repo.insertStageEvent(tx, { batchId: b.id, stage, note, staffId, at: when });
      const delivered = stage === 'delivered';
      await repo.updateBatch(tx, b.id, { stage, status: delivered ? 'delivered' : 'shipping' });
      await repo.updatePacksOfBatch(tx, b.id, { status: 'shipped', shippedAt: when }, ['paid']);
      await repo.updatePacksOfBatch(tx, b.id, { stage });
      if (next >= logisticsStages.indexOf('unpacking_delivery')) {
        await tx.execute(sql`update packs set dispatch_status = 'waiting' where batch_id = ${b.id} and dispatch_status = 'none'`);
      }
      if (delivered) await repo.updatePacksOfBatch(tx, b.id, { status: 'delivered', deliveredAt: when }, ['shipped']);
    });
    return this.batchDetail(batchId, lang);
  }

  async customerBatches(userId: number, q: Page) {
    const ids = await repo.findBatchIdsOfOwner(this.db, userId);
    const { rows, total } = await repo.findBatchesPage(this.db, { ids }, q);
    return { list: await Promise.all(rows.map((b) => this.batchView(this.db, b, userId))), total, page: q.page, page_size: q.page_size };
  }

  async customerBatchPacks(userId: number, batchId: number, lang: Language) {
    const ids = await repo.findBatchIdsOfOwner(this.db, userId);
    if (!ids.includes(batchId)) throw new DomainError('OBJECT_NOT_FOUND');
    const b = (await repo.findBatchById(this.db, batchId))!;
    const rows = await repo.findPacks(this.db, { userId, batchId });
    return { batch: await this.batchView(this.db, b, userId), list: await this.packViews(this.db, rows, lang) };
  }

  // ---------------------------------------------------------------------------------------------
  // Tracking and receipt
  // ---------------------------------------------------------------------------------------------

  async logistics(userId: number, i: { pack_id?: number; parcel_id?: number; tracking_no?: string }, lang: Language) {
    let parcel: ParcelRow | null = null;
    let pack: PackRow | null = null;
    if (i.pack_id) pack = await this.ownedPack(this.db, userId, i.pack_id);
    else if (i.parcel_id) parcel = await this.ownedParcel(this.db, userId, i.parcel_id);
    else {
      const found = await repo.findLiveParcelByTracking(this.db, i.tracking_no!.trim().toUpperCase());
      parcel = found && found.userId === userId ? found : null;
      if (!parcel) {
        const byPack = (await repo.findPacks(this.db, { userId, keyword: i.tracking_no!.trim() })).find(
          (p) => p.packNo === i.tracking_no!.trim().toUpperCase(),
        );
        pack = byPack ?? null;
      }
    }
    if (parcel?.packId) pack = await repo.findPackById(this.db, parcel.packId);
    const events = parcel ? toHistory(await repo.findEventsOfParcel(this.db, parcel.id), lang) : [];
    const batchEvents = pack?.batchId ? await repo.findStageEventsOfBatch(this.db, pack.batchId) : [];
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
    return this.db.transaction(async (tx) => {
      const pack = await this.ownedPack(tx, userId, packId, true);
      const atDoor = pack.status === 'delivered' || (pack.status === 'shipped' && pack.stage === 'unpacking_delivery');
      if (!atDoor) throw stateError('PACK_STATE', pack.status, 'sign', lang);
      const now = this.now();
      const row = await repo.updatePack(tx, pack.id, { status: 'received', receivedAt: now, deliveredAt: pack.deliveredAt ?? now });
      const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
      await repo.updateParcelsOfPack(tx, pack.id, { status: 'received', receivedAt: now });
      await repo.insertParcelEvents(
        tx,
        parcelRows.map((p) => ({ parcelId: p.id, event: 'received', note: pack.packNo })),
      );
      return this.packView(tx, row, lang);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Appointments, holidays, delivery time
  // ---------------------------------------------------------------------------------------------

  async vacation() {
    const rows = await repo.findHolidaysFrom(this.db, chinaDate(this.now()));
    return { list: rows.map((h) => ({ id: h.id, date: h.date, reason: h.reason })) };
  }

  async packDates(userId: number, lang: Language) {
    const first = firstPackDate(this.now());
    const holidays = new Map((await repo.findHolidaysFrom(this.db, first)).map((h) => [h.date, h.reason]));
    const dates = Array.from({ length: PACK_DATE_WINDOW_DAYS }, (_, k) => addDays(first, k)).map((date) => ({
      date,
      available: !holidays.has(date),
      reason: holidays.get(date) ?? '',
    }));
    const booked = (await repo.findPacks(this.db, { userId, status: 'applied' })).filter((p) => p.packDate);
    return { first_date: first, dates, appointments: await this.packViews(this.db, booked, lang) };
  }

  private dispatchDates() {
    const first = addDays(singaporeDate(this.now()), 1);
    return Array.from({ length: DISPATCH_WINDOW_DAYS }, (_, k) => addDays(first, k));
  }

  async dispatchInfo(userId: number, lang: Language) {
    const rows = (await repo.findPacks(this.db, { userId, statuses: ['shipped', 'delivered'] })).filter((p) => p.dispatchStatus !== 'none');
    return { list: await this.packViews(this.db, rows, lang), dates: this.dispatchDates(), slots: [...dispatchSlots] };
  }

  async setDispatch(userId: number, packId: number, date: string, slot: string, lang: Language) {
    return this.db.transaction(async (tx) => {
      const pack = await this.ownedPack(tx, userId, packId, true);
      if (pack.dispatchStatus === 'none' || !['shipped', 'delivered'].includes(pack.status)) throw new DomainError('DISPATCH_STATE');
      if (!this.dispatchDates().includes(date)) throw new DomainError('DISPATCH_DATE_INVALID');
      const row = await repo.updatePack(tx, pack.id, { dispatchStatus: 'confirmed', dispatchDate: date, dispatchSlot: slot });
      return this.packView(tx, row, lang);
    });
  }

  async holidays() {
    const rows = await repo.findHolidaysFrom(this.db);
    return { list: rows.map((h) => ({ id: h.id, date: h.date, reason: h.reason })) };
  }

  async saveHoliday(i: { id?: number; date: string; reason: string }) {
    if (!isValidDate(i.date)) throw new ValidationError('rule.date', { field: 'date' });
    try {
      const row = await repo.saveHoliday(this.db, i.id, { date: i.date, reason: i.reason });
      if (!row) throw new DomainError('OBJECT_NOT_FOUND');
      return { id: row.id, date: row.date, reason: row.reason };
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('HOLIDAY_EXISTS', { date: i.date });
      throw e;
    }
  }

  async deleteHoliday(id: number) {
    if (!(await repo.deleteHoliday(this.db, id))) throw new DomainError('OBJECT_NOT_FOUND');
    return {};
  }

  // ---------------------------------------------------------------------------------------------
  // Returns
  // ---------------------------------------------------------------------------------------------

  private async returnView(tx: Tx, r: repo.ReturnRow, lang: Language) {
    return toReturn(r, await repo.findParcelsByIds(tx, r.parcelIds), lang);
  }

  /** Search fee (spec §9): ¥30 the first piece, ¥10 each further one; free for approved leaders. */
  static returnFee(pieces: number, isLeader: boolean) {
    if (isLeader && returnRules.freeForLeaders) return 0;
    return returnRules.firstPieceRmbMinor + Math.max(0, pieces - 1) * returnRules.nextPieceRmbMinor;
  }

  async applyReturn(
    userId: number,
    i: { parcel_ids: number[]; consignee: string; phone: string; address: string; postcode: string },
    lang: Language,
  ) {
    return this.db.transaction(async (tx) => {
      const unique = [...new Set(i.parcel_ids)];
      const rows = await repo.findOwnedParcelsByIds(tx, userId, unique);
      if (rows.length !== unique.length) throw new DomainError('OBJECT_NOT_FOUND');
      for (const p of rows)
        if (p.status !== 'warehouse' || p.packId || p.returnId)
          throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
      const u = await findUserById(tx, userId);
      const r = await repo.insertReturn(tx, {
        userId,
        parcelIds: unique,
        consignee: i.consignee,
        phone: i.phone,
        address: i.address,
        postcode: i.postcode,
        feeMinor: ParcelsService.returnFee(unique.length, u?.examineStatus === 1),
      });
      await repo.updateParcelsByIds(tx, unique, { status: 'return', returnId: r.id });
      await repo.insertParcelEvents(
        tx,
        unique.map((parcelId) => ({ parcelId, event: 'return_applied' })),
      );
      return this.returnView(tx, r, lang);
    });
  }

  async returnList(userId: number, q: Page, lang: Language) {
    const { rows, total } = await repo.findReturnsPage(this.db, { userId }, q);
    return { list: await Promise.all(rows.map((r) => this.returnView(this.db, r, lang))), total, page: q.page, page_size: q.page_size };
  }

  private async ownedReturn(tx: Tx, userId: number, id: number, lock = false) {
    const r = await repo.findOwnedReturn(tx, userId, id, lock);
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    return r;
  }

  /** The return's bill for the wallet's pay calls; tries auto-pay first. */
  async returnPay(userId: number, id: number, lang: Language) {
    const r = await this.ownedReturn(this.db, userId, id);
    if (r.status !== 'pay' || !r.billId) throw stateError('RETURN_STATE', r.status, 'pay', lang);
    await this.billing.afterIssued(r.billId);
    return this.returnView(this.db, (await repo.findReturnById(this.db, id))!, lang);
  }

  private async releaseReturnParcels(tx: Tx, r: repo.ReturnRow, event: string) {
    await repo.updateParcelsByIds(tx, r.parcelIds, { status: 'warehouse', returnId: null });
    await repo.insertParcelEvents(
      tx,
      r.parcelIds.map((parcelId) => ({ parcelId, event })),
    );
  }

  /** Cancellable until sent; an unpaid fee bill is cancelled, a paid one refunded. */
  async cancelReturn(userId: number, id: number, lang: Language) {
    return this.db.transaction(async (tx) => {
      const r = await this.ownedReturn(tx, userId, id, true);
      if (!['review', 'pay', 'paid'].includes(r.status)) throw stateError('RETURN_STATE', r.status, 'cancel', lang);
      const row = await repo.updateReturn(tx, r.id, { status: 'cancelled' });
      if (r.billId && r.status === 'pay') await this.billing.cancelBill(tx, r.billId);
      if (r.billId && r.status === 'paid') await this.billing.refundBill(tx, r.billId, 'return cancelled');
      await this.releaseReturnParcels(tx, r, 'return_cancelled');
      return this.returnView(tx, row, lang);
    });
  }

  async reviewReturn(id: number, approve: boolean, reason: string, lang: Language) {
    let issued: number | null = null;
    const view = await this.db.transaction(async (tx) => {
      const r = await repo.findReturnById(tx, id, true);
      if (!r) throw new DomainError('OBJECT_NOT_FOUND');
      if (r.status !== 'review') throw stateError('RETURN_STATE', r.status, 'review', lang);
      const now = this.now();
      if (!approve) {
        const row = await repo.updateReturn(tx, r.id, { status: 'rejected', rejectReason: reason, reviewedAt: now });
        await this.releaseReturnParcels(tx, r, 'return_rejected');
        return this.returnView(tx, row, lang);
      }
      if (r.feeMinor === 0) {
        const row = await repo.updateReturn(tx, r.id, { status: 'paid', reviewedAt: now, paidAt: now });
        return this.returnView(tx, row, lang);
      }
      const bill = await this.billing.issueBill(tx, {
        userId: r.userId,
        kind: 'return',
        refId: r.id,
        currency: 'RMB',
        amountMinor: r.feeMinor,
        lines: [
          {
            code: 'search_fee',
            label: { en: `Search fee (${r.parcelIds.length} pieces)`, zh_CN: `查找费（${r.parcelIds.length}件）` },
            amountMinor: r.feeMinor,
          },
        ],
        description: { en: `Return #${r.id}`, zh_CN: `退货 #${r.id}` },
      });
      issued = bill.id;
      const row = await repo.updateReturn(tx, r.id, { status: 'pay', billId: bill.id, reviewedAt: now });
      return this.returnView(tx, row, lang);
    });
    if (issued !== null) {
      await this.billing.afterIssued(issued);
      return this.returnView(this.db, (await repo.findReturnById(this.db, id))!, lang);
    }
    return view;
  }

  private async returnPaid(tx: Tx, bill: Bill) {
    const r = await repo.findReturnById(tx, bill.refId, true);
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    if (r.status !== 'pay' || r.billId !== bill.id) throw stateError('RETURN_STATE', r.status, 'pay');
    await repo.updateReturn(tx, r.id, { status: 'paid', paidAt: bill.paidAt ?? this.now() });
    await repo.insertParcelEvents(
      tx,
      r.parcelIds.map((parcelId) => ({ parcelId, event: 'return_paid' })),
    );
  }

  async returnSent(id: number, courierNo: string, lang: Language) {
    return this.db.transaction(async (tx) => {
      const r = await repo.findReturnById(tx, id, true);
      if (!r) throw new DomainError('OBJECT_NOT_FOUND');
      if (r.status !== 'paid') throw stateError('RETURN_STATE', r.status, 'send', lang);
      const row = await repo.updateReturn(tx, r.id, { status: 'sent', courierNo, sentAt: this.now() });
      await repo.insertParcelEvents(
        tx,
        r.parcelIds.map((parcelId) => ({ parcelId, event: 'return_sent', note: courierNo })),
      );
      return this.returnView(tx, row, lang);
    });
  }

  async adminReturns(q: Page & { status?: string }, lang: Language) {
    const { rows, total } = await repo.findReturnsPage(this.db, { status: q.status }, q);
    const owners = new Map(
      (await repo.findUserAccounts(this.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const list = await Promise.all(
      rows.map(async (r) => ({
        ...(await this.returnView(this.db, r, lang)),
        owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' },
      })),
    );
    return { list, total, page: q.page, page_size: q.page_size };
  }

  // ---------------------------------------------------------------------------------------------
  // Warehouse: scan to shelve, unclaimed parcels, packing station
  // ---------------------------------------------------------------------------------------------

  async scanInbound(
    i: { tracking_no: string; weight_kg: number; length_cm: number; width_cm: number; height_cm: number; shelf: string; photos: string[] },
    lang: Language,
  ) {
    const m = toPieceRow(i);
    const measured = { weightG: m.weightG, lengthMm: m.lengthMm, widthMm: m.widthMm, heightMm: m.heightMm, shelf: i.shelf };
    return this.db.transaction(async (tx) => {
      const p = await repo.findLiveParcelByTracking(tx, i.tracking_no);
      if (p) {
        if (p.status !== 'pending' && !(p.status === 'warehouse' && !p.packId))
          throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: p.trackingNo });
        const first = p.status === 'pending';
        const row = await repo.updateParcel(tx, p.id, {
          ...measured,
          photos: i.photos.length ? i.photos : p.photos,
          status: 'warehouse',
          inboundAt: first ? this.now() : p.inboundAt,
        });
        await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: first ? 'inbound' : 'reshelved', note: i.shelf }]);
        if (first) await this.notifications?.notify(tx, parcelArrivedNotice(p));
        return { matched: true, parcel: toParcel(row, lang), unclaimed_id: null };
      }
      const u = await repo.findUnclaimedByTracking(tx, i.tracking_no);
      if (u) {
        const row = await repo.updateUnclaimed(tx, u.id, { ...measured, photos: i.photos.length ? i.photos : u.photos });
        return { matched: false, parcel: null, unclaimed_id: row.id };
      }
      const row = await repo.insertUnclaimed(tx, {
        trackingNo: i.tracking_no,
        carrier: suggestCarrier(i.tracking_no),
        ...measured,
        photos: i.photos,
      });
      return { matched: false, parcel: null, unclaimed_id: row.id };
    });
  }

  async unclaimedForCustomer(userId: number, q: Page & { keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findUnclaimedPage(this.db, { statuses: ['unclaimed', 'claimed'], keyword: q.keyword }, q);
    return { list: rows.map((u) => toUnclaimed(u, lang, userId)), total, page: q.page, page_size: q.page_size };
  }

  /** Claims are limited per customer so masked numbers cannot be guessed by trying. */
  async claim(userId: number, id: number, trackingNo: string, lang: Language) {
    const limit = await hitLimit(this.kv, `claim:${userId}`, CLAIM_TRIES_PER_HOUR, 3600);
    if (!limit.allowed) throw new DomainError('RATE_LIMITED', { retryAfter: limit.retryAfter });
    return this.db.transaction(async (tx) => {
      const u = await repo.findUnclaimedById(tx, id, true);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      if (u.status !== 'unclaimed') throw new DomainError('CLAIM_STATE');
      if (u.trackingNo !== trackingNo) throw new DomainError('CLAIM_MISMATCH');
      const row = await repo.updateUnclaimed(tx, u.id, { status: 'claimed', claimantId: userId, claimedAt: this.now() });
      return toUnclaimed(row, lang, userId);
    });
  }

  async adminUnclaimed(q: Page & { status?: string }, lang: Language) {
    const { rows, total } = await repo.findUnclaimedPage(this.db, { statuses: q.status ? [q.status] : undefined }, q);
    const owners = new Map(
      (
        await repo.findUserAccounts(
          this.db,
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
    return this.db.transaction(async (tx) => {
      const u = await repo.findUnclaimedById(tx, id, true);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      if (u.status !== 'claimed' || !u.claimantId) throw new DomainError('CLAIM_STATE');
      if (!approve) {
        await repo.updateUnclaimed(tx, u.id, { status: 'unclaimed', claimantId: null, claimedAt: null });
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
      return { id: u.id, status: 'confirmed' as const, parcel_id: p.id };
    });
  }

  async packingUsers(keyword: string | undefined) {
    const rows = await repo.findUsersWithAppliedPacks(this.db, keyword);
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
    const rows = (await repo.findPacks(this.db, { userId, status: 'applied' })).reverse();
    return { list: await Promise.all(rows.map((p) => this.packDetail(this.db, p, lang))) };
  }

  // ---------------------------------------------------------------------------------------------
  // Staff lists and rate cards
  // ---------------------------------------------------------------------------------------------

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
    const { rows, total } = await repo.findParcelsPage(
      this.db,
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
      (await repo.findUserAccounts(this.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const list = await this.parcelList(rows, lang);
    return {
      list: list.map((p, idx) => ({ ...p, owner: { user_id: rows[idx].userId, user_account: owners.get(rows[idx].userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async adminParcelDetail(id: number, lang: Language) {
    const p = await repo.findParcelById(this.db, id);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    const owner = await findUserById(this.db, p.userId);
    return { ...(await this.parcelDetail(this.db, p, lang)), owner: { user_id: p.userId, user_account: owner?.userAccount ?? '' } };
  }

  async adminPacks(q: Page & { status?: string; mode?: string; user_id?: number; batch_id?: number; keyword?: string }, lang: Language) {
    const { rows, total } = await repo.findPacksPage(
      this.db,
      { userId: q.user_id, status: q.status, mode: q.mode, batchId: q.batch_id, keyword: q.keyword },
      q,
    );
    const owners = new Map(
      (await repo.findUserAccounts(this.db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.userAccount]),
    );
    const views = await this.packViews(this.db, rows, lang);
    return {
      list: views.map((v, idx) => ({ ...v, owner: { user_id: rows[idx].userId, user_account: owners.get(rows[idx].userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async adminPackDetail(packId: number, lang: Language) {
    const p = await repo.findPackById(this.db, packId);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return this.packDetail(this.db, p, lang);
  }

  private rateCardView(r: repo.RateCardRow) {
    return {
      id: r.id,
      mode: r.mode as Mode,
      category: r.category as Category,
      currency: 'SGD' as const,
      small_per_step_minor: r.smallPerStepMinor,
      band1_per_step_minor: r.band1PerStepMinor,
      band2_per_step_minor: r.band2PerStepMinor,
      band3_per_step_minor: r.band3PerStepMinor,
      min_charge_minor: r.minChargeMinor,
      first_half_kg_minor: r.firstHalfKgMinor,
      next_half_kg_minor: r.nextHalfKgMinor,
      repack_minor: r.repackMinor,
      individual_clearance_minor: r.individualClearanceMinor,
      active: r.active,
      updated_at: r.updatedAt.toISOString(),
    };
  }

  async rateCards() {
    return { list: (await repo.findRateCards(this.db)).map((r) => this.rateCardView(r)) };
  }

  async saveRateCard(
    staffId: number,
    i: {
      id?: number;
      mode: Mode;
      category: Category;
      small_per_step_minor: number;
      band1_per_step_minor: number;
      band2_per_step_minor: number;
      band3_per_step_minor: number;
      min_charge_minor: number;
      first_half_kg_minor: number;
      next_half_kg_minor: number;
      repack_minor: number;
      individual_clearance_minor: number;
      active: boolean;
    },
  ) {
    const values = {
      mode: i.mode,
      category: i.category,
      smallPerStepMinor: i.small_per_step_minor,
      band1PerStepMinor: i.band1_per_step_minor,
      band2PerStepMinor: i.band2_per_step_minor,
      band3PerStepMinor: i.band3_per_step_minor,
      minChargeMinor: i.min_charge_minor,
      firstHalfKgMinor: i.first_half_kg_minor,
      nextHalfKgMinor: i.next_half_kg_minor,
      repackMinor: i.repack_minor,
      individualClearanceMinor: i.individual_clearance_minor,
      active: i.active,
      updatedAt: this.now(),
      updatedBy: staffId,
    };
    try {
      if (i.id) {
        if (!(await repo.findRateCardById(this.db, i.id))) throw new DomainError('OBJECT_NOT_FOUND');
        return this.rateCardView(await repo.updateRateCard(this.db, i.id, values));
      }
      return this.rateCardView(await repo.insertRateCard(this.db, values));
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('RATE_CARD_EXISTS', { mode: i.mode, category: i.category });
      throw e;
    }
  }

  async deleteRateCard(id: number) {
    if (!(await repo.deleteRateCard(this.db, id))) throw new DomainError('OBJECT_NOT_FOUND');
    return {};
  }

  // ---------------------------------------------------------------------------------------------
  // Door-to-door, invoices
  // ---------------------------------------------------------------------------------------------

  private doorView(d: repo.DoorServiceRow, packNo: string) {
    return {
      id: d.id,
      pack_no: packNo,
      kind: d.kind as 'pickup',
      date: d.date,
      slot: d.slot,
      address: d.address,
      status: d.status as 'booked',
      remark: d.remark,
      created_at: d.createdAt.toISOString(),
    };
  }

  async bookDoor(
    userId: number,
    i: { pack_id: number; kind: 'pickup' | 'delivery'; date: string; slot: string; address_id?: number; remark: string },
    lang: Language,
  ) {
    return this.db.transaction(async (tx) => {
      const pack = await this.ownedPack(tx, userId, i.pack_id);
      if (!['packed', 'paid', 'shipped', 'delivered'].includes(pack.status)) throw stateError('PACK_STATE', pack.status, 'book', lang);
      if (!isValidDate(i.date) || i.date <= singaporeDate(this.now())) throw new DomainError('DISPATCH_DATE_INVALID');
      const addr = i.address_id ? await findOwnedAddress(tx, userId, i.address_id) : await findDefaultAddressOfOwner(tx, userId);
      if (!addr) throw new DomainError(i.address_id ? 'OBJECT_NOT_FOUND' : 'DEFAULT_ADDRESS_REQUIRED');
      const row = await repo.insertDoorService(tx, {
        userId,
        packId: pack.id,
        kind: i.kind,
        date: i.date,
        slot: i.slot,
        address: { receiver: addr.receiver, phone: addr.phone, district: addr.district, address: addr.address, postcode: addr.postcode },
        remark: i.remark,
      });
      return this.doorView(row, pack.packNo);
    });
  }

  async doorList(userId: number) {
    const rows = await repo.findDoorServicesOfOwner(this.db, userId);
    const packRows = await Promise.all([...new Set(rows.map((r) => r.packId))].map((id) => repo.findPackById(this.db, id)));
    const nos = new Map(packRows.filter((p) => !!p).map((p) => [p!.id, p!.packNo]));
    return { list: rows.map((r) => this.doorView(r, nos.get(r.packId) ?? '')) };
  }

  async cancelDoor(userId: number, id: number) {
    const d = await repo.findOwnedDoorService(this.db, userId, id);
    if (!d) throw new DomainError('OBJECT_NOT_FOUND');
    if (d.status !== 'booked') throw new DomainError('DOOR_SERVICE_STATE');
    await repo.updateDoorService(this.db, d.id, { status: 'cancelled' });
    return {};
  }

  async applyInvoice(userId: number, i: { pack_ids: number[]; title: string; email: string; remark: string }) {
    return this.db.transaction(async (tx) => {
      const ids = [...new Set(i.pack_ids)];
      const rows = await Promise.all(ids.map((id) => this.ownedPack(tx, userId, id)));
      for (const p of rows) if (!['paid', 'shipped', 'delivered', 'received'].includes(p.status)) throw new DomainError('INVOICE_NOT_PAID');
      const total = rows.reduce((s, p) => s + (p.amountMinor ?? 0), 0);
      const row = await repo.insertInvoiceRequest(tx, {
        userId,
        packIds: ids,
        title: i.title,
        email: i.email,
        remark: i.remark,
        totalMinor: total,
      });
      return this.invoiceView(row, new Map(rows.map((p) => [p.id, p.packNo])));
    });
  }

  private invoiceView(r: repo.InvoiceRow, packNos: Map<number, string>) {
    return {
      id: r.id,
      status: r.status as 'requested' | 'issued',
      title: r.title,
      email: r.email,
      pack_nos: r.packIds.map((id) => packNos.get(id) ?? ''),
      total: sgdMoney(r.totalMinor),
      created_at: r.createdAt.toISOString(),
    };
  }

  async adminInvoices(q: Page & { status?: string }) {
    const { rows, total } = await repo.findInvoicesPage(this.db, q, q);
    const [packNos, owners] = await Promise.all([
      repo.findPackNosByIds(this.db, [...new Set(rows.flatMap((r) => r.packIds))]),
      repo.findUserAccounts(this.db, [...new Set(rows.map((r) => r.userId))]).then((u) => new Map(u.map((x) => [x.id, x.userAccount]))),
    ]);
    return {
      list: rows.map((r) => ({ ...this.invoiceView(r, packNos), owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' } })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async invoiceIssued(id: number) {
    const r = await repo.findInvoiceById(this.db, id);
    if (!r) throw new DomainError('OBJECT_NOT_FOUND');
    const row = r.status === 'issued' ? r : await repo.updateInvoiceRequest(this.db, r.id, { status: 'issued' });
    return this.invoiceView(row, await repo.findPackNosByIds(this.db, row.packIds));
  }

  async adminDoorServices(q: Page & { status?: string; date?: string }) {
    const { rows, total } = await repo.findDoorServicesPage(this.db, q, q);
    const [packNos, owners] = await Promise.all([
      repo.findPackNosByIds(this.db, [...new Set(rows.map((r) => r.packId))]),
      repo.findUserAccounts(this.db, [...new Set(rows.map((r) => r.userId))]).then((u) => new Map(u.map((x) => [x.id, x.userAccount]))),
    ]);
    return {
      list: rows.map((r) => ({
        ...this.doorView(r, packNos.get(r.packId) ?? ''),
        owner: { user_id: r.userId, user_account: owners.get(r.userId) ?? '' },
      })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async doorDone(id: number) {
    const d = await repo.findDoorServiceById(this.db, id);
    if (!d) throw new DomainError('OBJECT_NOT_FOUND');
    if (d.status !== 'booked') throw new DomainError('DOOR_SERVICE_STATE');
    await repo.updateDoorService(this.db, d.id, { status: 'done' });
    const packNos = await repo.findPackNosByIds(this.db, [d.packId]);
    return this.doorView({ ...d, status: 'done' }, packNos.get(d.packId) ?? '');
  }

  /** Packs whose waybill can be printed: packed and later. */
  async waybillPack(userId: number, packId: number) {
    const pack = await this.ownedPack(this.db, userId, packId);
    if (!['packed', 'paid', 'shipped', 'delivered', 'received'].includes(pack.status)) throw new DomainError('WAYBILL_NOT_READY');
    return this.packDetail(this.db, pack, 'en');
  }
}
