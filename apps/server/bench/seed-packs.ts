/**
 * Bench only: pack bills made by the real packing flow, through the parcels services the routes call (no
 * HTTP): a parcel declared by its owner, scanned in by the warehouse, a pack applied for, measured by staff,
 * which issues the pack's bill. Several customers' packs are made side by side (on PostgreSQL in parallel
 * transactions; PGlite runs them one after another).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import type { ParcelsService } from '../src/modules/parcels/index.ts';

export interface PackOwner {
  userId: number;
  /** SEA packs go to the owner's default address, GROUP packs to the leader's (the owner must be a member). */
  mode: 'SEA' | 'GROUP';
}

/** The bills of `count` one-parcel packs of one owner, in the order made, and what they add up to. */
export async function packBills(parcels: ParcelsService, staffId: number, owner: PackOwner, count: number, tag: string) {
  const billIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const tracking = `BK${tag}X${i}`;
    // Sizes vary a little, so the bills' amounts do.
    const size = { weight_kg: 1 + (i % 5), length_cm: 30 + (i % 4) * 5, width_cm: 25, height_cm: 20 };
    const p = await parcels.declarations.declare(
      owner.userId,
      {
        tracking_no: tracking,
        goods_name: 'Bench goods',
        goods_value: 5000,
        quantity: 1,
        category: 'normal',
        mode: owner.mode,
        remark: '',
      },
      'en',
    );
    await parcels.warehouse.scanInbound({ tracking_no: tracking, ...size, shelf: 'B-01-01', photos: [] }, 'en');
    const pack = await parcels.packing.applyPack(
      owner.userId,
      { parcel_ids: [p.id], mode: owner.mode, is_cut: false, individual_clearance: false, remark: '' },
      'en',
    );
    const measured = await parcels.packing.measure(staffId, pack.id, [size], 'en');
    billIds.push(measured.bill_id!);
  }
  return billIds;
}

/** What the given bills add up to (minor units), for a top-up that covers them exactly. */
export async function billsTotal(db: Db, billIds: number[]) {
  if (!billIds.length) return 0;
  const r = (await db.execute(
    sql`select coalesce(sum(amount_minor), 0)::bigint as total from bills where id in (${sql.join(
      billIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { total: string | number }[] };
  return Number(r.rows[0].total);
}
