import { randomBytes } from 'node:crypto';
import { and, asc, between, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  groupBatches,
  groupBatchPacks,
  groupMembers,
  groupMemberCounts,
  groupPackDates,
  groupPickups,
  groupRewards,
  groups,
  groupSettings,
  leaderApplications,
} from './groups.schema.ts';
import { containing } from '../../db/contains.ts';
import { anyInt } from '../../db/any-of.ts';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;
export type BatchRow = typeof groupBatches.$inferSelect;
export type PickupRow = typeof groupPickups.$inferSelect;
export type ApplicationRow = typeof leaderApplications.$inferSelect;

const LIVE = ['active', 'blacklisted'];

// ---- groups ----

export async function findGroupById(db: Tx, id: number, lock = false) {
  const q = db.select().from(groups).where(eq(groups.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findGroupOfLeader(db: Tx, leaderId: number) {
  const [row] = await db.select().from(groups).where(eq(groups.leaderId, leaderId));
  return row ?? null;
}

export async function insertGroup(db: Tx, values: typeof groups.$inferInsert) {
  const [row] = await db.insert(groups).values(values).returning();
  return row;
}

export async function updateGroup(db: Tx, id: number, values: Partial<typeof groups.$inferInsert>) {
  const [row] = await db.update(groups).set(values).where(eq(groups.id, id)).returning();
  return row;
}

/** Groups inside a box: reads the (lat, lng) index; hidden and paused ones as asked. */
export function findGroupsInBox(
  db: Tx,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
  f: { includeHidden: boolean; keyword?: string },
) {
  return db
    .select()
    .from(groups)
    .where(
      and(
        between(groups.lat, box.minLat, box.maxLat),
        between(groups.lng, box.minLng, box.maxLng),
        eq(groups.paused, false),
        f.includeHidden ? undefined : eq(groups.hidden, false),
        f.keyword ? or(ilike(groups.name, containing(f.keyword)), ilike(groups.leaderName, containing(f.keyword))) : undefined,
      ),
    )
    .limit(2000);
}

export async function findGroupsPage(
  db: Tx,
  f: { includeHidden: boolean; includePaused?: boolean; keyword?: string; newestFirst?: boolean },
  p: { page: number; page_size: number },
) {
  const where = and(
    f.includePaused ? undefined : eq(groups.paused, false),
    f.includeHidden ? undefined : eq(groups.hidden, false),
    f.keyword ? or(ilike(groups.name, containing(f.keyword)), ilike(groups.leaderName, containing(f.keyword))) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(groups)
      .where(where)
      .orderBy(f.newestFirst ? desc(groups.id) : asc(groups.id))
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(groups)
      .where(where),
  ]);
  return { rows, total: n };
}

export async function findGroupsWithPattern(db: Tx) {
  return db
    .select()
    .from(groups)
    .where(sql`${groups.pattern} is not null`);
}

// ---- members ----

/** Live members (active and blacklisted) per group, from the kept counts (group_member_counts). */
export async function countMembers(db: Tx, groupIds: number[]) {
  if (!groupIds.length) return new Map<number, number>();
  const rows = await db
    .select({ groupId: groupMemberCounts.groupId, n: sql<number>`sum(${groupMemberCounts.n})::int` })
    .from(groupMemberCounts)
    .where(and(inArray(groupMemberCounts.groupId, groupIds), inArray(groupMemberCounts.status, LIVE)))
    .groupBy(groupMemberCounts.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

/** How many of a group's members are in these statuses, from the kept counts: a few rows, not 10,000. */
async function countMembersIn(db: Tx, groupId: number, statuses: string[]) {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${groupMemberCounts.n}), 0)::int` })
    .from(groupMemberCounts)
    .where(and(eq(groupMemberCounts.groupId, groupId), inArray(groupMemberCounts.status, statuses)));
  return n;
}

export async function findLiveMembership(db: Tx, userId: number, lock = false) {
  const q = db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, LIVE)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * The group `leaderId` leads and which of `userIds` are its live members, in one statement; null when the user
 * leads no group.
 */
export async function findLedGroupMembers(db: Tx, leaderId: number, userIds: number[]) {
  const rows = await db
    .select({ groupId: groups.id, userId: groupMembers.userId })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), anyInt(groupMembers.userId, userIds), inArray(groupMembers.status, LIVE)),
    )
    .where(eq(groups.leaderId, leaderId));
  if (!rows.length) return null;
  return { groupId: rows[0].groupId, members: new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId]))) };
}

export async function findMembership(db: Tx, groupId: number, userId: number) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

/** Members whose recipient code contains the keyword or who are among `users` (the account's match of it). */
export interface MemberSearch {
  keyword: string;
  users: SQL;
}

function membersWhere(groupId: number, statuses: string[], search?: MemberSearch, onlyUsers?: SQL | readonly number[]) {
  return and(
    eq(groupMembers.groupId, groupId),
    inArray(groupMembers.status, statuses),
    // The matches are found first, each from its trigram index (code; account or nickname), and the members read
    // by user id: with "code matches OR user matches" on each row, PostgreSQL reads every member and folds the
    // case of every code (keywords under three letters still read every row).
    search
      ? sql`${groupMembers.userId} = any(array(
          select ${groupMembers.userId} from ${groupMembers}
          where ${groupMembers.groupId} = ${groupId} and ${ilike(groupMembers.dragonCode, containing(search.keyword))}
          union ${search.users}))`
      : undefined,
    onlyUsers && usersAmong(onlyUsers),
  );
}

/** The member is one of these users: ids by primary key, a query of ids as `in`. */
function usersAmong(onlyUsers: SQL | readonly number[]) {
  return Array.isArray(onlyUsers) ? anyInt(groupMembers.userId, onlyUsers) : sql`${groupMembers.userId} in (${onlyUsers})`;
}

export async function findMembers(db: Tx, groupId: number, statuses: string[]) {
  return db.select().from(groupMembers).where(membersWhere(groupId, statuses)).orderBy(desc(groupMembers.joinedAt));
}

/** The recipient codes of these users in the group, whatever their membership's status. */
export async function findDragonCodes(db: Tx, groupId: number, userIds: number[]) {
  if (!userIds.length) return new Map<number, string>();
  const rows = await db
    .select({ userId: groupMembers.userId, dragonCode: groupMembers.dragonCode })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), anyInt(groupMembers.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.dragonCode]));
}

/** What a page of members carries besides the membership: columns of other modules' (ports), per row. */
export interface MemberPageColumns {
  /** The user's account and nickname (MembershipPort.accountOf). */
  account: SQL<{ account: string; nickname: string } | null>;
  /** The member's GROUP packs in the group and how many wait for payment (GroupPacksPort.packCountsOf). */
  packs: SQL<[number, number]>;
}

/**
 * One page of a group's members (newest first), each with `columns`, and how many there are, counted by the
 * database: one statement (the page was four: members, the count, their users, their packs; on PostgreSQL each
 * is a round trip, on PGlite a turn of its one thread).
 */
export async function findMembersPage(
  db: Tx,
  groupId: number,
  statuses: string[],
  p: { page: number; page_size: number },
  /** The other modules' columns, given the member's user id column. */
  columns: (userId: SQL) => MemberPageColumns,
  search?: MemberSearch,
  /**
   * A query of user ids (another module's, e.g. members who owe for a pack) the members must be among, or the ids
   * themselves (a page found elsewhere: read by primary key, not by walking the list's index for them).
   */
  onlyUsers?: SQL | readonly number[],
) {
  const where = membersWhere(groupId, statuses, search, onlyUsers);
  const order = [desc(groupMembers.joinedAt), desc(groupMembers.userId)];
  const offset = (p.page - 1) * p.page_size;
  // With a filter the total comes from the matches (a filter reads every member, or user; counting apart read them
  // twice). Without, the page is read from group_members_joined_idx (backwards), one page of rows instead of
  // sorting the group, and the total is the kept counts' (not a count of the group's rows), computed once for the
  // statement (an uncorrelated subquery).
  const total =
    search || onlyUsers
      ? sql<number>`(count(*) over ())::int`
      : sql<number>`(select coalesce(sum(${groupMemberCounts.n}), 0)::int from ${groupMemberCounts}
          where ${groupMemberCounts.groupId} = ${groupId} and ${inArray(groupMemberCounts.status, statuses)})`;
  // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare user_id inside the ports'
  // subqueries would be their own table's.
  const { account, packs } = columns(sql`${groupMembers}.${sql.identifier(groupMembers.userId.name)}`);
  const rows = await db
    .select({ member: groupMembers, account, packs, total })
    .from(groupMembers)
    .where(where)
    .orderBy(...order)
    .limit(p.page_size)
    .offset(offset);
  // A last page says how many there are; past the last one, no row carries the total.
  if (rows.length < p.page_size && (rows.length || p.page === 1)) return { rows, total: offset + rows.length };
  if (rows.length) return { rows, total: rows[0].total };
  return { rows, total: search || onlyUsers ? await countWhere(db, where) : await countMembersIn(db, groupId, statuses) };
}

async function countWhere(db: Tx, where: SQL | undefined) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(where);
  return n;
}

export async function upsertMember(db: Tx, values: { groupId: number; userId: number; status: string; dragonCode: string }) {
  const [row] = await db
    .insert(groupMembers)
    .values({ ...values, joinedAt: new Date(), updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { status: values.status, dragonCode: values.dragonCode, joinedAt: new Date(), updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function updateMember(db: Tx, groupId: number, userId: number, values: Partial<typeof groupMembers.$inferInsert>) {
  const [row] = await db
    .update(groupMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning();
  return row;
}

export async function findLiveByDragonCode(db: Tx, code: string) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.dragonCode, code), inArray(groupMembers.status, LIVE)));
  return row ?? null;
}

// ---- applications ----

export async function insertApplication(db: Tx, values: typeof leaderApplications.$inferInsert) {
  const [row] = await db.insert(leaderApplications).values(values).returning();
  return row;
}

export async function findPendingApplication(db: Tx, userId: number) {
  const [row] = await db
    .select()
    .from(leaderApplications)
    .where(and(eq(leaderApplications.userId, userId), eq(leaderApplications.status, 'pending')));
  return row ?? null;
}

export async function findLatestApplication(db: Tx, userId: number) {
  const [row] = await db
    .select()
    .from(leaderApplications)
    .where(eq(leaderApplications.userId, userId))
    .orderBy(desc(leaderApplications.id))
    .limit(1);
  return row ?? null;
}

export async function findApplication(db: Tx, id: number, lock = false) {
  const q = db.select().from(leaderApplications).where(eq(leaderApplications.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateApplication(db: Tx, id: number, values: Partial<typeof leaderApplications.$inferInsert>) {
  const [row] = await db.update(leaderApplications).set(values).where(eq(leaderApplications.id, id)).returning();
  return row;
}

export async function findApplicationsPage(db: Tx, status: string | undefined, p: { page: number; page_size: number }) {
  const where = status ? eq(leaderApplications.status, status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(leaderApplications)
      .where(where)
      .orderBy(desc(leaderApplications.id))
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leaderApplications)
      .where(where),
  ]);
  return { rows, total: n };
}

// ---- pack dates ----

export async function replaceFutureDates(db: Tx, groupId: number, from: string, dates: string[]) {
  await db.delete(groupPackDates).where(and(eq(groupPackDates.groupId, groupId), gte(groupPackDates.date, from)));
  if (dates.length)
    await db
      .insert(groupPackDates)
      .values(dates.map((date) => ({ groupId, date })))
      .onConflictDoNothing();
}

export async function findDatesFrom(db: Tx, groupIds: number[], from: string) {
  if (!groupIds.length) return new Map<number, string[]>();
  const rows = await db
    .select()
    .from(groupPackDates)
    .where(and(inArray(groupPackDates.groupId, groupIds), gte(groupPackDates.date, from)))
    .orderBy(asc(groupPackDates.date));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.groupId, [...(out.get(r.groupId) ?? []), r.date]);
  return out;
}

// ---- batches ----

export async function ensureBatch(db: Tx, groupId: number, packDate: string) {
  const batchNo = `G${packDate.slice(2).replace(/-/g, '')}${String(groupId).padStart(4, '0')}`;
  await db.insert(groupBatches).values({ groupId, packDate, batchNo }).onConflictDoNothing();
}

/** The group's batches still waiting for planning on or after a date, and how many packs each holds. */
export async function findWaitingBatchesFrom(db: Tx, groupId: number, from: string) {
  return db
    .select({
      id: groupBatches.id,
      packDate: groupBatches.packDate,
      linked: sql<number>`(select count(*)::int from ${groupBatchPacks} where ${groupBatchPacks.batchId} = ${groupBatches.id})`,
    })
    .from(groupBatches)
    .where(and(eq(groupBatches.groupId, groupId), eq(groupBatches.status, 'wait_plan'), gte(groupBatches.packDate, from)))
    .for('update');
}

export async function findBatch(db: Tx, id: number, lock = false) {
  const q = db.select().from(groupBatches).where(eq(groupBatches.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateBatch(db: Tx, id: number, values: Partial<typeof groupBatches.$inferInsert>) {
  const [row] = await db.update(groupBatches).set(values).where(eq(groupBatches.id, id)).returning();
  return row;
}

export async function findBatchesPage(
  db: Tx,
  f: { groupId?: number; status?: string; ids?: number[] },
  p: { page: number; page_size: number },
) {
  if (f.ids && !f.ids.length) return { rows: [], total: 0 };
  const where = and(
    f.groupId !== undefined ? eq(groupBatches.groupId, f.groupId) : undefined,
    f.status ? eq(groupBatches.status, f.status) : undefined,
    f.ids ? inArray(groupBatches.id, f.ids) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(groupBatches)
      .where(where)
      .orderBy(desc(groupBatches.packDate), desc(groupBatches.id))
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupBatches)
      .where(where),
  ]);
  return { rows, total: n };
}

/** The pack ids of each batch, as one array per batch: ten batches of 500 packs are 10 rows, not 5,000. */
export async function findPackIdsOfBatches(db: Tx, batchIds: number[]) {
  if (!batchIds.length) return new Map<number, number[]>();
  const rows = await db
    .select({ batchId: groupBatchPacks.batchId, packIds: sql<number[]>`array_agg(${groupBatchPacks.packId})` })
    .from(groupBatchPacks)
    .where(inArray(groupBatchPacks.batchId, batchIds))
    .groupBy(groupBatchPacks.batchId);
  return new Map(rows.map((r) => [r.batchId, r.packIds]));
}

/**
 * The packs of these batches as rows (key = batch id, group_id, pack_id), a query for the parcels module to add
 * them up with (GroupPacksPort.packTotalsOf), so the ids stay in the database.
 */
export function batchPackSets(batchIds: number[]): SQL {
  return sql`select ${groupBatchPacks.batchId}, ${groupBatches.groupId}, ${groupBatchPacks.packId}
    from ${groupBatchPacks} join ${groupBatches} on ${groupBatches.id} = ${groupBatchPacks.batchId}
    where ${anyInt(groupBatchPacks.batchId, batchIds)}`;
}

/** The pack ids of a batch, as a query (GroupPacksPort.memberPageOf reads them in the database). */
export function batchPackIds(batchId: number): SQL {
  return sql`select ${groupBatchPacks.packId} from ${groupBatchPacks} where ${groupBatchPacks.batchId} = ${batchId}`;
}

/** The pack ids of a batch that belong to these members. */
export async function findBatchPackIdsOf(db: Tx, batchId: number, userIds: number[]) {
  if (!userIds.length) return [];
  const rows = await db
    .select({ packId: groupBatchPacks.packId })
    .from(groupBatchPacks)
    .where(and(eq(groupBatchPacks.batchId, batchId), anyInt(groupBatchPacks.userId, userIds)));
  return rows.map((r) => r.packId);
}

export async function findBatchOfPack(db: Tx, packId: number) {
  const [row] = await db.select().from(groupBatchPacks).where(eq(groupBatchPacks.packId, packId));
  return row ?? null;
}

export async function findLinkedPackIds(db: Tx, packIds: number[]) {
  if (!packIds.length) return [];
  return (await db.select({ id: groupBatchPacks.packId }).from(groupBatchPacks).where(inArray(groupBatchPacks.packId, packIds))).map(
    (r) => r.id,
  );
}

export async function linkPacks(db: Tx, batchId: number, rows: Array<{ packId: number; userId: number }>) {
  if (rows.length)
    await db
      .insert(groupBatchPacks)
      .values(rows.map((r) => ({ batchId, ...r })))
      .onConflictDoNothing();
}

export async function unlinkPacks(db: Tx, batchId: number) {
  await db.delete(groupBatchPacks).where(eq(groupBatchPacks.batchId, batchId));
}

// ---- pickups ----

export async function ensurePickups(db: Tx, batchId: number, userIds: number[]) {
  for (const userId of userIds) {
    await db
      .insert(groupPickups)
      .values({ batchId, userId, pickupCode: randomBytes(5).toString('hex').toUpperCase().slice(0, 8) })
      .onConflictDoNothing({ target: [groupPickups.batchId, groupPickups.userId] });
  }
}

export async function findPickups(db: Tx, f: { batchId?: number; userId?: number; userIds?: number[] }) {
  return db
    .select()
    .from(groupPickups)
    .where(
      and(
        f.batchId !== undefined ? eq(groupPickups.batchId, f.batchId) : undefined,
        f.userId !== undefined ? eq(groupPickups.userId, f.userId) : undefined,
        f.userIds ? anyInt(groupPickups.userId, f.userIds) : undefined,
      ),
    )
    .orderBy(desc(groupPickups.batchId));
}

export async function findPickupByCode(db: Tx, code: string, lock = false) {
  const q = db.select().from(groupPickups).where(eq(groupPickups.pickupCode, code));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function signPickups(db: Tx, batchId: number, by: number, userId?: number) {
  return db
    .update(groupPickups)
    .set({ signedAt: new Date(), signedBy: by })
    .where(
      and(
        eq(groupPickups.batchId, batchId),
        isNull(groupPickups.signedAt),
        userId !== undefined ? eq(groupPickups.userId, userId) : undefined,
      ),
    )
    .returning();
}

// ---- rewards ----

export async function insertReward(db: Tx, values: typeof groupRewards.$inferInsert) {
  const rows = await db.insert(groupRewards).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findRewardOfBatch(db: Tx, batchId: number) {
  const [row] = await db
    .select()
    .from(groupRewards)
    .where(and(eq(groupRewards.batchId, batchId), eq(groupRewards.kind, 'reward')));
  return row ?? null;
}

export async function updateRewardAmount(db: Tx, id: number, amountMinor: number) {
  await db.update(groupRewards).set({ amountMinor }).where(eq(groupRewards.id, id));
}

/** Rewards and reversals, newest first: one leader's, one group's, or all (staff). */
export async function findRewardsPage(db: Tx, by: { leaderId?: number; groupId?: number }, p: { page: number; page_size: number }) {
  const where = and(
    by.leaderId !== undefined ? eq(groupRewards.leaderId, by.leaderId) : undefined,
    by.groupId !== undefined ? eq(groupRewards.groupId, by.groupId) : undefined,
  );
  const [rows, [{ n, total }]] = await Promise.all([
    db
      .select()
      .from(groupRewards)
      .where(where)
      .orderBy(desc(groupRewards.id))
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${groupRewards.amountMinor}), 0)::int` })
      .from(groupRewards)
      .where(where),
  ]);
  return { rows, total: n, sum: total };
}

// ---- settings ----

export async function settings(db: Tx) {
  await db
    .insert(groupSettings)
    .values({ id: 1, linkKey: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(groupSettings).where(eq(groupSettings.id, 1));
  return row;
}

export async function setRewardRate(db: Tx, minor: number) {
  await settings(db);
  await db.update(groupSettings).set({ rewardPerCbmMinor: minor }).where(eq(groupSettings.id, 1));
}
