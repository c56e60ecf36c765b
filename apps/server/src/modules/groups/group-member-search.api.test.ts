import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';
import * as accountRepo from '../account/account.repository.ts';
import { person, realGroup } from './groups.test-kit.ts';
import { packs } from '../parcels/parcels.schema.ts';

const G = contract.groups;
const GA = contract.groupsAdmin;

let t: TestApp;

// A leader's search scans the group's kept roster (GroupRosters); with rosters off the database searches.
describe.each([
  ['kept rosters', {}],
  ['rosters off', { GROUP_ROSTER_CACHE_ENTRIES: '0' }],
])('searching a leader’s members (%s)', (_name, env: Record<string, string>) => {
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  it('matches account, nickname and recipient code in any case, % and _ literally, and pages with the right total', async () => {
    const leader = await person(t, 'searchleader', 'Leader');
    const gid = await realGroup(t, leader.id);
    const people: Array<[string, string, string]> = [
      ['alice01', 'Alice', 'AB12'],
      ['bob_02', '张三 Alpha', 'CD34'],
      ['carol03', 'Carol', 'ALI9'],
      ['dave%04', 'Dave', ''],
      ['erin05', 'ERIN ab', 'XY56'],
      ['frank06', 'Frank', 'ab78'],
      ['gina07', 'Gina', 'GH90'],
    ];
    const ids: number[] = [];
    for (const [account, nick, code] of people) {
      const p = await person(t, account, nick);
      await t.services.groups.join(p.id, gid, code || undefined);
      ids.push(p.id);
    }
    // Blacklisted members are listed, kicked ones are not (even when they match).
    await ok(t.call(G.addBlock, { user_id: ids[4] }, { token: leader.token }));
    await ok(t.call(G.removeGroupByGroup, { user_id: ids[5] }, { token: leader.token }));

    const all = (await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 100 }, { token: leader.token }))).list;
    expect(all).toHaveLength(6);
    // The filter the service ran over every member before the database did it.
    const matching = (k: string) =>
      all.filter((m: any) => [m.user_account, m.nickname, m.dragon_code].some((s: string) => s.toLowerCase().includes(k.toLowerCase())));
    for (const keyword of ['ali', 'ALPHA', 'ab', 'Ab1', '%', '_', '0', '张三', 'zz', '01ali', 'eÉ']) {
      const expected = matching(keyword);
      for (const page_size of [2, 100])
        for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / page_size)) + 1; page++) {
          const got = await ok(t.call(G.getGroupMemberList, { keyword, page, page_size }, { token: leader.token }));
          expect(got.total, `${keyword} ${page}/${page_size}`).toBe(expected.length);
          expect(got.list, `${keyword} ${page}/${page_size}`).toEqual(expected.slice((page - 1) * page_size, page * page_size));
        }
    }
    expect(new Set(matching('ab').map((m: any) => m.user_id))).toEqual(new Set([ids[0], ids[4]]));
    expect(matching('%').map((m: any) => m.user_id)).toEqual([ids[3]]);
    expect(matching('_').map((m: any) => m.user_id)).toEqual([ids[1]]);
    // A keyword never matches across the account and the nickname ('alice01' + 'Alice').
    expect(matching('01ali')).toEqual([]);
    // A new nickname is found at once, in any case (the stored search text follows it).
    const erin = await accountRepo.findUserById(t.services.db, ids[4]);
    const erinToken = (await t.services.sessions.issueForUser(t.services.db, erin!.id, 'user', { ip: '1', userAgent: '' })).token;
    await ok(t.call(contract.account.updateUserInfo, { nickname: 'Éclair Ölund' }, { token: erinToken }));
    for (const keyword of ['éCLAIR', 'ölund', 'ÉCLAIR Ö'])
      expect(
        (await ok(t.call(G.getGroupMemberList, { keyword, page: 1, page_size: 10 }, { token: leader.token }))).list.map(
          (m: any) => m.user_id,
        ),
      ).toEqual([ids[4]]);
    expect((await ok(t.call(G.getGroupMemberList, { keyword: 'ERIN ab', page: 1, page_size: 10 }, { token: leader.token }))).total).toBe(0);
  });

  it('without a keyword: newest first, the right total on every page (the last and past it), each member’s packs counted', async () => {
    const leader = await person(t, 'pageleader', 'Leader');
    const gid = await realGroup(t, leader.id);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await person(t, `pager${i}`, `Pager ${i}`);
      await t.services.groups.join(p.id, gid, `PG${i}`);
      ids.push(p.id);
    }
    await ok(t.call(G.addBlock, { user_id: ids[1] }, { token: leader.token }));
    await ok(t.call(G.removeGroupByGroup, { user_id: ids[2] }, { token: leader.token }));
    // Packs: member 0 has three (two waiting for payment, one cancelled), member 3 one shipped; packs in another
    // group or of another mode are not theirs here.
    let n = 0;
    const pack = (userId: number, status: string, more: Partial<typeof packs.$inferInsert> = {}) =>
      t.services.db.insert(packs).values({ packNo: `PGL${++n}`, mode: 'GROUP', status, groupId: gid, userId, ...more });
    await pack(ids[0], 'packed');
    await pack(ids[0], 'packed');
    await pack(ids[0], 'cancelled');
    await pack(ids[3], 'shipped');
    await pack(ids[3], 'packed', { groupId: gid + 1000 });
    await pack(ids[4], 'packed', { mode: 'EXPRESS' });

    const live = [...ids].reverse().filter((id) => id !== ids[2]);
    const all = (await ok(t.call(G.getGroupMemberList, { page: 1, page_size: 100 }, { token: leader.token }))).list;
    expect(all.map((m: any) => m.user_id)).toEqual(live);
    const byId = new Map(all.map((m: any) => [m.user_id, m]));
    expect(byId.get(ids[0])).toMatchObject({
      order_count: 3,
      unpaid_count: 2,
      dragon_code: 'PG0',
      user_account: 'pager0',
      nickname: 'Pager 0',
    });
    expect(byId.get(ids[3])).toMatchObject({ order_count: 1, unpaid_count: 0 });
    expect(byId.get(ids[4])).toMatchObject({ order_count: 0, unpaid_count: 0 });
    expect(byId.get(ids[1])).toMatchObject({ status: 'blacklisted' });
    for (const page_size of [1, 2, 3, 6, 7])
      for (let page = 1; page <= Math.ceil(live.length / page_size) + 1; page++) {
        const got = await ok(t.call(G.getGroupMemberList, { page, page_size }, { token: leader.token }));
        expect(got.total, `${page}/${page_size}`).toBe(live.length);
        expect(got.list, `${page}/${page_size}`).toEqual(all.slice((page - 1) * page_size, page * page_size));
      }
    // Pay on behalf: only members with a GROUP pack of this group waiting for payment (a blacklisted one too).
    await pack(ids[1], 'packed');
    const owing = await ok(t.call(G.getGroupUserList, { page: 1, page_size: 20 }, { token: leader.token }));
    expect(owing).toMatchObject({
      total: 2,
      list: [
        { user_id: ids[1], unpaid_count: 1 },
        { user_id: ids[0], unpaid_count: 2 },
      ],
    });
    expect(await ok(t.call(G.getGroupUserList, { page: 2, page_size: 1 }, { token: leader.token }))).toMatchObject({
      total: 2,
      list: [{ user_id: ids[0] }],
    });
    expect((await ok(t.call(G.getGroupUserList, { page: 3, page_size: 1 }, { token: leader.token }))).total).toBe(2);
    // The blacklisted-and-kicked list pages the same way.
    const tmp = await ok(t.call(G.getGroupMemberListTmp, { page: 1, page_size: 1 }, { token: leader.token }));
    expect(tmp.total).toBe(2);
    expect(tmp.list.map((m: any) => m.user_id)).toEqual([ids[2]]);
    const tmp2 = await ok(t.call(G.getGroupMemberListTmp, { page: 2, page_size: 1 }, { token: leader.token }));
    expect(tmp2).toMatchObject({ total: 2, list: [{ user_id: ids[1] }] });
  });

  it('the group’s order list: newest first, by status, the right total on every page; other groups and modes left out', async () => {
    const leader = await person(t, 'orderleader', 'Leader');
    const gid = await realGroup(t, leader.id);
    const m = await person(t, 'orderer', 'Orderer');
    await t.services.groups.join(m.id, gid, 'OL1');
    let n = 0;
    const pack = async (status: string, more: Partial<typeof packs.$inferInsert> = {}) => {
      const [row] = await t.services.db
        .insert(packs)
        .values({ packNo: `OLP${++n}`, mode: 'GROUP', status, groupId: gid, userId: m.id, volumeMm3: 250_000_000, ...more })
        .returning({ id: packs.id });
      return row.id;
    };
    const mine: Array<{ id: number; status: string }> = [];
    for (const status of ['packed', 'shipped', 'packed', 'cancelled', 'paid', 'packed', 'shipped'])
      mine.push({ id: await pack(status), status });
    await pack('packed', { groupId: gid + 1000 });
    await pack('packed', { mode: 'EXPRESS' });
    const newestFirst = mine.reverse();

    for (const status of [undefined, 'packed', 'shipped', 'delivered'])
      for (const page_size of [1, 2, 3, 7, 20]) {
        const expected = newestFirst.filter((p) => !status || p.status === status);
        for (let page = 1; page <= Math.ceil(expected.length / page_size) + 1; page++) {
          const got = await ok(t.call(G.getGroupOrderList, { page, page_size, ...(status ? { status } : {}) }, { token: leader.token }));
          const at = `${status} ${page}/${page_size}`;
          expect(got.total, at).toBe(expected.length);
          expect(
            got.list.map((o: any) => [o.pack_id, o.status]),
            at,
          ).toEqual(expected.slice((page - 1) * page_size, page * page_size).map((p) => [p.id, p.status]));
        }
      }
    // The group's open orders (applied, packed, paid) and their volume, as the group's page shows them.
    expect(await ok(t.call(G.groupDetail, {}, { token: leader.token }))).toMatchObject({ order_count: 4, size_cbm: '1.000' });
    // A member is not the leader.
    expect((await t.call(G.getGroupOrderList, { page: 1, page_size: 20 }, { token: m.token })).code).not.toBe(0);
  });

  it('the console’s member list: every status, newest first, by status and keyword, paged with the total; leader desk only', async () => {
    const desk = await staffLogin(t, 'leader_desk', 'desk1');
    const warehouse = await staffLogin(t, 'warehouse', 'wh1');
    const leader = await person(t, 'deskleader', 'Leader');
    const gid = await realGroup(t, leader.id);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await person(t, `deskm${i}`, i === 4 ? 'Zed Special' : `Desk ${i}`);
      await t.services.groups.join(p.id, gid, `DK${i}`);
      ids.push(p.id);
    }
    await ok(t.call(G.addBlock, { user_id: ids[1] }, { token: leader.token }));
    await ok(t.call(G.removeGroupByGroup, { user_id: ids[2] }, { token: leader.token }));
    const newest = [...ids].reverse();
    const statusOf = (id: number) => (id === ids[1] ? 'blacklisted' : id === ids[2] ? 'kicked' : 'active');

    const all = await ok(t.call(GA.adminGroupMembers, { group_id: gid, page: 1, page_size: 100 }, { token: desk }));
    expect(all.total).toBe(6);
    expect(all.list.map((m: any) => [m.user_id, m.status])).toEqual(newest.map((id) => [id, statusOf(id)]));
    for (const page_size of [1, 4, 6])
      for (let page = 1; page <= Math.ceil(6 / page_size) + 1; page++) {
        const got = await ok(t.call(GA.adminGroupMembers, { group_id: gid, page, page_size }, { token: desk }));
        expect(got.total, `${page}/${page_size}`).toBe(6);
        expect(got.list, `${page}/${page_size}`).toEqual(all.list.slice((page - 1) * page_size, page * page_size));
      }
    const kicked = await ok(t.call(GA.adminGroupMembers, { group_id: gid, status: 'kicked' }, { token: desk }));
    expect(kicked).toMatchObject({ total: 1, list: [{ user_id: ids[2] }] });
    // Account, nickname and recipient code, in any case.
    for (const [keyword, expected] of [
      ['DESKM3', [ids[3]]],
      ['zed spe', [ids[4]]],
      ['dk5', [ids[5]]],
      ['deskm', newest],
      ['nobody', []],
    ] as const) {
      const got = await ok(t.call(GA.adminGroupMembers, { group_id: gid, keyword, page: 1, page_size: 100 }, { token: desk }));
      expect(
        got.list.map((m: any) => m.user_id),
        keyword,
      ).toEqual(expected);
      expect(got.total, keyword).toBe(expected.length);
    }
    expect((await t.call(GA.adminGroupMembers, { group_id: gid + 999 }, { token: desk })).code).not.toBe(0);
    expect((await t.call(GA.adminGroupMembers, { group_id: gid }, { token: warehouse })).code).not.toBe(0);
    expect((await t.call(GA.adminGroupMembers, { group_id: gid, status: 'gone' }, { token: desk })).code).not.toBe(0);
  });
});
