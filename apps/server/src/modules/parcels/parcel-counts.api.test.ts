import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createKit, customer, declare, ok, P, packedPack, resetKit, staff, type Kit } from './parcels.test-kit.ts';
import * as repo from './parcels.repository.ts';

let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  await resetKit(k);
});

/** Kept counts (zeros left out) against a fresh count of the parcels table. */
async function keptAndFresh(userId: number) {
  const db = k.t.services.db;
  const norm = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.status, r.n]));
  return {
    kept: norm(await repo.countParcelsOfOwnerByStatus(db, userId)),
    fresh: norm(await repo.recountParcelsOfOwnerByStatus(db, userId)),
  };
}

describe('per-category parcel counts kept by the database', () => {
  it('follow declaring, scanning in, packing, deleting — the list shows them', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    await declare(k, c.token, 'SF1000000000001');
    const gone = await declare(k, c.token, 'SF1000000000002');
    await packedPack(k, s, c.token, 2);
    await ok(k.t.call(P.deleteOrder, { id: gone.id }, { token: c.token }));
    const { kept, fresh } = await keptAndFresh(c.id);
    expect(kept).toEqual(fresh);
    const list = await ok(k.t.call(P.getOrderList, { status: 'pending', page: 1, page_size: 20 }, { token: c.token }));
    expect(list.counts.pending).toBe(fresh.pending ?? 0);
    expect(list.total).toBe(list.list.length);
    expect(list.total).toBe(fresh.pending ?? 0);
  });

  it('stay equal to a fresh count through bulk inserts, updates, owner changes, soft and hard deletes', async () => {
    const a = await customer(k);
    const b = await customer(k);
    const db = k.t.services.db;
    await db.execute(
      sql.raw(`insert into parcels (user_id, tracking_no, status) select ${a.id}, 'CNT' || i, (array['pending','warehouse','unpaid'])[1 + i % 3]
        from generate_series(1, 60) i`),
    );
    await db.execute(sql.raw(`update parcels set status = 'ship' where user_id = ${a.id} and status = 'unpaid'`));
    await db.execute(sql.raw(`update parcels set weight_g = 100 where user_id = ${a.id}`));
    await db.execute(sql.raw(`update parcels set user_id = ${b.id} where tracking_no in ('CNT1', 'CNT2', 'CNT3')`));
    await db.execute(sql.raw(`update parcels set deleted_at = now() where tracking_no in ('CNT4', 'CNT5')`));
    await db.execute(sql.raw(`update parcels set deleted_at = null where tracking_no = 'CNT4'`));
    await db.execute(sql.raw(`delete from parcels where tracking_no in ('CNT6', 'CNT7', 'CNT5')`));
    // A rolled-back change leaves no trace.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`update parcels set status = 'received' where user_id = ${a.id}`));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    for (const u of [a, b]) {
      const { kept, fresh } = await keptAndFresh(u.id);
      expect(kept).toEqual(fresh);
    }
    const fresh = await keptAndFresh(a.id);
    expect(fresh.fresh).toEqual({ pending: 18, warehouse: 18, ship: 18 });
  });
});
