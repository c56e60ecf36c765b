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

  it('a category list comes with every category’s count and its total, on every page and past the last', async () => {
    const a = await customer(k);
    const other = await customer(k);
    const db = k.t.services.db;
    await db.execute(
      sql.raw(`insert into parcels (user_id, tracking_no, status) select ${a.id}, 'PGC' || i, (array['pending','warehouse','received','return'])[1 + i % 4]
        from generate_series(1, 23) i`),
    );
    await db.execute(
      sql.raw(`insert into parcels (user_id, tracking_no, status) select ${other.id}, 'PGO' || i, 'pending' from generate_series(1, 5) i`),
    );
    const expected = { pending: 5, warehouse: 6, unpaid: 0, ship: 0, received: 6, return: 6 };
    const seen: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const got = await ok(k.t.call(P.getOrderList, { status: 'warehouse', page, page_size: 4 }, { token: a.token }));
      expect(got.counts, `page ${page}`).toMatchObject(expected);
      expect(got.total, `page ${page}`).toBe(6);
      expect(got.list.length).toBe(page === 1 ? 4 : page === 2 ? 2 : 0);
      seen.push(...got.list.map((p: any) => p.id));
    }
    // Newest first, each once, only the caller's.
    expect(seen).toEqual([...seen].sort((x, y) => y - x));
    expect(new Set(seen).size).toBe(6);
    // Two categories at once (the records list): both counted.
    const records = await ok(k.t.call(P.GetRecordOrderList, { page: 1, page_size: 50 }, { token: a.token }));
    expect(records.total).toBe(12);
    expect(records.list.map((p: any) => p.status).sort()).toEqual([...Array(6).fill('received'), ...Array(6).fill('return')]);
    // Nothing of the caller's: zeros everywhere.
    const none = await ok(k.t.call(P.getOrderList, { status: 'ship', page: 1, page_size: 20 }, { token: a.token }));
    expect(none).toMatchObject({ total: 0, list: [], counts: expected });
  });

  it('a page asked again is answered afresh after any write to the owner’s parcels, whatever made it', async () => {
    const a = await customer(k);
    const b = await customer(k);
    const db = k.t.services.db;
    const page = (token: string, lang: 'en' | 'zh_CN' = 'en') =>
      ok(k.t.call(P.getOrderList, { status: 'pending', page: 1, page_size: 20 }, { token, lang }));
    const names = async (token: string) => (await page(token)).list.map((p: any) => p.goods_name);
    const version = () => repo.findParcelListVersion(db, a.id);

    expect(await version()).toBe(0);
    await db.execute(sql.raw(`insert into parcels (user_id, tracking_no, goods_name, carrier) values (${a.id}, 'VER1', 'Kettle', 'SF')`));
    const v1 = await version();
    expect(v1).toBeGreaterThan(0);
    expect(await names(a.token)).toEqual(['Kettle']);
    expect(await names(a.token)).toEqual(['Kettle']); // asked again: the same

    // Another customer's write leaves the owner's version alone; neither sees the other's page.
    await db.execute(sql.raw(`insert into parcels (user_id, tracking_no, goods_name) values (${b.id}, 'VER2', 'Lamp')`));
    expect(await version()).toBe(v1);
    expect(await names(b.token)).toEqual(['Lamp']);
    expect(await names(a.token)).toEqual(['Kettle']);

    // A change of any column, outside the app (another instance, staff SQL), shows at once.
    await db.execute(sql.raw(`update parcels set goods_name = 'Teapot' where tracking_no = 'VER1'`));
    expect(await version()).not.toBe(v1);
    expect(await names(a.token)).toEqual(['Teapot']);
    // Each language is its own page.
    expect((await page(a.token, 'zh_CN')).list[0].carrier_name).not.toBe((await page(a.token)).list[0].carrier_name);

    // A parcel that changes owner leaves one list and joins the other; a deleted one leaves.
    await db.execute(sql.raw(`update parcels set user_id = ${b.id} where tracking_no = 'VER1'`));
    expect(await names(a.token)).toEqual([]);
    expect((await names(b.token)).sort()).toEqual(['Lamp', 'Teapot']);
    await db.execute(sql.raw(`delete from parcels where tracking_no = 'VER2'`));
    expect(await names(b.token)).toEqual(['Teapot']);
    expect((await page(b.token)).counts.pending).toBe(1);

    // A rolled-back write does not change what the list shows.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`update parcels set goods_name = 'Ghost' where tracking_no = 'VER1'`));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await names(b.token)).toEqual(['Teapot']);
  });
});
