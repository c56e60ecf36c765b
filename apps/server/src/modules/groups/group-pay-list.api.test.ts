/**
 * Issue 36: the pay-on-behalf list (getPackGroupUserList) and the collection list (GetGroupPackOrderUserList)
 * answer a page of a batch's members (at most 50) with the whole batch's totals; the leader pays every unpaid
 * bill through getPackGroupUnpaidBills (as many as one payment takes, with a `more` flag).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok } from '../../test/fixtures.ts';
import { issueBill, key, topUp } from '../wallet/wallet.test-helpers.ts';
import { person, realGroup } from './groups.test-kit.ts';

const G = contract.groups;
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

/**
 * A leader's group of `members` members and one packed batch: member i has `packsOf(i)` GROUP packs (one parcel
 * each); the first `unpaid` members' packs have an unpaid bill, the others' are paid.
 */
async function batchOf(members: number, unpaid: number, packsOf: (i: number) => number = () => 1) {
  seq++;
  const leader = await person(t, `pl${seq}leader`);
  const people = [];
  for (let i = 0; i < members; i++) people.push(await person(t, `pl${seq}m${String(i).padStart(3, '0')}`));
  const groupId = await realGroup(
    t,
    leader.id,
    people.map((p) => p.id),
  );
  const [batch] = await raw<{ id: number }>(
    sql`insert into group_batches (batch_no, group_id, pack_date, status) values (${`PL${seq}`}, ${groupId}, '2026-11-28', 'packed') returning id`,
  );
  const bills: number[] = [];
  const amounts: number[] = [];
  let amount = 0;
  for (const [i, p] of people.entries())
    for (let k = 0; k < packsOf(i); k++) {
      const owes = i < unpaid;
      const minor = 500 + i * 10 + k;
      const [pack] = await raw<{ id: number }>(
        sql`insert into packs (pack_no, user_id, mode, status, group_id, volume_mm3, amount_minor, pack_date, packed_at)
            values (${`PL${seq}-${i}-${k}`}, ${p.id}, 'GROUP', ${owes ? 'packed' : 'paid'}, ${groupId}, 20000000, ${minor}, '2026-11-28', now())
            returning id`,
      );
      await raw(sql`insert into group_batch_packs (batch_id, pack_id, user_id) values (${batch.id}, ${pack.id}, ${p.id})`);
      await raw(
        sql`insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, pack_id)
            values (${p.id}, ${`PLT${seq}-${pack.id}`}, 'Shoes', 5000, ${owes ? 'unpaid' : 'ship'}, ${pack.id})`,
      );
      if (!owes) continue;
      const bill = await issueBill(t, p.id, minor, { refId: pack.id, groupId });
      await raw(sql`update packs set bill_id = ${bill.id} where id = ${pack.id}`);
      bills.push(bill.id);
      amounts.push(minor);
      amount += minor;
    }
  return { leader, people, groupId, batchId: batch.id, bills, amounts, amount };
}

describe('pay-on-behalf list, paged', () => {
  it('answers pages of at most 50 with the whole batch’s totals; unpaid_only keeps the members who owe', async () => {
    const b = await batchOf(57, 52);
    const first = await ok(t.call(G.getPackGroupUserList, { batch_id: b.batchId }, { token: b.leader.token }));
    // No page given: the first page of 50.
    expect(first).toMatchObject({ total: 57, page: 1, page_size: 50 });
    expect(first.list).toHaveLength(50);
    expect(first.totals).toEqual({ member_count: 57, unpaid_member_count: 52, unpaid_amount: { amount_minor: b.amount, currency: 'SGD' } });
    const second = await ok(t.call(G.getPackGroupUserList, { batch_id: b.batchId, page: 2, page_size: 50 }, { token: b.leader.token }));
    expect(second.list).toHaveLength(7);
    expect(second.totals).toEqual(first.totals);
    // Every member once, in user id order, each with their own unpaid bill.
    const rows = [...first.list, ...second.list];
    expect(rows.map((r: any) => r.user_id)).toEqual(b.people.map((p) => p.id));
    expect(rows.flatMap((r: any) => r.bill_ids)).toEqual(b.bills);
    expect(rows.filter((r: any) => !r.paid).map((r: any) => r.bill_ids.length)).toEqual(Array(52).fill(1));
    expect(rows.every((r: any) => r.pickup_code === '')).toBe(true);

    const owing = await ok(
      t.call(G.getPackGroupUserList, { batch_id: b.batchId, unpaid_only: true, page: 3, page_size: 20 }, { token: b.leader.token }),
    );
    expect(owing).toMatchObject({ total: 52, page: 3, page_size: 20 });
    expect(owing.list.map((r: any) => r.user_id)).toEqual(b.people.slice(40, 52).map((p) => p.id));
    expect(owing.list.every((r: any) => !r.paid && r.bill_ids.length === 1)).toBe(true);
    // Past the end: an empty page, the same totals.
    const past = await ok(t.call(G.getPackGroupUserList, { batch_id: b.batchId, page: 9 }, { token: b.leader.token }));
    expect(past.list).toEqual([]);
    expect(past.total).toBe(57);
  });

  it('refuses a page size over 50 with a clear message', async () => {
    const b = await batchOf(1, 1);
    for (const def of [G.getPackGroupUserList, G.GetGroupPackOrderUserList]) {
      const r = await t.call(def, { batch_id: b.batchId, page_size: 51 }, { token: b.leader.token });
      expect(r.code).toBe(Code.VALIDATION);
      expect(r.msg).toContain('page_size');
      expect((await t.call(def, { batch_id: b.batchId, page_size: 50 }, { token: b.leader.token })).code).toBe(0);
    }
  });

  it('only the batch’s own leader: another leader and a member are refused', async () => {
    const b = await batchOf(2, 2);
    const other = await batchOf(1, 0);
    const member = b.people[0];
    for (const def of [G.getPackGroupUserList, G.GetGroupPackOrderUserList, G.getPackGroupUnpaidBills]) {
      expect((await t.call(def, { batch_id: b.batchId }, { token: other.leader.token })).code).toBe(Code.OBJECT_NOT_FOUND);
      expect((await t.call(def, { batch_id: b.batchId }, { token: member.token })).code).toBe(Code.FORBIDDEN);
      expect((await t.call(def, { batch_id: b.batchId }, { token: b.leader.token })).code).toBe(0);
    }
  });

  it('the collection list pages the same way and keeps its export link', async () => {
    const b = await batchOf(53, 3);
    const first = await ok(t.call(G.GetGroupPackOrderUserList, { batch_id: b.batchId }, { token: b.leader.token }));
    expect(first).toMatchObject({ total: 53, page: 1, page_size: 50, batch: { id: b.batchId } });
    expect(first.totals).toEqual({ member_count: 53, unpaid_member_count: 3, unpaid_amount: { amount_minor: b.amount, currency: 'SGD' } });
    expect(first.list).toHaveLength(50);
    expect('bill_ids' in first.list[0]).toBe(false);
    expect(first.export_url).toMatch(
      new RegExp(`^/api/files/group-collection/${b.batchId}\\.xlsx\\?u=${b.leader.id}&exp=\\d+&sig=[0-9a-f]{64}&lang=`),
    );
    const second = await ok(
      t.call(G.GetGroupPackOrderUserList, { batch_id: b.batchId, page: 2, page_size: 50 }, { token: b.leader.token }),
    );
    expect([...first.list, ...second.list].map((r: any) => r.user_id)).toEqual(b.people.map((p) => p.id));
    const unpaid = await ok(t.call(G.GetGroupPackOrderUserList, { batch_id: b.batchId, unpaid_only: true }, { token: b.leader.token }));
    expect(unpaid.list.map((r: any) => r.user_id)).toEqual(b.people.slice(0, 3).map((p) => p.id));
    // The export still lists every member.
    const file = await t.app.inject({ method: 'GET', url: first.export_url });
    expect(file.statusCode).toBe(200);
  });
});

describe('paying all unpaid bills of a batch', () => {
  it('answers the first 100 unpaid bill ids with `more`; paying them and asking again reaches the rest', async () => {
    // 60 members owing 2 bills each: 120 bills, more than one payment takes.
    const b = await batchOf(62, 60, () => 2);
    const due = await ok(t.call(G.getPackGroupUnpaidBills, { batch_id: b.batchId }, { token: b.leader.token }));
    expect(due.bill_ids).toEqual(b.bills.slice(0, 100));
    expect(due).toMatchObject({ more: true, member_count: 50 });
    const firstAmount = b.amounts.slice(0, 100).reduce((x, y) => x + y, 0);
    expect(due.amount).toEqual({ amount_minor: firstAmount, currency: 'SGD' });

    await topUp(t, b.leader.id, 1_000_000);
    await ok(t.call(W.ordersPay, { bill_ids: due.bill_ids, idempotency_key: key() }, { token: b.leader.token }));
    const rest = await ok(t.call(G.getPackGroupUnpaidBills, { batch_id: b.batchId }, { token: b.leader.token }));
    expect(rest).toMatchObject({ bill_ids: b.bills.slice(100), more: false, member_count: 10 });
    const page = await ok(t.call(G.getPackGroupUserList, { batch_id: b.batchId, unpaid_only: true }, { token: b.leader.token }));
    expect(page.totals.unpaid_member_count).toBe(10);
    expect(page.totals.unpaid_amount.amount_minor).toBe(b.amount - firstAmount);
    await ok(t.call(W.ordersPay, { bill_ids: rest.bill_ids, idempotency_key: key() }, { token: b.leader.token }));
    const none = await ok(t.call(G.getPackGroupUnpaidBills, { batch_id: b.batchId }, { token: b.leader.token }));
    expect(none).toEqual({ bill_ids: [], more: false, member_count: 0, amount: { amount_minor: 0, currency: 'SGD' } });
  });

  it('with user_ids, only those members’ bills (the ticked ones, across pages)', async () => {
    const b = await batchOf(5, 4, () => 2);
    const picked = [b.people[3].id, b.people[1].id, b.people[4].id];
    const due = await ok(t.call(G.getPackGroupUnpaidBills, { batch_id: b.batchId, user_ids: picked }, { token: b.leader.token }));
    // Member 4 has paid: only 1 and 3 owe.
    expect(due.bill_ids).toEqual([...b.bills.slice(2, 4), ...b.bills.slice(6, 8)]);
    expect(due).toMatchObject({ more: false, member_count: 2 });
  });
});
