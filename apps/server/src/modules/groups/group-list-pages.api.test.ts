/**
 * Issue 36: a leader's member, batch and pay-on-behalf pages are kept under the group's list version
 * (GroupListPages). Every write to what they show moves the version of that group only (triggers, migration
 * 0032), so a page asked again after any change shows the change, and a kept page never answers another
 * leader.
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
const A = contract.account;

/** The fields of a list row these tests read. */
type Row = { user_id: number; unpaid_count: number; nickname: string; amount: unknown };

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

const versionOf = async (groupId: number) =>
  Number((await raw<{ version: string }>(sql`select version from group_list_versions where group_id = ${groupId}`))[0]?.version ?? 0);
const membersVersionOf = async (groupId: number) =>
  Number((await raw<{ v: string }>(sql`select members_version as v from group_list_versions where group_id = ${groupId}`))[0]?.v ?? 0);

/** A leader's group of three members, one packed batch with a GROUP pack each, each with an unpaid bill. */
async function groupWithBatch() {
  seq++;
  const leader = await person(t, `lp${seq}leader`);
  const people = [];
  for (let i = 0; i < 3; i++) people.push(await person(t, `lp${seq}m${i}`));
  const groupId = await realGroup(
    t,
    leader.id,
    people.map((p) => p.id),
  );
  const [batch] = await raw<{ id: number }>(
    sql`insert into group_batches (batch_no, group_id, pack_date, status) values (${`LP${seq}`}, ${groupId}, '2026-11-28', 'packed') returning id`,
  );
  const packs: { id: number; billId: number }[] = [];
  for (const [i, p] of people.entries()) {
    const [pack] = await raw<{ id: number }>(
      sql`insert into packs (pack_no, user_id, mode, status, group_id, volume_mm3, amount_minor, pack_date, packed_at)
          values (${`LP${seq}-${i}`}, ${p.id}, 'GROUP', 'packed', ${groupId}, 20000000, ${700 + i}, '2026-11-28', now())
          returning id`,
    );
    await raw(sql`insert into group_batch_packs (batch_id, pack_id, user_id) values (${batch.id}, ${pack.id}, ${p.id})`);
    await raw(
      sql`insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, pack_id)
          values (${p.id}, ${`LPT${seq}-${pack.id}`}, 'Shoes', 5000, 'unpaid', ${pack.id})`,
    );
    const bill = await issueBill(t, p.id, 700 + i, { refId: pack.id, groupId });
    await raw(sql`update packs set bill_id = ${bill.id} where id = ${pack.id}`);
    packs.push({ id: pack.id, billId: bill.id });
  }
  return { leader, people, groupId, batchId: batch.id, packs };
}

describe('group list versions (triggers)', () => {
  it('every write to what the lists show moves its own group’s version only', async () => {
    const a = await groupWithBatch();
    const b = await groupWithBatch();
    const moves = async (write: ReturnType<typeof sql>) => {
      const [a0, b0] = [await versionOf(a.groupId), await versionOf(b.groupId)];
      await raw(write);
      const [a1, b1] = [await versionOf(a.groupId), await versionOf(b.groupId)];
      expect(b1, 'the other group').toBe(b0);
      return a1 !== a0;
    };
    const [m0, m1] = a.people;
    expect(await moves(sql`update groups set name = 'Renamed' where id = ${a.groupId}`)).toBe(true);
    expect(await moves(sql`update group_members set dragon_code = 'ZZ9' where group_id = ${a.groupId} and user_id = ${m0.id}`)).toBe(true);
    expect(await moves(sql`update group_batches set status = 'outbound' where id = ${a.batchId}`)).toBe(true);
    expect(await moves(sql`update packs set volume_mm3 = 30000000 where id = ${a.packs[0].id}`)).toBe(true);
    expect(await moves(sql`delete from group_batch_packs where pack_id = ${a.packs[1].id}`)).toBe(true);
    expect(
      await moves(sql`insert into group_pickups (batch_id, user_id, pickup_code) values (${a.batchId}, ${m1.id}, ${`PK${seq}`})`),
    ).toBe(true);
    expect(await moves(sql`update users set nickname = 'Ah Beng' where id = ${m1.id}`)).toBe(true);
    // What the lists do not show leaves the version alone: a login, a pack outside any group.
    expect(await moves(sql`update users set last_login_at = now() where id = ${m1.id}`)).toBe(false);
    expect(await moves(sql`update users set nickname = 'Ah Beng' where id = ${m1.id}`)).toBe(false);
    const [sea] = await raw<{ id: number }>(
      sql`insert into packs (pack_no, user_id, mode, status, pack_date) values (${`SEA${seq}`}, ${m0.id}, 'SEA', 'packed', '2026-11-28') returning id`,
    );
    expect(await moves(sql`update packs set status = 'paid' where id = ${sea.id}`)).toBe(false);
    // A warehouse outbound batch carrying the group's batch: its stage shows on the batch list.
    const [ob] = await raw<{ id: number }>(
      sql`insert into outbound_batches (batch_no, mode, pack_date) values (${`OB${seq}`}, 'GROUP', '2026-11-28') returning id`,
    );
    expect(await moves(sql`update group_batches set outbound_batch_id = ${ob.id} where id = ${a.batchId}`)).toBe(true);
    expect(await moves(sql`update outbound_batches set stage = 'sailing' where id = ${ob.id}`)).toBe(true);
    expect(await moves(sql`delete from group_members where group_id = ${a.groupId} and user_id = ${m1.id}`)).toBe(true);
  });
});

describe('group members versions (triggers)', () => {
  it('move with writes to the members themselves only, and move the list version with them', async () => {
    const a = await groupWithBatch();
    const b = await groupWithBatch();
    const [m0, m1] = a.people;
    const moves = async (write: ReturnType<typeof sql>) => {
      const [a0, b0, list0] = [await membersVersionOf(a.groupId), await membersVersionOf(b.groupId), await versionOf(a.groupId)];
      await raw(write);
      const [a1, b1, list1] = [await membersVersionOf(a.groupId), await membersVersionOf(b.groupId), await versionOf(a.groupId)];
      expect(b1, 'the other group').toBe(b0);
      if (a1 !== a0) expect(list1, 'the list version with it').not.toBe(list0);
      return a1 !== a0;
    };
    expect(await moves(sql`update group_members set dragon_code = 'ZZ8' where group_id = ${a.groupId} and user_id = ${m0.id}`)).toBe(true);
    expect(await moves(sql`update group_members set status = 'blacklisted' where group_id = ${a.groupId} and user_id = ${m0.id}`)).toBe(
      true,
    );
    expect(await moves(sql`update users set user_account = ${`renamed${seq}`} where id = ${m1.id}`)).toBe(true);
    expect(await moves(sql`update users set nickname = 'Ah Lian' where id = ${m1.id}`)).toBe(true);
    // The group's packs, batches, pickups and name change all day; the roster does not.
    expect(await moves(sql`update groups set name = 'Renamed' where id = ${a.groupId}`)).toBe(false);
    expect(await moves(sql`update group_batches set status = 'outbound' where id = ${a.batchId}`)).toBe(false);
    expect(await moves(sql`update packs set status = 'paid' where id = ${a.packs[0].id}`)).toBe(false);
    expect(
      await moves(sql`insert into group_pickups (batch_id, user_id, pickup_code) values (${a.batchId}, ${m1.id}, ${`PM${seq}`})`),
    ).toBe(false);
    expect(await moves(sql`update users set last_login_at = now() where id = ${m1.id}`)).toBe(false);
    expect(await moves(sql`delete from group_members where group_id = ${a.groupId} and user_id = ${m1.id}`)).toBe(true);
  });
});

describe('kept list pages', () => {
  it('a search asked after a change finds what the change made (join, rename, new code, removal)', async () => {
    const g = await groupWithBatch();
    const L = { token: g.leader.token };
    const search = async (keyword: string) =>
      (await ok(t.call(G.getGroupMemberList, { keyword, page: 1, page_size: 20 }, L))).list.map((m: Row) => m.user_id);
    expect(await search('Durian')).toEqual([]);
    // A member renames themselves; the leader pays a bill (the roster stays, the list version moves).
    await ok(t.call(A.updateUserInfo, { nickname: 'Durian Uncle' }, { token: g.people[0].token }));
    await topUp(t, g.leader.id, 10_000);
    await ok(t.call(W.ordersPay, { bill_ids: [g.packs[1].billId], idempotency_key: key() }, L));
    expect(await search('durian')).toEqual([g.people[0].id]);
    // Someone new joins with a recipient code.
    const newcomer = await person(t, `lp${seq}new`, 'Newcomer');
    await ok(t.call(G.joinGroup, { group_id: g.groupId, dragon_code: 'DUR1' }, { token: newcomer.token }));
    expect(await search('DUR')).toEqual([newcomer.id, g.people[0].id]);
    // The leader removes the renamed member.
    await ok(t.call(G.removeGroupByGroup, { user_id: g.people[0].id }, L));
    expect(await search('dur')).toEqual([newcomer.id]);
  });

  it('a page asked again shows every change made through the API since', async () => {
    const g = await groupWithBatch();
    const L = { token: g.leader.token };
    const payPage = () => ok(t.call(G.getPackGroupUserList, { batch_id: g.batchId, page: 1, page_size: 50 }, L));
    const memberPage = () => ok(t.call(G.getGroupMemberList, { page: 1, page_size: 20 }, L));
    const batchPage = () => ok(t.call(G.getGroupPackList, { page: 1, page_size: 10 }, L));

    // Asked twice: the second is the kept page, the same answer.
    expect(await payPage()).toEqual(await payPage());
    expect((await payPage()).totals.unpaid_member_count).toBe(3);
    expect((await memberPage()).list.map((m: Row) => m.unpaid_count)).toEqual([1, 1, 1]);
    const before = (await batchPage()).list[0];

    // The leader pays the first member's bill: the pay list, the member list and the batch list move.
    await topUp(t, g.leader.id, 10_000);
    await ok(t.call(W.ordersPay, { bill_ids: [g.packs[0].billId], idempotency_key: key() }, L));
    const paid = await payPage();
    expect(paid.totals.unpaid_member_count).toBe(2);
    expect(paid.list.find((r: Row) => r.user_id === g.people[0].id)!.amount).toBeTruthy();
    expect((await memberPage()).list.find((m: Row) => m.user_id === g.people[0].id)!.unpaid_count).toBe(0);
    expect((await batchPage()).list[0]).toEqual(before); // totals count every pack, paid or not

    // A member renames themselves: the leader's lists show the new name.
    await ok(t.call(A.updateUserInfo, { nickname: 'New Name' }, { token: g.people[1].token }));
    expect((await memberPage()).list.find((m: Row) => m.user_id === g.people[1].id)!.nickname).toBe('New Name');
    expect((await payPage()).list.find((r: Row) => r.user_id === g.people[1].id)!.nickname).toBe('New Name');

    // The leader removes a member: gone from the member list at once.
    await ok(t.call(G.removeGroupByGroup, { user_id: g.people[2].id }, L));
    expect((await memberPage()).list.map((m: Row) => m.user_id)).not.toContain(g.people[2].id);
    expect((await memberPage()).total).toBe(2);
  });

  it('a kept page never answers another leader or a member', async () => {
    const a = await groupWithBatch();
    const b = await groupWithBatch();
    await ok(t.call(G.getPackGroupUserList, { batch_id: a.batchId, page: 1, page_size: 50 }, { token: a.leader.token }));
    await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 20 }, { token: a.leader.token }));
    // Leader b asks for a's batch with the same page: not found, not a's kept page.
    const other = await t.call(G.getPackGroupUserList, { batch_id: a.batchId, page: 1, page_size: 50 }, { token: b.leader.token });
    expect(other.code).toBe(Code.OBJECT_NOT_FOUND);
    // b's own member list is b's members.
    const mine = await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 20 }, { token: b.leader.token }));
    expect(mine.list.map((m: Row) => m.user_id).sort()).toEqual(b.people.map((p) => p.id).sort());
    // A member is not a leader, whatever is kept.
    const member = await t.call(G.getGroupMemberList, { page: 1, page_size: 20 }, { token: a.people[0].token });
    expect(member.code).not.toBe(Code.OK);
    // A member's batch list is their group's: the same batches their leader sees.
    const theirs = await ok(t.call(G.getGroupPackList, { page: 1, page_size: 10 }, { token: a.people[0].token }));
    expect(theirs.list.map((x: { id: number }) => x.id)).toEqual([a.batchId]);
  });
});
