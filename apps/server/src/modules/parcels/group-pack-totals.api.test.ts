import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { GroupPack } from './group-packs.port.ts';
import { packs } from './parcels.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

let seq = 0;
async function pack(p: Partial<typeof packs.$inferInsert> & { userId: number }) {
  seq++;
  const [row] = await t.services.db
    .insert(packs)
    .values({ packNo: `GT${seq}`, mode: 'GROUP', status: 'packed', groupId: 7, ...p })
    .returning();
  return row.id;
}

/** What the batch view added up from the packs it read, before the database did it. */
function summed(list: GroupPack[]) {
  const live = list.filter((p) => p.status !== 'cancelled');
  return {
    packCount: live.length,
    memberCount: new Set(live.map((p) => p.userId)).size,
    volumeMm3: live.reduce((s, p) => s + p.volumeMm3, 0),
    amountMinor: live.reduce((s, p) => s + (p.amountMinor ?? 0), 0),
    currencies: [...new Set(live.filter((p) => p.amountMinor !== null).map((p) => p.currency))].sort(),
  };
}

/** Sets as the groups module names them: a query of (key, group_id, pack_id) rows. */
function setsOf(list: Array<{ key: number; groupId: number; packIds: number[] }>) {
  const rows = list.flatMap((s) => s.packIds.map((id) => sql`(${s.key}::int, ${s.groupId}::int, ${id}::int)`));
  return rows.length ? sql`values ${sql.join(rows, sql`, `)}` : sql`select 0, 0, 0 where false`;
}

describe('GroupPacksPort.packTotalsOf', () => {
  it('adds up each set as reading its packs did: cancelled, other groups and other modes left out, nulls as 0', async () => {
    const a = [
      await pack({ userId: 1, volumeMm3: 20_000_000, amountMinor: 500 }),
      await pack({ userId: 1, volumeMm3: 3_000_000_000_000, amountMinor: 9_000_000_000, status: 'shipped' }),
      await pack({ userId: 2, volumeMm3: null, amountMinor: null }),
      await pack({ userId: 3, volumeMm3: 5_000_000, amountMinor: 700, status: 'cancelled' }),
      await pack({ userId: 4, volumeMm3: 5_000_000, amountMinor: 700, groupId: 8 }),
      await pack({ userId: 5, volumeMm3: 5_000_000, amountMinor: 700, mode: 'EXPRESS' }),
    ];
    const b = [await pack({ userId: 2, volumeMm3: 1, amountMinor: 2, currency: 'RMB' }), await pack({ userId: 6, amountMinor: 3 })];
    const onlyCancelled = [await pack({ userId: 1, status: 'cancelled' })];
    const port = t.services.groupPacks;
    const totals = await port.packTotalsOf(
      t.services.db,
      setsOf([
        { key: 11, groupId: 7, packIds: a },
        { key: 12, groupId: 7, packIds: b },
        { key: 13, groupId: 7, packIds: onlyCancelled },
        { key: 14, groupId: 7, packIds: [] },
      ]),
    );
    for (const [key, ids] of [
      [11, a],
      [12, b],
    ] as const) {
      const got = totals.get(key)!;
      expect({ ...got, currencies: [...got.currencies].sort() }).toEqual(summed(await port.packs(t.services.db, { groupId: 7, ids })));
    }
    expect(totals.get(11)).toMatchObject({ packCount: 3, memberCount: 2, volumeMm3: 3_000_020_000_000, amountMinor: 9_000_000_500 });
    expect([...totals.get(12)!.currencies].sort()).toEqual(['RMB', 'SGD']);
    expect(totals.has(13)).toBe(false);
    expect(totals.has(14)).toBe(false);
    expect((await port.packTotalsOf(t.services.db, setsOf([]))).size).toBe(0);
  });
});
