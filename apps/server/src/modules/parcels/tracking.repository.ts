// The China leg's reads and writes: courier events pushed by the tracking service, and subscriptions.
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { parcelCourierEvents, parcelListVersions, parcels, parcelTrackingSubs } from './parcels.schema.ts';

/** Stages that mean the parcel reaches the warehouse soon (today). */
export const ARRIVING_STAGES = ['out_for_delivery', 'delivered'];

const live = isNull(parcels.deletedAt);
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/** Declared parcels still before the warehouse, never subscribed or waiting for a retry that is due, oldest first. */
export async function findDueForSubscription(db: Tx, now: Date, limit: number) {
  return db
    .select({ id: parcels.id, trackingNo: parcels.trackingNo, carrier: parcels.carrier, attempts: parcelTrackingSubs.attempts })
    .from(parcels)
    .leftJoin(parcelTrackingSubs, eq(parcelTrackingSubs.parcelId, parcels.id))
    .where(
      and(
        live,
        eq(parcels.status, 'pending'),
        or(isNull(parcelTrackingSubs.parcelId), and(eq(parcelTrackingSubs.status, 'waiting'), lte(parcelTrackingSubs.nextTryAt, now))),
      ),
    )
    .orderBy(asc(parcels.id))
    .limit(limit);
}

export async function saveSubscriptions(db: Tx, rows: Array<typeof parcelTrackingSubs.$inferInsert>) {
  if (!rows.length) return;
  await db
    .insert(parcelTrackingSubs)
    .values(rows)
    .onConflictDoUpdate({
      target: parcelTrackingSubs.parcelId,
      set: {
        provider: sql`excluded.provider`,
        status: sql`excluded.status`,
        attempts: sql`excluded.attempts`,
        lastError: sql`excluded.last_error`,
        nextTryAt: sql`excluded.next_try_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function findSubscriptions(db: Tx, parcelIds: number[]) {
  if (!parcelIds.length) return [];
  return db.select().from(parcelTrackingSubs).where(inArray(parcelTrackingSubs.parcelId, parcelIds));
}

/** The live parcel of each number still followed (pushes name numbers, not our ids; an ended subscription's are ignored). */
export async function findLiveByTracking(db: Tx, trackingNos: string[]) {
  if (!trackingNos.length) return [];
  return db
    .select({ id: parcels.id, userId: parcels.userId, trackingNo: parcels.trackingNo })
    .from(parcels)
    .leftJoin(parcelTrackingSubs, eq(parcelTrackingSubs.parcelId, parcels.id))
    .where(
      and(live, inArray(parcels.trackingNo, trackingNos), or(isNull(parcelTrackingSubs.parcelId), ne(parcelTrackingSubs.status, 'ended'))),
    );
}

export type EndReason = 'scanned_in' | 'deleted' | 'quiet';

/**
 * Subscriptions to end, oldest parcel first: the parcel was scanned in at the warehouse (no longer pending),
 * deleted, or has had no courier event (nor, without any, been subscribed) since `quietBefore`.
 */
export async function findSubscriptionsToEnd(db: Tx, quietBefore: Date, limit: number) {
  const lastHeard = sql`coalesce((select max(e.received_at) from ${parcelCourierEvents} e where e.parcel_id = ${parcels.id}), ${parcelTrackingSubs.updatedAt})`;
  const reason = sql<EndReason>`case when ${parcels.deletedAt} is not null then 'deleted'
    when ${parcels.status} <> 'pending' then 'scanned_in' else 'quiet' end`;
  return db
    .select({
      parcelId: parcels.id,
      trackingNo: parcels.trackingNo,
      carrier: parcels.carrier,
      status: parcelTrackingSubs.status,
      provider: parcelTrackingSubs.provider,
      reason,
    })
    .from(parcelTrackingSubs)
    .innerJoin(parcels, eq(parcels.id, parcelTrackingSubs.parcelId))
    .where(
      and(
        inArray(parcelTrackingSubs.status, ['subscribed', 'waiting']),
        or(sql`${parcels.deletedAt} is not null`, ne(parcels.status, 'pending'), sql`${lastHeard} < ${quietBefore}`),
      ),
    )
    .orderBy(asc(parcels.id))
    .limit(limit);
}

/** Marks subscriptions ended (why, when; `note` keeps what the service said when it refused to stop one). */
export async function endSubscriptions(db: Tx, rows: Array<{ parcelId: number; reason: EndReason; note: string }>, at: Date) {
  for (const r of rows)
    await db
      .update(parcelTrackingSubs)
      .set({ status: 'ended', endReason: r.reason, endedAt: at, nextTryAt: null, lastError: r.note, updatedAt: at })
      .where(eq(parcelTrackingSubs.parcelId, r.parcelId));
}

/** Inserts the events not already stored; answers how many were new. */
export async function insertCourierEvents(db: Tx, rows: Array<typeof parcelCourierEvents.$inferInsert>) {
  if (!rows.length) return 0;
  const added = await db.insert(parcelCourierEvents).values(rows).onConflictDoNothing().returning({ id: parcelCourierEvents.id });
  return added.length;
}

/** Moves the owners' list versions, so their kept list pages (which carry the courier line) are read again. */
export async function bumpListVersions(db: Tx, userIds: number[]) {
  for (const userId of new Set(userIds))
    await db
      .insert(parcelListVersions)
      .values({ userId, version: 1 })
      .onConflictDoUpdate({ target: parcelListVersions.userId, set: { version: sql`${parcelListVersions.version} + 1` } });
}

export interface LastCourierEvent {
  text: string;
  at: Date;
  stage: string;
}

/** Each parcel's newest courier event. */
export async function findLastCourierEvents(db: Tx, parcelIds: number[]): Promise<Map<number, LastCourierEvent>> {
  const out = new Map<number, LastCourierEvent>();
  if (!parcelIds.length) return out;
  const rows = rowsOf<{ parcel_id: number; text: string; at: string | Date; stage: string }>(
    await db.execute(sql`select distinct on (parcel_id) parcel_id, text, at, stage from ${parcelCourierEvents}
      where parcel_id in (${sql.join(
        parcelIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by parcel_id, at desc, id desc`),
  );
  for (const r of rows) out.set(Number(r.parcel_id), { text: r.text, at: new Date(r.at), stage: r.stage });
  return out;
}

export async function findCourierEventsOfParcel(db: Tx, parcelId: number) {
  return db.select().from(parcelCourierEvents).where(eq(parcelCourierEvents.parcelId, parcelId)).orderBy(asc(parcelCourierEvents.at));
}

/** Parcels before the warehouse whose newest courier event says they are being delivered to us, newest first. */
export async function findArrivingSoonPage(db: Tx, p: { page: number; page_size: number }) {
  const soon = sql`${parcels.status} = 'pending' and ${parcels.deletedAt} is null and (
    select e.stage from ${parcelCourierEvents} e where e.parcel_id = ${parcels.id} order by e.at desc, e.id desc limit 1
  ) in (${sql.join(
    ARRIVING_STAGES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const limit = p.page_size;
  const offset = (p.page - 1) * p.page_size;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(parcels)
      .where(soon)
      .orderBy(sql`${parcels.id} desc`)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(soon)
      .then((r) => r[0]!.n),
  ]);
  return { rows, total };
}

/** Subscribed parcels still before the warehouse, with when they were subscribed (the sandbox plays from there). */
export async function findSubscribedPending(db: Tx, provider: string, limit: number) {
  return db
    .select({ trackingNo: parcels.trackingNo, since: parcelTrackingSubs.updatedAt })
    .from(parcelTrackingSubs)
    .innerJoin(parcels, eq(parcels.id, parcelTrackingSubs.parcelId))
    .where(and(live, eq(parcels.status, 'pending'), eq(parcelTrackingSubs.status, 'subscribed'), eq(parcelTrackingSubs.provider, provider)))
    .orderBy(asc(parcels.id))
    .limit(limit);
}
