import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';
import { person, realGroup } from './groups.test-kit.ts';

const G = contract.groups;
const GA = contract.groupsAdmin;

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

const rowsOf = async (q: string) => ((await t.services.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Kept counts (zeros left out) against a fresh count of group_members, for every group. */
async function keptAndFresh() {
  const norm = (rows: Record<string, unknown>[]) =>
    Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [`${r.group_id}:${r.status}`, Number(r.n)]));
  return {
    kept: norm(await rowsOf('select group_id, status, n from group_member_counts')),
    fresh: norm(await rowsOf('select group_id, status, count(*)::int as n from group_members group by group_id, status')),
  };
}

describe('member counts per group and status, kept by the database', () => {
  it('follow joining, blacklisting, kicking, rejoining, quitting and staff moves; lists and group pages show them', async () => {
    const leaderA = await person(t, 'countleadera');
    const leaderB = await person(t, 'countleaderb');
    const a = await realGroup(t, leaderA.id);
    const b = await realGroup(t, leaderB.id);
    const desk = await staffLogin(t, 'leader_desk', 'countdesk');
    const members = [];
    for (let i = 0; i < 7; i++) {
      const m = await person(t, `countmember${i}`);
      await ok(t.call(G.joinGroup, { group_id: a }, { token: m.token }));
      members.push(m);
    }
    const check = async () => {
      const { kept, fresh } = await keptAndFresh();
      expect(kept).toEqual(fresh);
      return fresh;
    };
    expect(await check()).toMatchObject({ [`${a}:active`]: 7 });

    await ok(t.call(G.addBlock, { user_id: members[0].id }, { token: leaderA.token }));
    await ok(t.call(G.addBlock, { user_id: members[1].id }, { token: leaderA.token }));
    await ok(t.call(G.deleteBlock, { user_id: members[1].id }, { token: leaderA.token }));
    await ok(t.call(G.removeGroupByGroup, { user_id: members[2].id }, { token: leaderA.token }));
    await ok(t.call(G.quitGroup, {}, { token: members[3].token }));
    // Quitting then joining again writes the same row (an upsert): the counts move from 'left' back to 'active'.
    await ok(t.call(G.joinGroup, { group_id: a }, { token: members[3].token }));
    await ok(t.call(GA.adminMoveMember, { user_id: members[4].id, group_id: b }, { token: desk }));
    const fresh = await check();
    expect(fresh).toMatchObject({ [`${a}:active`]: 4, [`${a}:blacklisted`]: 1, [`${a}:kicked`]: 1, [`${a}:left`]: 1, [`${b}:active`]: 1 });

    // The leader's list totals (a page that is not the last, so the kept count is read) and the group page.
    const list = await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 2 }, { token: leaderA.token }));
    expect(list.total).toBe(5);
    const removed = await ok(t.call(G.getGroupMemberListTmp, { page: 1, page_size: 1 }, { token: leaderA.token }));
    expect(removed.total).toBe(2);
    expect((await ok(t.call(G.groupDetail, {}, { token: members[5].token }))).member_count).toBe(5);
    expect((await ok(t.call(G.groupDetail, {}, { token: members[4].token }))).member_count).toBe(1);
    const groups = await ok(t.call(GA.adminGroups, {}, { token: desk }));
    expect(Object.fromEntries(groups.list.map((g: any) => [g.id, g.member_count]))).toEqual({ [a]: 5, [b]: 1 });
  });

  it('stay equal to a fresh count through bulk inserts, updates, group changes and deletes; a rollback leaves no trace', async () => {
    const leader = await person(t, 'bulkleader');
    const other = await person(t, 'bulkother');
    const a = await realGroup(t, leader.id);
    const b = await realGroup(t, other.id);
    await rowsOf(`insert into users (user_account, nickname) select 'bulk' || i, 'Bulk ' || i from generate_series(1, 40) i`);
    await rowsOf(
      `insert into group_members (group_id, user_id, status, dragon_code)
       select ${a}, id, (array['active','blacklisted','kicked','left'])[1 + id % 4], '' from users where user_account like 'bulk%'`,
    );
    await rowsOf(`update group_members set status = 'active' where group_id = ${a} and status = 'left'`);
    await rowsOf(`update group_members set dragon_code = 'X' || user_id where group_id = ${a}`);
    await rowsOf(`update group_members set group_id = ${b} where group_id = ${a} and user_id % 5 = 0`);
    await rowsOf(`delete from group_members where group_id = ${a} and status = 'kicked'`);
    await t.services.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`update group_members set status = 'kicked' where group_id = ${a}`));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const { kept, fresh } = await keptAndFresh();
    expect(kept).toEqual(fresh);
    expect(Object.keys(fresh).length).toBeGreaterThan(3);
    const list = await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 3 }, { token: leader.token }));
    expect(list.total).toBe((fresh[`${a}:active`] ?? 0) + (fresh[`${a}:blacklisted`] ?? 0));
  });
});
