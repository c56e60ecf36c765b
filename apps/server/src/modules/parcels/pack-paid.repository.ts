import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { packs, parcelEvents, parcels } from './parcels.schema.ts';

/**
 * Packs' bills were paid (inside the payment's transaction): each pack becomes paid, its parcels go to shipping
 * and each parcel gets a 'paid' event, for all of a payment's (or a batch of payments') packs in ONE statement of
 * data-modifying CTEs (a leader paying for 20 members would otherwise wait on a round trip per pack, holding its
 * locks). Only a packed pack carrying its bill moves: the locking read is the check (under concurrency PostgreSQL
 * re-checks the WHERE on the locked row). The packs are locked in (owner, id) order, so two payments touching the
 * same owners lock them, and then their parcel counts (statement triggers, by user id), in the same order instead
 * of deadlocking. Returns the ids of the packs that moved: the caller reads any other to say why.
 */
export async function markPacksPaid(tx: Tx, paid: { packId: number; billId: number }[], paidAt: Date): Promise<Set<number>> {
  if (!paid.length) return new Set();
  const res = await executeNamed<{ id: number }>(
    tx,
    sql`with w as (
        select * from unnest(${sql.param(paid.map((p) => p.packId))}::int[], ${sql.param(paid.map((p) => p.billId))}::int[])
          as w(pack_id, bill_id)
      ), l as (
        select ${packs.id} as id from ${packs} join w on w.pack_id = ${packs.id} and w.bill_id = ${packs.billId}
        where ${packs.status} = 'packed'
        order by ${packs.userId}, ${packs.id}
        for update of ${packs}
      ), p as (
        update ${packs} set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz
        from l where ${packs.id} = l.id
        returning ${packs.id} as id, ${packs.packNo} as pack_no
      ), u as (
        update ${parcels} set status = 'ship'
        from p where ${parcels.deletedAt} is null and ${parcels.packId} = p.id
        returning ${parcels.id} as id, p.pack_no
      ), e as (
        insert into ${parcelEvents} (parcel_id, event, note) select u.id, 'paid', u.pack_no from u order by u.id
      )
      select id from p`,
  );
  return new Set(res.rows.map((r) => Number(r.id)));
}
