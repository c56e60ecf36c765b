import type { NotificationsPort } from '../notifications/index.ts';
import { sql } from 'drizzle-orm';
import { defaultStoragePolicy, type Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import { DomainError } from '../../core/errors.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { SettingsService } from '../system/index.ts';
import { accountPort } from '../account/index.ts';
import type { AuditPort, AuditRecord } from '../audit/index.ts';
import * as repo from './parcels.repository.ts';
import type { PackRow, ParcelRow } from './parcels.repository.ts';
import type { PieceRow } from './parcels.schema.ts';
import type { GroupBatchRate } from './pricing.ts';
import type { GroupPickup, ParcelsGroupsPort } from './groups.port.ts';
import type { Pack, PieceInput } from '@pinyou/contract';
import { quoteLinesOf, toHistory, toPack, toParcel, type StorageCtx } from './parcels.view.ts';
import { latestProblemView } from './problems.view.ts';
import { courierOf } from './tracking.view.ts';

export type Page = { page: number; page_size: number };
export const MIN_GOODS_VALUE_MINOR = 100;

export const toPieceRow = (p: PieceInput): PieceRow => ({
  weightG: Math.round(p.weight_kg * 1000),
  lengthMm: Math.round(p.length_cm * 10),
  widthMm: Math.round(p.width_cm * 10),
  heightMm: Math.round(p.height_cm * 10),
});

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
export function stateError(code: 'PACK_STATE' | 'RETURN_STATE', status: string, action: string, lang: Language = 'en'): DomainError {
  return new DomainError(code, { status: statusText[status]?.[lang] ?? status, action: actionText[action]?.[lang] ?? action });
}

/** The parcels module's dependencies, with the clock and the optional ports settled: what every part is built with. */
export interface ParcelsCtx {
  db: Db;
  settings: SettingsService;
  billing: BillingPort;
  kv: Kv;
  now: () => Date;
  /** Where staff writes record their object's before/after. */
  audit: AuditPort | null;
  /** Tells customers about their parcels ("your parcel arrived"). */
  notifications: NotificationsPort | null;
  /** Group facts (membership, recipient codes, batch prices) are the groups module's. */
  groups: ParcelsGroupsPort | null;
  /** How many customers' list pages to keep (env PARCEL_LIST_CACHE_ENTRIES); none when unset. */
  listCacheEntries?: number;
}

/**
 * The reads and small writes several parts of the parcels module need (owned parcel/pack with the
 * ownership check, pack and parcel views, the audit record); one instance is given to every part.
 * Every customer call checks ownership first and answers OBJECT_NOT_FOUND for anything not the caller's.
 */
export class ParcelsKit {
  constructor(private readonly ctx: ParcelsCtx) {}

  /** A staff write's before/after, in its own transaction (nothing when the module has no audit log). */
  async audit(tx: Tx, entry: AuditRecord) {
    await this.ctx.audit?.record(tx, entry);
  }

  /** The live group member a label's recipient code belongs to (null without the groups module). */
  async dragonCodeOwner(tx: Tx, code: string) {
    return this.ctx.groups ? this.ctx.groups.ownerOfDragonCode(tx, code) : null;
  }

  /** The unit price of the pack's group batch, or null (not GROUP, no batch, no price, or no groups module). */
  async batchRateOf(tx: Tx, pack: PackRow): Promise<GroupBatchRate | null> {
    if (pack.mode !== 'GROUP' || !this.ctx.groups) return null;
    return this.ctx.groups.batchRateOfPack(tx, pack.id);
  }

  /** A GROUP pack's pick-up (null for other modes, or without the groups module). */
  async pickupOf(tx: Tx, p: Pick<PackRow, 'id' | 'mode' | 'groupId'>): Promise<GroupPickup | null> {
    if (p.mode !== 'GROUP' || !p.groupId || !this.ctx.groups) return null;
    return this.ctx.groups.pickupOf(tx, p.groupId, p.id);
  }

  /** A pack's view; a GROUP pack without its own date shows the date its group packs it on. */
  private async withGroupDate(tx: Tx, p: PackRow, view: Pack, pickup?: GroupPickup | null): Promise<Pack> {
    if (view.pack_date || p.mode !== 'GROUP' || ['shipped', 'delivered', 'received', 'cancelled'].includes(p.status)) return view;
    const found = pickup === undefined ? await this.pickupOf(tx, p) : pickup;
    return { ...view, pack_date: found?.pack_date ?? null };
  }

  async requireGroup(tx: Tx, userId: number) {
    // Membership is the groups module's fact; without it nobody is in a group.
    const groupId = this.ctx.groups ? await this.ctx.groups.groupForOrders(tx, userId) : null;
    if (!groupId) throw new DomainError('GROUP_REQUIRED');
    return groupId;
  }

  /** The storage policy in the settings and today (read outside transactions: PGlite has one connection). */
  async storageCtx(): Promise<StorageCtx> {
    return { policy: (await this.ctx.settings.get()).storage_policy ?? defaultStoragePolicy, now: this.ctx.now() };
  }

  /** Rows from a page that joined their pack carry `packNo`; the others' pack numbers are read in one statement. */
  async parcelList(rows: Array<ParcelRow & { packNo?: string | null }>, lang: Language) {
    const unjoined = [...new Set(rows.filter((r) => r.packId !== null && r.packNo === undefined).map((r) => r.packId!))];
    const [nos, storage, courier] = await Promise.all([
      repo.findPackNos(this.ctx.db, unjoined),
      this.storageCtx(),
      courierOf(this.ctx.db, rows),
    ]);
    return rows.map((r) => toParcel(r, lang, r.packId ? (r.packNo ?? nos.get(r.packId) ?? null) : null, storage, courier(r)));
  }

  async ownedParcel(tx: Tx, userId: number, id: number, lock = false) {
    const p = await repo.findOwnedParcel(tx, userId, id, lock);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  async parcelDetail(tx: Tx, p: ParcelRow, lang: Language) {
    const storage = await this.storageCtx();
    const [events, pack, problem, courier] = await Promise.all([
      repo.findEventsOfParcel(tx, p.id),
      p.packId ? repo.findPackById(tx, p.packId) : null,
      latestProblemView(tx, p.id, p.trackingNo, lang),
      courierOf(tx, [p]),
    ]);
    const packView = pack ? await this.packView(tx, pack, lang) : null;
    return { ...toParcel(p, lang, pack?.packNo ?? null, storage, courier(p)), history: toHistory(events, lang), pack: packView, problem };
  }

  async nextId(tx: Tx, table: 'packs' | 'outbound_batches'): Promise<number> {
    const res = await tx.execute<{ id: number }>(sql.raw(`select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id`));
    return (res as unknown as { rows: Array<{ id: number }> }).rows[0].id;
  }

  async packView(tx: Tx, p: PackRow, lang: Language) {
    const [parcelRows, batch] = await Promise.all([
      repo.findParcelsOfPacks(tx, [p.id]),
      p.batchId ? repo.findBatchById(tx, p.batchId) : null,
    ]);
    return this.withGroupDate(tx, p, toPack(p, lang, parcelRows.length, batch?.batchNo ?? null));
  }

  async packViews(tx: Tx, rows: PackRow[], lang: Language) {
    const parcelRows = await repo.findParcelsOfPacks(
      tx,
      rows.map((r) => r.id),
    );
    const batchIds = [...new Set(rows.map((r) => r.batchId).filter((x): x is number => x !== null))];
    const batches = await Promise.all(batchIds.map((b) => repo.findBatchById(tx, b)));
    const batchNo = new Map(batches.filter((b) => !!b).map((b) => [b!.id, b!.batchNo]));
    return Promise.all(
      rows.map((p) =>
        this.withGroupDate(
          tx,
          p,
          toPack(p, lang, parcelRows.filter((x) => x.packId === p.id).length, p.batchId ? (batchNo.get(p.batchId) ?? null) : null),
        ),
      ),
    );
  }

  async packDetail(tx: Tx, p: PackRow, lang: Language) {
    const [parcelRows, batch, owner, pickup] = await Promise.all([
      repo.findParcelsOfPacks(tx, [p.id]),
      p.batchId ? repo.findBatchById(tx, p.batchId) : null,
      accountPort.findUser(tx, p.userId),
      this.pickupOf(tx, p),
    ]);
    return {
      ...(await this.withGroupDate(tx, p, toPack(p, lang, parcelRows.length, batch?.batchNo ?? null), pickup)),
      pickup,
      parcels: parcelRows.map((r) => toParcel(r, lang, p.packNo)),
      quote_lines: quoteLinesOf(p, lang),
      owner: { user_id: p.userId, user_account: owner?.userAccount ?? '' },
    };
  }

  async ownedPack(tx: Tx, userId: number, id: number, lock = false) {
    const p = await repo.findOwnedPack(tx, userId, id, lock);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  /** Parcels of a cancelled pack go back to the warehouse list, free to be packed again. */
  async releaseParcels(tx: Tx, pack: PackRow) {
    const parcelRows = await repo.findParcelsOfPacks(tx, [pack.id]);
    await repo.updateParcelsOfPack(tx, pack.id, { packId: null, status: 'warehouse' });
    await repo.insertParcelEvents(
      tx,
      parcelRows.map((p) => ({ parcelId: p.id, event: 'pack_cancelled', note: pack.packNo })),
    );
  }
}
