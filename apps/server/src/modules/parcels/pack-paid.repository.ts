import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { packs, parcelEvents, parcels } from './parcels.schema.ts';

/**
 * A pack's bill was paid (inside the payment's transaction): the pack becomes paid, its parcels go to
 * shipping and each gets a 'paid' event, in ONE statement of data-modifying CTEs instead of five (find and
 * lock the pack, update it, find its parcels, update them, insert the events), which the payment's
 * transaction, and the payer's balance lock after it, waited on. The pack's own UPDATE is the check and the
 * lock: only a packed pack carrying this bill moves (under concurrency PostgreSQL re-checks the WHERE on the
 * locked row). False when it did not move: the caller reads the pack to say why.
 */
export async function markPackPaid(tx: Tx, packId: number, billId: number, paidAt: Date): Promise<boolean> {
  const res = await executeNamed<{ id: number }>(
    tx,
    sql`with p as (
        update ${packs} set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz
        where ${packs.id} = ${packId}::int and ${packs.status} = 'packed' and ${packs.billId} = ${billId}::int
        returning id, pack_no
      ), u as (
        update ${parcels} set status = 'ship'
        where ${parcels.deletedAt} is null and ${parcels.packId} = (select id from p)
        returning id
      ), e as (
        insert into ${parcelEvents} (parcel_id, event, note) select u.id, 'paid', p.pack_no from u, p order by u.id
      )
      select id from p`,
  );
  return res.rows.length > 0;
}
