import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL, type Placeholder } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { accountPort } from '../account/index.ts';
import {
  batchStageEvents,
  doorServices,
  outboundBatches,
  packs,
  parcelEvents,
  parcels,
  parcelCounts,
  parcelListVersions,
  rateCards,
  returnRequests,
  unclaimedParcels,
  warehouseHolidays,
} from './parcels.schema.ts';
import { containing } from '../../db/contains.ts';

export type ParcelRow = typeof parcels.$inferSelect;
export type PackRow = typeof packs.$inferSelect;
export type BatchRow = typeof outboundBatches.$inferSelect;
export type RateCardRow = typeof rateCards.$inferSelect;
export type ReturnRow = typeof returnRequests.$inferSelect;
export type UnclaimedRow = typeof unclaimedParcels.$inferSelect;
export type DoorServiceRow = typeof doorServices.$inferSelect;

// Batch declaration and door-to-door/invoice queries live in their own files; `repo.*` callers still see them here.
export * from './batch-declaration.repository.ts';
export * from './extras.repository.ts';

const liveParcel = isNull(parcels.deletedAt);
const page = (p: { page: number; page_size: number }) => ({ limit: p.page_size, offset: (p.page - 1) * p.page_size });

// --- parcels -----------------------------------------------------------------------------------

export async function insertParcel(db: Tx, values: typeof parcels.$inferInsert) {
  const [row] = await db.insert(parcels).values(values).returning();
  return row;
}

export async function findLiveParcelByTracking(db: Tx, trackingNo: string) {
  const [row] = await db
    .select()
    .from(parcels)
    .where(and(liveParcel, eq(parcels.trackingNo, trackingNo)))
    .limit(1);
  return row ?? null;
}

export async function findOwnedParcel(db: Tx, userId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(parcels)
    .where(and(liveParcel, eq(parcels.userId, userId), eq(parcels.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findParcelById(db: Tx, id: number) {
  const [row] = await db
    .select()
    .from(parcels)
    .where(and(liveParcel, eq(parcels.id, id)))
    .limit(1);
  return row ?? null;
}

export function findOwnedParcelsByIds(db: Tx, userId: number, ids: number[]) {
  return db
    .select()
    .from(parcels)
    .where(and(liveParcel, eq(parcels.userId, userId), inArray(parcels.id, ids)))
    .orderBy(asc(parcels.id))
    .for('update');
}

export function findParcelsByIds(db: Tx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as ParcelRow[]);
  return db
    .select()
    .from(parcels)
    .where(and(liveParcel, inArray(parcels.id, ids)))
    .orderBy(asc(parcels.id));
}

export interface ParcelFilter {
  userId?: number;
  statuses?: string[];
  keyword?: string;
  lowValue?: boolean;
  category?: string;
  mode?: string;
  /** Declared (created) or arrived (inbound) within [from, to). */
  dates?: { kind: 'declared' | 'arrived'; from?: Date; to?: Date };
}

function parcelWhere(f: ParcelFilter): SQL | undefined {
  const k = f.keyword ? containing(f.keyword) : null;
  return and(
    liveParcel,
    f.userId !== undefined ? eq(parcels.userId, f.userId) : undefined,
    f.statuses?.length === 1 ? eq(parcels.status, f.statuses[0]) : f.statuses?.length ? inArray(parcels.status, f.statuses) : undefined,
    f.lowValue ? eq(parcels.isLowValue, true) : undefined,
    f.category ? eq(parcels.category, f.category) : undefined,
    f.mode ? eq(parcels.mode, f.mode) : undefined,
    f.dates?.from ? gte(f.dates.kind === 'arrived' ? parcels.inboundAt : parcels.createdAt, f.dates.from) : undefined,
    f.dates?.to ? lt(f.dates.kind === 'arrived' ? parcels.inboundAt : parcels.createdAt, f.dates.to) : undefined,
    k ? or(ilike(parcels.trackingNo, k), ilike(parcels.goodsName, k)) : undefined,
  );
}

/**
 * A page of parcels, newest first, and how many match. With an owner and one status the page is one range of
 * parcels_owner_status_idx (user_id, status, id) read backwards: 20 index entries and their rows, however large
 * the table. (A category list takes its total from the kept counts instead: findOwnerParcelsPageWithCounts.)
 */
export async function findParcelsPage(db: Tx, f: ParcelFilter, p: { page: number; page_size: number }) {
  const where = parcelWhere(f);
  const { limit, offset } = page(p);
  const [rows, total] = await Promise.all([
    db.select().from(parcels).where(where).orderBy(desc(parcels.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(where)
      .then((r) => r[0].n),
  ]);
  return { rows, total };
}

/**
 * A page of the owner's parcels in some categories, with each parcel's pack number and the owner's kept counts
 * per category, in one statement: the counts are an init plan (read once, in the page's snapshot) carried on
 * every row, so a category list is one round trip instead of two (or more, with packs). `counts` is null when the
 * page is empty (no row to carry them: past the last page).
 *
 * One category (what the app's tabs ask, again and again) is a statement built once (preparedOnce) and run
 * on the handle given (a named statement on PostgreSQL). The plan: one range of
 * parcels_owner_status_idx (user_id, status, id) read backwards, stopping after offset + limit entries, each
 * joined to its pack by primary key, so the cost does not grow with the table or with the owner's other parcels.
 */
export async function findOwnerParcelsPageWithCounts(
  db: Tx,
  f: { userId: number; statuses: string[] },
  p: { page: number; page_size: number },
) {
  const { limit, offset } = page(p);
  const found =
    f.statuses.length === 1
      ? await ownerCategoryPage(db).execute({ userId: f.userId, status: f.statuses[0], limit, offset })
      : await ownerPageQuery(db, f.userId, inArray(parcels.status, f.statuses)).limit(limit).offset(offset);
  return { rows: found.map((r) => ({ ...r.parcel, packNo: r.packNo })), counts: found[0]?.counts ?? null };
}

function ownerPageQuery(db: Tx, userId: number | Placeholder, statusIs: SQL | undefined) {
  return db
    .select({
      parcel: parcels,
      packNo: packs.packNo,
      counts: sql<Record<string, number>>`(select coalesce(json_object_agg(${parcelCounts.status}, ${parcelCounts.n}), '{}')
        from ${parcelCounts} where ${parcelCounts.userId} = ${userId})`,
    })
    .from(parcels)
    .leftJoin(packs, eq(packs.id, parcels.packId))
    .where(and(liveParcel, eq(parcels.userId, userId), statusIs))
    .orderBy(desc(parcels.id));
}

const ownerCategoryPage = preparedOnce((db) =>
  ownerPageQuery(db, sql.placeholder('userId'), eq(parcels.status, sql.placeholder('status')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('parcels_owner_category_page'),
);

/**
 * The number every write to the owner's parcels moves (parcel_list_versions, kept by statement
 * triggers); 0 before the first. One primary-key read, built once.
 */
export async function findParcelListVersion(db: Tx, userId: number): Promise<number> {
  const [row] = await parcelListVersion(db).execute({ userId });
  return row ? Number(row.version) : 0;
}

const parcelListVersion = preparedOnce((db) =>
  db
    .select({ version: parcelListVersions.version })
    .from(parcelListVersions)
    .where(eq(parcelListVersions.userId, sql.placeholder('userId')))
    .prepare('parcels_list_version'),
);

/** The owner's live parcels per list category: a primary-key range of parcel_counts (kept by a trigger). */
export function countParcelsOfOwnerByStatus(db: Tx, userId: number) {
  return db.select({ status: parcelCounts.status, n: parcelCounts.n }).from(parcelCounts).where(eq(parcelCounts.userId, userId));
}

/** A fresh count of the same, for checking the kept counts (tests, reconciliation). */
export function recountParcelsOfOwnerByStatus(db: Tx, userId: number) {
  return db
    .select({ status: parcels.status, n: sql<number>`count(*)::int` })
    .from(parcels)
    .where(and(liveParcel, eq(parcels.userId, userId)))
    .groupBy(parcels.status);
}

export async function countLowValueOfOwner(db: Tx, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parcels)
    .where(and(liveParcel, eq(parcels.userId, userId), eq(parcels.isLowValue, true)));
  return row.n;
}

export function findPackableParcelsOfOwner(db: Tx, userId: number, mode?: string) {
  return db
    .select()
    .from(parcels)
    .where(
      and(
        liveParcel,
        eq(parcels.userId, userId),
        eq(parcels.status, 'warehouse'),
        isNull(parcels.packId),
        isNull(parcels.returnId),
        mode ? eq(parcels.mode, mode) : undefined,
      ),
    )
    .orderBy(desc(parcels.id));
}

export async function updateParcel(db: Tx, id: number, values: Partial<typeof parcels.$inferInsert>) {
  const [row] = await db.update(parcels).set(values).where(eq(parcels.id, id)).returning();
  return row;
}

export async function updateParcelsByIds(db: Tx, ids: number[], values: Partial<typeof parcels.$inferInsert>) {
  if (ids.length === 0) return;
  await db.update(parcels).set(values).where(inArray(parcels.id, ids));
}

export async function updateParcelsOfPack(db: Tx, packId: number, values: Partial<typeof parcels.$inferInsert>) {
  await db
    .update(parcels)
    .set(values)
    .where(and(liveParcel, eq(parcels.packId, packId)));
}

export function findParcelsOfPacks(db: Tx, packIds: number[]) {
  if (packIds.length === 0) return Promise.resolve([] as ParcelRow[]);
  return db
    .select()
    .from(parcels)
    .where(and(liveParcel, inArray(parcels.packId, packIds)))
    .orderBy(asc(parcels.id));
}

export async function insertParcelEvents(db: Tx, rows: Array<typeof parcelEvents.$inferInsert>) {
  if (rows.length) await db.insert(parcelEvents).values(rows);
}

export function findEventsOfParcel(db: Tx, parcelId: number) {
  return db.select().from(parcelEvents).where(eq(parcelEvents.parcelId, parcelId)).orderBy(asc(parcelEvents.id));
}

// --- packs -------------------------------------------------------------------------------------

export async function insertPack(db: Tx, values: typeof packs.$inferInsert) {
  const [row] = await db.insert(packs).values(values).returning();
  return row;
}

export async function findOwnedPack(db: Tx, userId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(packs)
    .where(and(eq(packs.userId, userId), eq(packs.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Pack numbers by pack id, in one statement. */
export async function findPackNos(db: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db.select({ id: packs.id, packNo: packs.packNo }).from(packs).where(inArray(packs.id, ids));
  return new Map(rows.map((r) => [r.id, r.packNo]));
}

export async function findPackById(db: Tx, id: number, lock = false) {
  const q = db.select().from(packs).where(eq(packs.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export function findPacksByIds(db: Tx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as PackRow[]);
  return db.select().from(packs).where(inArray(packs.id, ids)).orderBy(asc(packs.id)).for('update');
}

export async function updatePack(db: Tx, id: number, values: Partial<typeof packs.$inferInsert>) {
  const [row] = await db.update(packs).set(values).where(eq(packs.id, id)).returning();
  return row;
}

export interface PackFilter {
  userId?: number;
  status?: string;
  statuses?: string[];
  mode?: string;
  batchId?: number;
  keyword?: string;
}

function packWhere(f: PackFilter) {
  return and(
    f.userId !== undefined ? eq(packs.userId, f.userId) : undefined,
    f.status ? eq(packs.status, f.status) : undefined,
    f.statuses?.length ? inArray(packs.status, f.statuses) : undefined,
    f.mode ? eq(packs.mode, f.mode) : undefined,
    f.batchId !== undefined ? eq(packs.batchId, f.batchId) : undefined,
    f.keyword ? ilike(packs.packNo, containing(f.keyword)) : undefined,
  );
}

export async function findPacksPage(db: Tx, f: PackFilter, p: { page: number; page_size: number }) {
  const where = packWhere(f);
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(packs).where(where).orderBy(desc(packs.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(packs)
      .where(where),
  ]);
  return { rows, total: n };
}

export function findPacks(db: Tx, f: PackFilter) {
  return db.select().from(packs).where(packWhere(f)).orderBy(desc(packs.id));
}

export function findPacksOfBatch(db: Tx, batchId: number) {
  return db.select().from(packs).where(eq(packs.batchId, batchId)).orderBy(asc(packs.id));
}

export async function updatePacksOfBatch(db: Tx, batchId: number, values: Partial<typeof packs.$inferInsert>, onlyStatuses?: string[]) {
  await db
    .update(packs)
    .set(values)
    .where(and(eq(packs.batchId, batchId), onlyStatuses ? inArray(packs.status, onlyStatuses) : undefined));
}

/** Customers with packing requests, for the packing station. */
/** Customers with packing requests waiting, earliest packing date first (the packing station's list). */
export async function findUsersWithAppliedPacks(db: Tx, keyword?: string) {
  const k = keyword ? containing(keyword) : null;
  const matched = keyword ? (await accountPort.searchUsers(db, keyword)).map((u) => u.id) : [];
  const groups = await db
    .select({
      userId: packs.userId,
      packCount: sql<number>`count(${packs.id})::int`,
      earliest: sql<string | null>`min(${packs.packDate})::text`,
    })
    .from(packs)
    .where(
      and(
        eq(packs.status, 'applied'),
        k ? or(ilike(packs.packNo, k), matched.length ? inArray(packs.userId, matched) : undefined) : undefined,
      ),
    )
    .groupBy(packs.userId)
    .orderBy(sql`min(${packs.packDate}) nulls last`, asc(packs.userId))
    .limit(50);
  const owners = new Map(
    (
      await accountPort.findUsers(
        db,
        groups.map((g) => g.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return groups.map((g) => ({
    ...g,
    userAccount: owners.get(g.userId)?.userAccount ?? '',
    nickname: owners.get(g.userId)?.nickname ?? '',
  }));
}

export async function findUserAccounts(db: Tx, ids: number[]) {
  const names = await accountPort.userAccounts(db, ids);
  return [...names].map(([id, userAccount]) => ({ id, userAccount }));
}

// --- batches -----------------------------------------------------------------------------------

export async function insertBatch(db: Tx, values: typeof outboundBatches.$inferInsert) {
  const [row] = await db.insert(outboundBatches).values(values).returning();
  return row;
}
export async function findBatchById(db: Tx, id: number, lock = false) {
  const q = db.select().from(outboundBatches).where(eq(outboundBatches.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}
export async function updateBatch(db: Tx, id: number, values: Partial<typeof outboundBatches.$inferInsert>) {
  const [row] = await db.update(outboundBatches).set(values).where(eq(outboundBatches.id, id)).returning();
  return row;
}
export async function findBatchesPage(
  db: Tx,
  f: { status?: string; mode?: string; ids?: number[] },
  p: { page: number; page_size: number },
) {
  const where = and(
    f.status ? eq(outboundBatches.status, f.status) : undefined,
    f.mode ? eq(outboundBatches.mode, f.mode) : undefined,
    f.ids ? inArray(outboundBatches.id, f.ids.length ? f.ids : [0]) : undefined,
  );
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(outboundBatches).where(where).orderBy(desc(outboundBatches.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboundBatches)
      .where(where),
  ]);
  return { rows, total: n };
}
/** Per batch: pack count, volume and amount, optionally of one customer's packs only. */
export function findBatchTotals(db: Tx, batchIds: number[], userId?: number) {
  if (batchIds.length === 0) return Promise.resolve([] as Array<{ batchId: number | null; n: number; volume: number; amount: number }>);
  return db
    .select({
      batchId: packs.batchId,
      n: sql<number>`count(*)::int`,
      volume: sql<number>`coalesce(sum(${packs.volumeMm3}), 0)::float8`,
      amount: sql<number>`coalesce(sum(${packs.amountMinor}), 0)::float8`,
    })
    .from(packs)
    .where(and(inArray(packs.batchId, batchIds), userId !== undefined ? eq(packs.userId, userId) : undefined))
    .groupBy(packs.batchId);
}
export async function findBatchIdsOfOwner(db: Tx, userId: number) {
  const rows = await db
    .selectDistinct({ batchId: packs.batchId })
    .from(packs)
    .where(and(eq(packs.userId, userId), sql`${packs.batchId} is not null`));
  return rows.map((r) => r.batchId!);
}
export async function insertStageEvent(db: Tx, values: typeof batchStageEvents.$inferInsert) {
  await db.insert(batchStageEvents).values(values);
}
export function findStageEventsOfBatch(db: Tx, batchId: number) {
  return db.select().from(batchStageEvents).where(eq(batchStageEvents.batchId, batchId)).orderBy(asc(batchStageEvents.id));
}

// --- rate cards, holidays ----------------------------------------------------------------------

export function findRateCards(db: Tx) {
  return db.select().from(rateCards).orderBy(asc(rateCards.mode), asc(rateCards.category));
}
export async function findRateCard(db: Tx, mode: string, category: string) {
  const [row] = await db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.mode, mode), eq(rateCards.category, category), eq(rateCards.active, true)))
    .limit(1);
  return row ?? null;
}
export async function findRateCardById(db: Tx, id: number) {
  const [row] = await db.select().from(rateCards).where(eq(rateCards.id, id)).limit(1);
  return row ?? null;
}
export async function findRateCardByKey(db: Tx, mode: string, category: string) {
  const [row] = await db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.mode, mode), eq(rateCards.category, category)))
    .limit(1);
  return row ?? null;
}
export async function insertRateCard(db: Tx, values: typeof rateCards.$inferInsert) {
  const [row] = await db.insert(rateCards).values(values).returning();
  return row;
}
export async function updateRateCard(db: Tx, id: number, values: Partial<typeof rateCards.$inferInsert>) {
  const [row] = await db.update(rateCards).set(values).where(eq(rateCards.id, id)).returning();
  return row;
}
export async function deleteRateCard(db: Tx, id: number) {
  const rows = await db.delete(rateCards).where(eq(rateCards.id, id)).returning({ id: rateCards.id });
  return rows.length > 0;
}

export function findHolidaysFrom(db: Tx, from?: string) {
  return db
    .select()
    .from(warehouseHolidays)
    .where(from ? gte(warehouseHolidays.date, from) : undefined)
    .orderBy(asc(warehouseHolidays.date));
}
export async function findHolidayByDate(db: Tx, date: string) {
  const [row] = await db.select().from(warehouseHolidays).where(eq(warehouseHolidays.date, date)).limit(1);
  return row ?? null;
}
export async function findHolidayById(db: Tx, id: number) {
  const [row] = await db.select().from(warehouseHolidays).where(eq(warehouseHolidays.id, id)).limit(1);
  return row ?? null;
}
export async function saveHoliday(db: Tx, id: number | undefined, values: { date: string; reason: string }) {
  if (id) {
    const [row] = await db.update(warehouseHolidays).set(values).where(eq(warehouseHolidays.id, id)).returning();
    return row ?? null;
  }
  const [row] = await db.insert(warehouseHolidays).values(values).returning();
  return row;
}
export async function deleteHoliday(db: Tx, id: number) {
  const rows = await db.delete(warehouseHolidays).where(eq(warehouseHolidays.id, id)).returning({ id: warehouseHolidays.id });
  return rows.length > 0;
}

// --- returns -----------------------------------------------------------------------------------

export async function insertReturn(db: Tx, values: typeof returnRequests.$inferInsert) {
  const [row] = await db.insert(returnRequests).values(values).returning();
  return row;
}
export async function findOwnedReturn(db: Tx, userId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.userId, userId), eq(returnRequests.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}
export async function findReturnById(db: Tx, id: number, lock = false) {
  const q = db.select().from(returnRequests).where(eq(returnRequests.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}
export async function updateReturn(db: Tx, id: number, values: Partial<typeof returnRequests.$inferInsert>) {
  const [row] = await db.update(returnRequests).set(values).where(eq(returnRequests.id, id)).returning();
  return row;
}
export async function findReturnsPage(db: Tx, f: { userId?: number; status?: string }, p: { page: number; page_size: number }) {
  const where = and(
    f.userId !== undefined ? eq(returnRequests.userId, f.userId) : undefined,
    f.status ? eq(returnRequests.status, f.status) : undefined,
  );
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(returnRequests).where(where).orderBy(desc(returnRequests.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(where),
  ]);
  return { rows, total: n };
}

// --- unclaimed ---------------------------------------------------------------------------------

export async function insertUnclaimed(db: Tx, values: typeof unclaimedParcels.$inferInsert) {
  const [row] = await db.insert(unclaimedParcels).values(values).returning();
  return row;
}
export async function findUnclaimedByTracking(db: Tx, trackingNo: string) {
  const [row] = await db.select().from(unclaimedParcels).where(eq(unclaimedParcels.trackingNo, trackingNo)).limit(1);
  return row ?? null;
}
export async function findUnclaimedById(db: Tx, id: number, lock = false) {
  const q = db.select().from(unclaimedParcels).where(eq(unclaimedParcels.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}
export async function updateUnclaimed(db: Tx, id: number, values: Partial<typeof unclaimedParcels.$inferInsert>) {
  const [row] = await db.update(unclaimedParcels).set(values).where(eq(unclaimedParcels.id, id)).returning();
  return row;
}
export async function findUnclaimedPage(db: Tx, f: { statuses?: string[]; keyword?: string }, p: { page: number; page_size: number }) {
  const where = and(
    f.statuses?.length ? inArray(unclaimedParcels.status, f.statuses) : undefined,
    f.keyword ? ilike(unclaimedParcels.trackingNo, containing(f.keyword)) : undefined,
  );
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(unclaimedParcels).where(where).orderBy(desc(unclaimedParcels.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(unclaimedParcels)
      .where(where),
  ]);
  return { rows, total: n };
}
