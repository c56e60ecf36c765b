/**
 * Issue 36: a leader pays many members' pack bills in one payment. The group rule and the packs' on-behalf veto
 * are asked for the whole set, and the packs move in one statement: every pack is paid and its parcels ship with
 * a 'paid' event, or (one bill not payable) nothing at all is written. Two payments of the same leader over the
 * same members' other bills both go through (on PostgreSQL they lock the members' rows in one order).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok } from '../../test/fixtures.ts';
import { balanceOf, issueBill, key, topUp } from '../wallet/wallet.test-helpers.ts';
import { person, realGroup } from './groups.test-kit.ts';

const W = contract.wallet;

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const raw = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  ((await t.services.db.execute(q)) as unknown as { rows: T[] }).rows;

type Person = Awaited<ReturnType<typeof person>>;

/** A leader with `members` members in a group; the leader has money for everything below. */
async function group(members: number) {
  seq++;
  const leader = await person(t, `pm${seq}leader`);
  const people: Person[] = [];
  for (let i = 0; i < members; i++) people.push(await person(t, `pm${seq}m${i}`));
  const groupId = await realGroup(
    t,
    leader.id,
    people.map((p) => p.id),
  );
  await topUp(t, leader.id, 1_000_000);
  return { leader, people, groupId };
}

/** A packed GROUP pack of `owner` with two parcels and its unpaid bill, made in the order asked. */
async function packedPack(owner: Person, groupId: number | null) {
  seq++;
  const [pack] = await raw<{ id: number }>(
    sql`insert into packs (pack_no, user_id, mode, status, group_id, volume_mm3, amount_minor, pack_date, packed_at)
        values (${`PM${seq}`}, ${owner.id}, 'GROUP', 'packed', ${groupId}, 20000000, 700, '2026-11-28', now())
        returning id`,
  );
  for (const n of [1, 2])
    await raw(
      sql`insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, pack_id)
          values (${owner.id}, ${`PMT${seq}-${n}`}, 'Shoes', 5000, 'unpaid', ${pack.id})`,
    );
  const bill = await issueBill(t, owner.id, 700, { refId: pack.id, groupId });
  await raw(sql`update packs set bill_id = ${bill.id} where id = ${pack.id}`);
  return { packId: pack.id, packNo: `PM${seq}`, billId: bill.id };
}

/** Everything a payment of these packs writes, to compare before and after a refused one. */
async function stateOf(packIds: number[]) {
  const ids = sql.join(
    packIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return {
    packs: await raw(sql`select id, status, paid_at from packs where id in (${ids}) order by id`),
    parcels: await raw(sql`select id, status from parcels where pack_id in (${ids}) order by id`),
    events: await raw(sql`select count(*)::int as n from parcel_events where event = 'paid'`),
    bills: await raw(sql`select id, status from bills where ref_id in (${ids}) order by id`),
    payments: await raw(sql`select count(*)::int as n from payments where status = 'succeeded'`),
  };
}

describe('a leader paying many members’ pack bills at once', () => {
  it('marks every pack paid, its parcels shipping with a paid event each, and the members’ counts', async () => {
    const g = await group(3);
    const made = [];
    for (const p of g.people) for (let k = 0; k < 2; k++) made.push({ owner: p, ...(await packedPack(p, g.groupId)) });
    const billIds = made.map((m) => m.billId);

    const paid = await ok(t.call(W.ordersPay, { bill_ids: billIds, idempotency_key: key() }, { token: g.leader.token }));
    expect(paid.charged.amount_minor).toBe(700 * made.length);
    expect(await balanceOf(t, g.leader.id)).toBe(1_000_000 - 700 * made.length);

    for (const m of made) {
      const [pack] = await raw<{ status: string; paid_at: unknown }>(sql`select status, paid_at from packs where id = ${m.packId}`);
      expect(pack.status).toBe('paid');
      expect(pack.paid_at).not.toBeNull();
      const parcels = await raw<{ id: number; status: string }>(
        sql`select id, status from parcels where pack_id = ${m.packId} order by id`,
      );
      expect(parcels.map((p) => p.status)).toEqual(['ship', 'ship']);
      const events = await raw<{ parcel_id: number; note: string }>(
        sql`select parcel_id, note from parcel_events where event = 'paid' and parcel_id in (${parcels[0].id}, ${parcels[1].id}) order by parcel_id`,
      );
      expect(events).toEqual(parcels.map((p) => ({ parcel_id: p.id, note: m.packNo })));
    }
    for (const p of g.people) {
      const counts = await raw<{ status: string; n: number }>(
        sql`select status, n from parcel_counts where user_id = ${p.id} and n <> 0 order by status`,
      );
      expect(counts).toEqual([{ status: 'ship', n: 4 }]);
    }
    const bills = await raw<{ status: string; paid_by_user_id: number }>(
      sql`select status, paid_by_user_id from bills where id in (${sql.join(
        billIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(bills.every((b) => b.status === 'paid' && Number(b.paid_by_user_id) === g.leader.id)).toBe(true);
  });

  it('refuses the whole payment when one pack was cancelled in between, and writes nothing', async () => {
    const g = await group(3);
    const made = [];
    for (const p of g.people) made.push(await packedPack(p, g.groupId));
    await raw(sql`update packs set status = 'cancelled' where id = ${made[1].packId}`);
    const before = await stateOf(made.map((m) => m.packId));

    const res = await t.call(W.ordersPay, { bill_ids: made.map((m) => m.billId), idempotency_key: key() }, { token: g.leader.token });
    expect(res.code, res.msg).toBe(Code.PACK_STATE);
    expect(await stateOf(made.map((m) => m.packId))).toEqual(before);
    expect(await balanceOf(t, g.leader.id)).toBe(1_000_000);
  });

  it('refuses the whole payment when one bill is a non-member’s, or one pack may not be paid on behalf', async () => {
    const g = await group(2);
    const stranger = await person(t, `pm${seq}stranger`);
    const made = [await packedPack(g.people[0], g.groupId), await packedPack(stranger, null), await packedPack(g.people[1], g.groupId)];
    const before = await stateOf(made.map((m) => m.packId));
    const res = await t.call(W.ordersPay, { bill_ids: made.map((m) => m.billId), idempotency_key: key() }, { token: g.leader.token });
    expect(res.code, res.msg).toBe(Code.OBJECT_NOT_FOUND);
    expect(await stateOf(made.map((m) => m.packId))).toEqual(before);

    // Spec §5: a parcel without a goods value cannot be paid on behalf, and it stops the members' other packs too.
    const members = [made[0], made[2]];
    await raw(sql`update parcels set goods_value_minor = 0 where pack_id = ${made[2].packId}`);
    const refused = await t.call(
      W.ordersPay,
      { bill_ids: members.map((m) => m.billId), idempotency_key: key() },
      { token: g.leader.token },
    );
    expect(refused.code, refused.msg).toBe(Code.PAY_ON_BEHALF_REFUSED);
    expect(await stateOf(made.map((m) => m.packId))).toEqual(before);
    expect(await balanceOf(t, g.leader.id)).toBe(1_000_000);
  });

  it('two payments of the same leader over the same members’ other bills, at once, both go through', async () => {
    const g = await group(5);
    for (let round = 0; round < 3; round++) {
      // Bill ids in member order for one payment and in reverse member order for the other: paid a pack at a time
      // in bill order, the two would take the members' rows in opposite orders.
      const a = [];
      for (const p of g.people) a.push(await packedPack(p, g.groupId));
      const b = [];
      for (const p of [...g.people].reverse()) b.push(await packedPack(p, g.groupId));
      const [ra, rb] = await Promise.all(
        [a, b].map((set) => t.call(W.ordersPay, { bill_ids: set.map((m) => m.billId), idempotency_key: key() }, { token: g.leader.token })),
      );
      expect(ra.code, ra.msg).toBe(0);
      expect(rb.code, rb.msg).toBe(0);
    }
    expect(await balanceOf(t, g.leader.id)).toBe(1_000_000 - 700 * 30);
    for (const p of g.people) {
      const counts = await raw<{ status: string; n: number }>(
        sql`select status, n from parcel_counts where user_id = ${p.id} and n <> 0 order by status`,
      );
      expect(counts).toEqual([{ status: 'ship', n: 12 }]);
    }
  });
});
