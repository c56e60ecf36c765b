import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Currency, Language, LogisticsStage } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { anyInt } from '../../db/any-of.ts';
import { executeNamed } from '../../db/prepared.ts';
import { outboundBatches, packs, parcels, type GroupPackTotals } from './parcels.schema.ts';
import type { ParcelsService } from './parcels.service.ts';

export interface GroupPack {
  id: number;
  packNo: string;
  userId: number;
  status: string;
  volumeMm3: number;
  amountMinor: number | null;
  /** The currency of amountMinor (the pack's bill). */
  currency: Currency;
  billId: number | null;
  packDate: string | null;
  batchId: number | null;
  parcelCount: number;
  goodsComplete: boolean;
}

// Kept beside the tables: groups stores a snapshot of it, and a schema file imports no module's face.
export type { GroupPackTotals };

export interface GroupParcel {
  id: number;
  trackingNo: string;
  goodsName: string;
  goodsValueMinor: number;
}

/** Which of a group's GROUP packs: all, or those in these states. */
export interface GroupPackFilter {
  groupId: number;
  statuses?: string[];
}

function groupPacksWhere(f: GroupPackFilter) {
  // mode = 'GROUP' as written matches packs_group_idx's predicate, so the planner can use it.
  return and(eq(packs.groupId, f.groupId), eq(packs.mode, 'GROUP'), f.statuses?.length ? inArray(packs.status, f.statuses) : undefined);
}

/**
 * What the groups module may read and do with GROUP packs and outbound batches, so it never reads the
 * parcels tables. Pack states, bills and sea stages stay the parcels module's.
 */
export class GroupPacksPort {
  constructor(
    private readonly db: Db,
    private readonly parcelsService: ParcelsService,
  ) {}

  /** Moves GROUP packs to another packing date (their group's dates changed). */
  async setPackDates(tx: Tx, moves: Array<{ packId: number; packDate: string }>) {
    for (const m of moves)
      await tx
        .update(packs)
        .set({ packDate: m.packDate })
        .where(and(eq(packs.id, m.packId), eq(packs.mode, 'GROUP')));
  }

  /**
   * After a batch's unit price is set (or packs join a priced batch): these packs' unpaid bills are
   * replaced by bills at the batch's price; paid bills are never touched. Returns the new bills' ids,
   * to pass to `afterRepriced` once the caller's transaction has committed.
   */
  repriceUnpaid(tx: Tx, packIds: number[]): Promise<number[]> {
    return this.parcelsService.packing.repriceUnpaid(tx, packIds);
  }

  /** Auto-pay for re-issued bills, as for any new bill; call after the re-pricing transaction commits. */
  async afterRepriced(billIds: number[]) {
    for (const id of billIds) await this.parcelsService.packing.afterIssued(id);
  }

  async packs(
    tx: Tx,
    f: GroupPackFilter & { ids?: number[]; userId?: number; userIds?: number[]; excludeIds?: number[] },
  ): Promise<GroupPack[]> {
    if ((f.ids && !f.ids.length) || (f.userIds && !f.userIds.length)) return [];
    return this.withParcelStats(
      tx,
      await this.packRows(tx)
        .where(
          and(
            groupPacksWhere(f),
            f.ids ? anyInt(packs.id, f.ids) : undefined,
            f.userId !== undefined ? eq(packs.userId, f.userId) : undefined,
            f.userIds ? anyInt(packs.userId, f.userIds) : undefined,
            f.excludeIds?.length ? notInArray(packs.id, f.excludeIds) : undefined,
          ),
        )
        .orderBy(desc(packs.id)),
    );
  }

  /**
   * One page of the group's packs, newest first, and how many there are. The page walks packs_group_idx
   * backwards and stops after page_size rows; the count reads the same index, instead of reading all of a group's
   * packs (tens of thousands) and slicing.
   */
  async packsPage(tx: Tx, f: GroupPackFilter, p: { page: number; page_size: number }): Promise<{ rows: GroupPack[]; total: number }> {
    const where = groupPacksWhere(f);
    const offset = (p.page - 1) * p.page_size;
    const rows = await this.packRows(tx).where(where).orderBy(desc(packs.id)).limit(p.page_size).offset(offset);
    // A short page that is not empty is the last one: it says how many there are.
    const total =
      rows.length < p.page_size && (rows.length || p.page === 1)
        ? offset + rows.length
        : (
            await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(packs)
              .where(where)
          )[0].n;
    return { rows: await this.withParcelStats(tx, rows), total };
  }

  /** How many of the group's packs match and their volume, added up by the database (from packs_group_idx). */
  async sumPacks(tx: Tx, f: GroupPackFilter): Promise<{ count: number; volumeMm3: number }> {
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int`, volume: sql<number>`coalesce(sum(${packs.volumeMm3}), 0)::float8` })
      .from(packs)
      .where(groupPacksWhere(f));
    return { count: Number(r.n), volumeMm3: Number(r.volume) };
  }

  /** Only what a GroupPack shows: a pack row also carries its address, pieces and quote lines (JSON), and
   * reading them for a batch of 500 packs took most of the time. */
  private packRows(tx: Tx) {
    return tx
      .select({
        id: packs.id,
        packNo: packs.packNo,
        userId: packs.userId,
        status: packs.status,
        volumeMm3: packs.volumeMm3,
        amountMinor: packs.amountMinor,
        currency: packs.currency,
        billId: packs.billId,
        packDate: packs.packDate,
        batchId: packs.batchId,
      })
      .from(packs)
      .$dynamic();
  }

  /** Adds each pack's parcel count and whether its goods are fully declared (one statement for the page). */
  private async withParcelStats(tx: Tx, rows: Awaited<ReturnType<GroupPacksPort['packRows']>>): Promise<GroupPack[]> {
    if (!rows.length) return [];
    const stats = await tx
      .select({
        packId: parcels.packId,
        n: sql<number>`count(*)::int`,
        incomplete: sql<number>`count(*) filter (where ${parcels.isLowValue} or ${parcels.goodsName} = '' or ${parcels.goodsValueMinor} < 100)::int`,
      })
      .from(parcels)
      .where(
        anyInt(
          parcels.packId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(parcels.packId);
    const by = new Map(stats.map((s) => [s.packId, s]));
    return rows.map((p) => ({
      id: p.id,
      packNo: p.packNo,
      userId: p.userId,
      status: p.status,
      volumeMm3: p.volumeMm3 ?? 0,
      amountMinor: p.amountMinor,
      currency: p.currency as Currency,
      billId: p.billId,
      packDate: p.packDate,
      batchId: p.batchId,
      parcelCount: by.get(p.id)?.n ?? 0,
      goodsComplete: (by.get(p.id)?.incomplete ?? 0) === 0,
    }));
  }

  /** A query of the users with a GROUP pack of the group waiting for payment (packed), to filter members with. */
  membersOwing(groupId: number): SQL {
    return sql`select ${packs.userId} from ${packs}
      where ${packs.groupId} = ${groupId} and ${packs.mode} = 'GROUP' and ${packs.status} = 'packed'`;
  }

  /**
   * Per member: how many GROUP packs they have in the group and how many wait for payment (packed), counted by
   * the database; for a page of members, instead of reading their packs and those packs' parcels.
   * Without `userIds`, every member of the group.
   */
  async packCountsByUser(tx: Tx, groupId: number, userIds?: number[]): Promise<Map<number, { packs: number; unpaid: number }>> {
    if (userIds && !userIds.length) return new Map();
    const rows = await tx
      .select({
        userId: packs.userId,
        packs: sql<number>`count(*)::int`,
        unpaid: sql<number>`(count(*) filter (where ${packs.status} = 'packed'))::int`,
      })
      .from(packs)
      .where(and(eq(packs.groupId, groupId), eq(packs.mode, 'GROUP'), userIds ? anyInt(packs.userId, userIds) : undefined))
      .groupBy(packs.userId);
    return new Map(rows.map((r) => [r.userId, { packs: r.packs, unpaid: r.unpaid }]));
  }

  /**
   * packCountsByUser for the member `userId` names (a qualified column of the caller's query), as one JSON value
   * [packs, unpaid]: a page of members carries its counts (each member's few packs, by packs_owner_idx).
   */
  packCountsOf(groupId: number, userId: SQL): SQL<[number, number]> {
    return sql`(select json_build_array(count(*), count(*) filter (where ${packs.status} = 'packed')) from ${packs}
      where ${packs.userId} = ${userId} and ${packs.groupId} = ${groupId} and ${packs.mode} = 'GROUP')`;
  }

  /**
   * Totals of sets of packs that the caller's own tables name: `sets` is a query of rows (key, group_id,
   * pack_id), built by the groups module from its batches, so the pack ids never travel to us and back (a
   * page of 10 batches names thousands of packs). The packs are read by primary key (`= any(array(…))`): joined
   * plainly, the planner hashes the whole packs table once the sets are a few percent of it, reading every pack
   * to add up a page of open batches.
   * Keys without a live pack are absent from the answer.
   */
  async packTotalsOf(tx: Tx, sets: SQL): Promise<Map<number, GroupPackTotals>> {
    // Named on PostgreSQL: planning this statement cost as much as running it.
    const { rows } = await executeNamed<{
      key: number;
      packs: number;
      members: number;
      volume: number;
      amount: number;
      currencies: Currency[];
    }>(
      tx,
      sql`
      with l(key, group_id, pack_id) as materialized (${sets})
      select l.key, count(*)::int as packs, count(distinct ${packs.userId})::int as members,
        coalesce(sum(${packs.volumeMm3}), 0)::float8 as volume,
        coalesce(sum(${packs.amountMinor}), 0)::float8 as amount,
        coalesce(array_agg(distinct ${packs.currency}) filter (where ${packs.amountMinor} is not null), '{}') as currencies
      from l
      join ${packs} on ${packs.id} = l.pack_id
      where ${packs.id} = any(array(select pack_id from l))
        and ${packs.groupId} = l.group_id and ${packs.mode} = 'GROUP' and ${packs.status} <> 'cancelled'
      group by l.key`,
    );
    return new Map(
      rows.map((r) => [
        Number(r.key),
        {
          packCount: Number(r.packs),
          memberCount: Number(r.members),
          volumeMm3: Number(r.volume),
          amountMinor: Number(r.amount),
          currencies: r.currencies,
        },
      ]),
    );
  }

  /**
   * A page of the members owning some of the group's packs (`packIds`: a query of pack ids of the caller's
   * tables, e.g. a batch's), in user id order, with what they all add up to: how many members, how many owe
   * (a packed pack with a bill) and what they owe. One statement; only the page's user ids come back. The ids
   * are matched with = any(array(...)) so the packs are read by primary key: as a join, the planner hashed the
   * whole packs table.
   */
  async memberPageOf(
    tx: Tx,
    groupId: number,
    packIds: SQL,
    q: { unpaidOnly: boolean; limit: number; offset: number },
  ): Promise<{ userIds: number[]; members: number; owing: number; owedMinor: number; currencies: Currency[] }> {
    const owes = sql`(${packs.status} = 'packed' and ${packs.billId} is not null)`;
    // Named on PostgreSQL, as packTotalsOf.
    const { rows } = await executeNamed<{ members: number; owing: number; owed: number; currencies: Currency[]; page: number[] }>(
      tx,
      sql`
      with m as (
        select ${packs.userId} as user_id, bool_or(${owes}) as owes,
          coalesce(sum(${packs.amountMinor}) filter (where ${owes}), 0)::float8 as owed,
          array_agg(distinct ${packs.currency}) filter (where ${owes}) as currencies
        from ${packs}
        where ${packs.id} = any(array(${packIds})) and ${packs.groupId} = ${groupId} and ${packs.mode} = 'GROUP'
          and ${packs.status} <> 'cancelled'
        group by ${packs.userId})
      select (select count(*) from m)::int as members,
        (select count(*) from m where owes)::int as owing,
        (select coalesce(sum(owed), 0) from m)::float8 as owed,
        (select coalesce(array_agg(distinct c), '{}') from m, unnest(m.currencies) as c) as currencies,
        (select coalesce(array_agg(user_id order by user_id), '{}') from (
          select user_id from m where owes or not ${q.unpaidOnly} order by user_id limit ${q.limit} offset ${q.offset}) as p) as page`,
    );
    const [r] = rows;
    return {
      userIds: r.page.map(Number),
      members: Number(r.members),
      owing: Number(r.owing),
      owedMinor: Number(r.owed),
      currencies: r.currencies,
    };
  }

  /** Warehouse holidays (no packing on these dates). */
  async holidays(): Promise<Set<string>> {
    return new Set((await this.parcelsService.shipping.holidays()).list.map((h) => h.date));
  }

  async parcelsOfPack(tx: Tx, packId: number): Promise<GroupParcel[]> {
    const rows = await tx.select().from(parcels).where(eq(parcels.packId, packId)).orderBy(asc(parcels.id));
    return rows.map((p) => ({ id: p.id, trackingNo: p.trackingNo, goodsName: p.goodsName, goodsValueMinor: p.goodsValueMinor }));
  }

  /** A GROUP outbound batch carrying these paid packs; it then moves through the sea stages like any batch. */
  async createOutbound(i: { container: string; packDate: string; unitPriceMinor: number | null; packIds: number[] }, lang: Language) {
    const b = await this.parcelsService.shipping.createBatch({
      mode: 'GROUP',
      container: i.container,
      pack_date: i.packDate,
      unit_price: i.unitPriceMinor ?? undefined,
    });
    await this.parcelsService.shipping.addPacksToBatch(b.id, i.packIds, lang);
    return b.id;
  }

  async outboundStages(tx: Tx, ids: number[]): Promise<Map<number, LogisticsStage | null>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: outboundBatches.id, stage: outboundBatches.stage })
      .from(outboundBatches)
      .where(inArray(outboundBatches.id, ids));
    return new Map(rows.map((r) => [r.id, (r.stage as LogisticsStage) ?? null]));
  }
}
