import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';
import * as accountRepo from '../account/account.repository.ts';
import { topUp, balanceOf, key } from '../wallet/wallet.test-helpers.ts';
import { firstAllowedDate, addDays } from './pack-dates.ts';

const G = contract.groups;
const GA = contract.groupsAdmin;
const P = contract.parcels;
const PA = contract.parcelsAdmin;
const W = contract.wallet;

/**
 * Every amount in an answer is Money ({amount_minor: int, currency}); no flat `*_minor` key and no
 * decimal-string amount (amount, total_amount, unit_price, rate_per_cbm, goods_value) is left anywhere in it.
 */
function expectMoneyOnly(answer: unknown, path = '$'): void {
  if (Array.isArray(answer)) return answer.forEach((x, i) => expectMoneyOnly(x, `${path}[${i}]`));
  if (answer === null || typeof answer !== 'object') return;
  const o = answer as Record<string, unknown>;
  if ('amount_minor' in o) {
    expect(Object.keys(o).sort(), path).toEqual(['amount_minor', 'currency']);
    expect(Number.isInteger(o.amount_minor), path).toBe(true);
    expect(['SGD', 'RMB'], path).toContain(o.currency);
    return;
  }
  for (const [k, v] of Object.entries(o)) {
    expect(k.endsWith('_minor'), `${path}.${k}`).toBe(false);
    if (/(^|_)(amount|price|value|rate_per_cbm)$/.test(k) && v !== null)
      expect(typeof v === 'object' && 'amount_minor' in (v as object), `${path}.${k} is Money`).toBe(true);
    expectMoneyOnly(v, `${path}.${k}`);
  }
}

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
  await t.services.parcels.ensureDefaultRateCards();
});

async function user(opts: { referrerId?: number } = {}) {
  seq++;
  const u = await accountRepo.insertUser(t.services.db, {
    userAccount: `gu${seq}x${Date.now().toString(36)}`,
    nickname: `User ${seq}`,
    referrerId: opts.referrerId ?? null,
  });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  await t.services.addresses.save(u.id, {
    receiver: 'Tan',
    phone: '81234567',
    district: 'Punggol',
    address: 'Blk 1',
    postcode: '820001',
    is_default: true,
  });
  return { id: u.id, token: s.token, account: u.userAccount };
}

async function staff(role: 'leader_desk' | 'warehouse' | 'finance' | 'admin') {
  seq++;
  return staffLogin(t, role, `gs${role}${seq}`);
}

const application = (extra: Record<string, unknown> = {}) => ({
  leader_name: 'LimAB12',
  phone: '91234567',
  address: 'Blk 618 Punggol Drive',
  floor: '12',
  unit: '34',
  postcode: '820618',
  remark: '',
  rules_accepted: true,
  ...extra,
});

/** An approved leader (through apply + staff approval) with their group. */
async function leader(desk: string, postcode = '820618', name = 'LimAB12') {
  const u = await user();
  const a = await ok(t.call(G.applyGroup, application({ postcode, leader_name: name }), { token: u.token }));
  await ok(t.call(GA.adminReviewApplication, { id: a.id, approve: true }, { token: desk }));
  const g = await ok(t.call(G.groupDetail, {}, { token: u.token }));
  return { ...u, groupId: g.id as number };
}

async function declareGroupParcels(wh: string, token: string, n: number, prefix: string) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const tracking = `${prefix}${seq}${i}${Date.now().toString(36).toUpperCase()}`;
    const p = await ok(
      t.call(P.createOrder, { tracking_no: tracking, goods_name: 'Clothes', goods_value: '120', quantity: 1, mode: 'GROUP' }, { token }),
    );
    await ok(
      t.call(
        P.scannedInbound,
        { tracking_no: tracking, weight_kg: 3, length_cm: 50, width_cm: 40, height_cm: 30, shelf: 'A-1', photos: [] },
        { token: wh },
      ),
    );
    ids.push(p.id);
  }
  return ids;
}

describe('leader applications (§5) and staff review', () => {
  it('refuses bad fields, one pending application at a time, and approval makes a leader with a group', async () => {
    const desk = await staff('leader_desk');
    const u = await user();
    for (const [bad, rule] of [
      [{ leader_name: 'Lim-A!' }, 'only letters or digits'],
      [{ phone: '9123456' }, '8 digits'],
      [{ rules_accepted: false }, 'leader rules'],
      [{ rules_accepted: undefined }, 'leader rules'],
      [{ postcode: '12345' }, '6 digits'],
    ] as const) {
      const r = await t.call(G.applyGroup, application(bad), { token: u.token });
      expect(r.code).toBe(Code.VALIDATION);
      expect(r.msg).toContain(rule);
    }
    expect((await t.call(G.applyGroup, application({ postcode: '740001' }), { token: u.token })).code).toBe(Code.POSTCODE_UNKNOWN);
    const a = await ok(t.call(G.applyGroup, application(), { token: u.token }));
    expect(a.status).toBe('pending');
    expect((await t.call(G.applyGroup, application(), { token: u.token })).code).toBe(Code.LEADER_APPLICATION_PENDING);
    // A leader-only call before approval: the pipeline refuses it by role.
    expect((await t.call(G.getGroupMemberList, {}, { token: u.token })).code).toBe(Code.FORBIDDEN);
    // Warehouse staff cannot review; a rejection needs a reason.
    const wh = await staff('warehouse');
    expect((await t.call(GA.adminReviewApplication, { id: a.id, approve: true }, { token: wh })).code).toBe(Code.FORBIDDEN);
    expect((await t.call(GA.adminReviewApplication, { id: a.id, approve: false }, { token: desk })).code).toBe(Code.VALIDATION);
    const approved = await ok(t.call(GA.adminReviewApplication, { id: a.id, approve: true }, { token: desk }));
    expect(approved.status).toBe('approved');
    expect((await t.call(GA.adminReviewApplication, { id: a.id, approve: false, reason: 'x' }, { token: desk })).code).toBe(
      Code.APPLICATION_STATE,
    );
    const info = await ok(t.call(contract.account.authInfo, {}, { token: u.token }));
    expect(info.examine_status).toBe(1);
    expect(info.roles).toContain('leader');
    expect(info.group_name).toBe('LimAB12');
    expect((await t.call(G.applyGroup, application(), { token: u.token })).code).toBe(Code.ALREADY_LEADER);
    const mine = await ok(t.call(G.myApplication, {}, { token: u.token }));
    expect(mine.application.status).toBe('approved');
  });

  it('a rejection keeps the user a customer and shows the reason', async () => {
    const desk = await staff('leader_desk');
    const u = await user();
    const a = await ok(t.call(G.applyGroup, application(), { token: u.token }));
    const r = await ok(t.call(GA.adminReviewApplication, { id: a.id, approve: false, reason: 'Address unclear' }, { token: desk }));
    expect(r.reason).toBe('Address unclear');
    expect((await ok(t.call(contract.account.authInfo, {}, { token: u.token }))).examine_status).toBe(0);
    expect((await ok(t.call(GA.adminLeaderApplications, { status: 'rejected' }, { token: desk }))).total).toBe(1);
  });
});

describe('leader map', () => {
  it('sorts by distance from a postcode or a point; hidden leaders only for leaders; unknown postcode refused', async () => {
    const desk = await staff('leader_desk');
    const punggol = await leader(desk, '820618', 'Punggol');
    const tampines = await leader(desk, '520201', 'Tampines');
    const jurong = await leader(desk, '640501', 'Jurong');
    await ok(t.call(GA.adminSetGroupFlags, { group_id: jurong.groupId, hidden: true }, { token: desk }));
    const visitor = await t.call(G.getGroupList, { postcode: '510123' });
    expect(visitor.code).toBe(0);
    expect(visitor.data.list.map((g: any) => g.name)).toEqual(['Tampines', 'Punggol']);
    expect(visitor.data.list[0].distance_km).toBeLessThan(visitor.data.list[1].distance_km);
    expect(visitor.data.list[0].area).toContain('Tampines');
    // A point in the west, asked by a leader: the hidden Jurong leader is first.
    const asLeader = await ok(t.call(G.getGroupList, { lat: 1.34, lng: 103.7 }, { token: punggol.token }));
    expect(asLeader.list[0].name).toBe('Jurong');
    expect(asLeader.list).toHaveLength(3);
    const all = await ok(t.call(G.getGroupListAll, { postcode: '640123' }));
    expect(all.list.map((g: any) => g.name)).toEqual(
      ['Punggol', 'Tampines'].sort((a, b) => (a === 'Tampines' ? 1 : -1) - (b === 'Tampines' ? 1 : -1)),
    );
    expect((await t.call(G.getGroupList, { postcode: '749999' })).code).toBe(Code.POSTCODE_UNKNOWN);
    const page2 = await ok(t.call(G.getGroupList, { postcode: '510123', page: 2, page_size: 1 }));
    expect(page2.list.map((g: any) => g.name)).toEqual(['Punggol']);
    expect(page2.total).toBe(2);
    // The total is every matching leader, whatever the page size (a near page used to count only its radius).
    for (const page_size of [1, 50]) {
      const near = await ok(t.call(G.getGroupList, { postcode: '820111', page_size }));
      expect(near.total, `page_size ${page_size}`).toBe(2);
      expect(near.list).toHaveLength(Math.min(page_size, 2));
    }
    const u = await user();
    expect((await ok(t.call(G.groupList, { postcode: '820111' }, { token: u.token }))).list[0].name).toBe('Punggol');
    void tampines;
  });
});

describe('membership', () => {
  it('join by share link id, one group at a time, blacklist blocks group orders, kicked cannot rejoin, quit', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const a = await leader(desk, '820618', 'LeaderA');
    const b = await leader(desk, '520201', 'LeaderB');
    const m = await user();
    // Dragon code upper-cased on entry; a symbol is refused.
    expect((await t.call(G.joinGroup, { group_id: `${a.groupId},LeaderA`, dragon_code: 'ab-1' }, { token: m.token })).code).toBe(
      Code.VALIDATION,
    );
    const joined = await ok(t.call(G.joinGroup, { group_id: `${a.groupId},LeaderA`, dragon_code: 'ab1' }, { token: m.token }));
    expect(joined.my_status).toBe('active');
    expect(joined.my_dragon_code).toBe('AB1');
    expect(joined.member_count).toBe(1);
    const info = await ok(t.call(contract.account.authInfo, {}, { token: m.token }));
    expect(info.group_id).toBe(a.groupId);
    expect(info.group_name).toBe('LeaderA');
    // Joining twice is a no-op; another group is refused; one's own group is refused.
    expect((await t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token })).code).toBe(0);
    expect((await t.call(G.joinGroup, { group_id: b.groupId }, { token: m.token })).code).toBe(Code.ALREADY_IN_GROUP);
    expect((await t.call(G.joinGroup, { group_id: a.groupId }, { token: a.token })).code).toBe(Code.CANNOT_JOIN_OWN_GROUP);
    expect((await t.call(G.joinGroup, { group_id: 99999 }, { token: m.token })).code).toBe(Code.GROUP_NOT_FOUND);
    // The recipient code is unique among live members.
    const other = await user();
    expect((await t.call(G.joinGroup, { group_id: a.groupId, dragon_code: 'AB1' }, { token: other.token })).code).toBe(
      Code.DRAGON_CODE_TAKEN,
    );

    // A leader acts only on their own group's members.
    expect((await t.call(G.addBlock, { user_id: m.id }, { token: b.token })).code).toBe(Code.NOT_A_MEMBER);
    expect((await t.call(G.getGroupUserOrderList, { user_id: m.id }, { token: b.token })).code).toBe(Code.NOT_A_MEMBER);
    const blocked = await ok(t.call(G.addBlock, { user_id: m.id }, { token: a.token }));
    expect(blocked.status).toBe('blacklisted');
    const r = await t.call(
      P.createOrder,
      { tracking_no: 'SFBLOCK0001', goods_name: 'Clothes', goods_value: '10', quantity: 1, mode: 'GROUP' },
      { token: m.token },
    );
    expect(r.code).toBe(Code.GROUP_BLACKLISTED);
    expect((await ok(t.call(G.getGroupMemberListTmp, {}, { token: a.token }))).list.map((x: any) => x.user_id)).toEqual([m.id]);
    await ok(t.call(G.deleteBlock, { user_id: m.id }, { token: a.token }));
    await declareGroupParcels(wh, m.token, 1, 'SFOK');
    const members = await ok(t.call(G.getGroupMemberList, {}, { token: a.token }));
    expect(members.list[0]).toMatchObject({ user_id: m.id, status: 'active', order_count: 0 });

    // Kicked: out of the group and cannot rejoin it (but may join another).
    await ok(t.call(G.removeGroupByGroup, { user_id: m.id }, { token: a.token }));
    expect((await ok(t.call(contract.account.authInfo, {}, { token: m.token }))).group_id).toBeNull();
    expect((await t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token })).code).toBe(Code.KICKED_CANNOT_REJOIN);
    await ok(t.call(G.joinGroup, { group_id: b.groupId }, { token: m.token }));
    await ok(t.call(G.quitGroup, {}, { token: m.token }));
    const noGroup = await t.call(G.quitGroup, {}, { token: m.token });
    expect(noGroup.code).toBe(Code.NOT_IN_ANY_GROUP);
    expect(noGroup.msg).toBe('You are in no group');
    const noGroupCode = await t.call(G.setDragonCode, { dragon_code: 'ABC1' }, { token: m.token, lang: 'zh_CN' });
    expect(noGroupCode.code).toBe(Code.NOT_IN_ANY_GROUP);
    expect(noGroupCode.msg).toBe('您尚未加入任何拼团');
    expect((await t.call(G.quitGroup, {}, { token: a.token })).code).toBe(Code.LEADER_CANNOT_QUIT);
    // A paused group takes no one and is off the map; its members are told to switch leader (§8), once.
    const stays = await user();
    await ok(t.call(G.joinGroup, { group_id: b.groupId }, { token: stays.token }));
    await ok(t.call(GA.adminSetGroupFlags, { group_id: b.groupId, paused: true }, { token: desk }));
    await ok(t.call(GA.adminSetGroupFlags, { group_id: b.groupId, paused: true }, { token: desk }));
    const told = await ok(t.call(contract.platform.notificationList, {}, { token: stays.token, lang: 'zh_CN' }));
    expect(told.list.filter((n: any) => n.kind === 'group.paused')).toMatchObject([
      { title: '您的团已暂停', link: 'pages/group/select-leader', read: false },
    ]);
    expect(told.list[0].body).toContain('收件人代码');
    expect((await t.call(G.joinGroup, { group_id: b.groupId }, { token: other.token })).code).toBe(Code.GROUP_PAUSED);
    expect((await ok(t.call(G.getGroupListAll, {}))).list.map((g: any) => g.id)).toEqual([a.groupId]);
  });

  it('staff move a member to another leader', async () => {
    const desk = await staff('leader_desk');
    const a = await leader(desk, '820618', 'LeaderA');
    const b = await leader(desk, '520201', 'LeaderB');
    const m = await user();
    await ok(t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token }));
    const moved = await ok(t.call(GA.adminMoveMember, { user_id: m.id, group_id: b.groupId }, { token: desk }));
    expect(moved.status).toBe('active');
    expect((await ok(t.call(G.groupDetail, {}, { token: m.token }))).id).toBe(b.groupId);
    expect((await ok(t.call(GA.adminGroupMembers, { group_id: a.groupId }, { token: desk }))).list[0].status).toBe('left');
    // The console lists the newest groups first.
    expect(await ok(t.call(GA.adminGroups, {}, { token: desk }))).toMatchObject({ total: 2, list: [{ id: b.groupId }, { id: a.groupId }] });
    expect((await ok(t.call(GA.adminGroups, { keyword: 'leadera' }, { token: desk }))).list.map((g: any) => g.id)).toEqual([a.groupId]);
  });

  it('referrals: users registered through my share link', async () => {
    const me = await user();
    const r1 = await user({ referrerId: me.id });
    await user();
    const list = await ok(t.call(G.getReferrerList, {}, { token: me.token }));
    expect(list.list.map((u: any) => u.user_id)).toEqual([r1.id]);
  });
});

describe('packing dates', () => {
  it('no date before the allowed one, no one-time date on a holiday, a pattern generates dates and a batch', async () => {
    const desk = await staff('leader_desk');
    const a = await leader(desk);
    const first = firstAllowedDate(new Date());
    const before = addDays(first, -1);
    const tooEarly = await t.call(G.setPackDate, { pattern: 'once', start_date: before }, { token: a.token });
    expect(tooEarly.code).toBe(Code.PACK_DATE_TOO_EARLY);
    expect(tooEarly.msg).toContain(first);
    await t.services.parcels.shipping.saveHoliday({ date: addDays(first, 2), reason: 'Stocktake' });
    expect((await t.call(G.setPackDate, { pattern: 'once', start_date: addDays(first, 2) }, { token: a.token })).code).toBe(
      Code.PACK_DATE_HOLIDAY,
    );
    expect((await t.call(G.setPackDate, { pattern: 'weekly', start_date: first }, { token: a.token })).code).toBe(Code.VALIDATION);
    const d = await ok(t.call(G.setPackDate, { pattern: 'weekly', weekday: 6, start_date: first }, { token: a.token }));
    expect(d.pack_dates).toHaveLength(8);
    expect(d.next_pack_date).toBe(d.pack_dates[0]);
    for (const x of d.pack_dates)
      expect(new Date(`${x}T00:00:00Z`).getUTCDay() === 6 || x === addDays(first, 2) ? true : x > first).toBe(true);
    const batches = await ok(t.call(G.getGroupPackList, {}, { token: a.token }));
    expect(batches.list).toHaveLength(1);
    expect(batches.list[0]).toMatchObject({ status: 'wait_plan', pack_date: d.pack_dates[0] });
    // The daily job keeps them generated (idempotent).
    expect(await t.services.groupDates.generateAllDates()).toBe(1);
    expect((await ok(t.call(G.groupDetail, {}, { token: a.token }))).pack_dates).toEqual(d.pack_dates);
    // A member of another group cannot set dates (not a leader).
    const m = await user();
    expect((await t.call(G.setPackDate, { pattern: 'once', start_date: first }, { token: m.token })).code).toBe(Code.FORBIDDEN);
  });
});

describe('log in as a member and back', () => {
  it('a member session cannot pay or change anything, and goes back to the leader', async () => {
    const desk = await staff('leader_desk');
    const a = await leader(desk);
    const m = await user();
    const stranger = await user();
    await ok(t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token }));
    expect((await t.call(G.backGroup, { user_id: stranger.id }, { token: a.token })).code).toBe(Code.NOT_A_MEMBER);
    const s = await ok(t.call(G.backGroup, { user_id: m.id }, { token: a.token }));
    expect(s.user_id).toBe(m.id);
    const info = await ok(t.call(contract.account.authInfo, {}, { token: s.token }));
    expect(info.is_member_session).toBe(true);
    expect((await t.call(G.quitGroup, {}, { token: s.token })).code).toBe(Code.MEMBER_SESSION);
    expect((await t.call(W.ordersPay, { bill_ids: [1], idempotency_key: key() }, { token: s.token })).code).toBe(Code.MEMBER_SESSION);
    expect((await t.call(G.backGroupByH5, {}, { token: m.token })).code).toBe(Code.NOT_IN_MEMBER_SESSION);
    const back = await ok(t.call(G.backGroupByH5, {}, { token: s.token }));
    expect(back.user_id).toBe(a.id);
    expect((await t.call(contract.account.authInfo, {}, { token: s.token })).code).not.toBe(0);
    expect((await ok(t.call(contract.account.authInfo, {}, { token: back.token }))).user_id).toBe(a.id);
  });
});

describe('packing dates that change', () => {
  it('cancels waiting batches of dates no longer packing dates and moves waiting packs to the next real date', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const a = await leader(desk);
    const m = await user();
    await ok(t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token }));
    const first = firstAllowedDate(new Date());
    const wed = await ok(t.call(G.setPackDate, { pattern: 'weekly', weekday: 3, start_date: first }, { token: a.token }));
    const ids = await declareGroupParcels(wh, m.token, 1, 'SFD');
    const pack = await ok(t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'GROUP', pack_date: wed.pack_dates[1] }, { token: m.token }));
    const before = await ok(t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: m.token }));
    expect(wed.pack_dates).toContain(before.pack_date);
    // Monthly, then weekly on Friday: no Wednesday is a packing date any more.
    await ok(t.call(G.setPackDate, { pattern: 'once', start_date: addDays(first, 1) }, { token: a.token }));
    const fri = await ok(t.call(G.setPackDate, { pattern: 'weekly', weekday: 5, start_date: first }, { token: a.token }));
    const batches = await ok(t.call(G.getGroupPackList, { page_size: 50 }, { token: a.token }));
    const waiting = batches.list.filter((b: any) => b.status === 'wait_plan').map((b: any) => b.pack_date);
    expect(
      waiting.every((d: string) => fri.pack_dates.includes(d)),
      waiting.join(),
    ).toBe(true);
    expect(waiting).toContain(fri.pack_dates[0]);
    expect(batches.list.filter((b: any) => b.status === 'cancelled').length).toBeGreaterThanOrEqual(1);
    const after = await ok(t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: m.token }));
    expect(fri.pack_dates).toContain(after.pack_date);
    expect(after.pack_date).not.toBe(before.pack_date);
    // Told at each move: first off the Wednesday, then onto the Friday.
    const told = await ok(t.call(contract.platform.notificationList, {}, { token: m.token }));
    expect(told.list.some((n: any) => n.body.includes(`(was ${before.pack_date})`))).toBe(true);
    expect(told.list.some((n: any) => n.body.includes(`now packs on ${after.pack_date}`))).toBe(true);
  });
});

describe('group batch from planning to pickup', () => {
  it('plan, pack, bill, pay (self and on behalf), outbound, arrive with reward, pickup by code, export, refund reversal', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const fin = await staff('finance');
    const a = await leader(desk);
    const b = await leader(desk, '520201', 'Other');
    const m1 = await user();
    const m2 = await user();
    const outsider = await user();
    for (const m of [m1, m2]) await ok(t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token }));
    await ok(t.call(GA.adminRewardSettings, { rate_per_cbm: 10 }, { token: desk }));
    const first = firstAllowedDate(new Date());
    await ok(t.call(G.setPackDate, { pattern: 'weekly', weekday: 3, start_date: first }, { token: a.token }));

    const p1 = await declareGroupParcels(wh, m1.token, 2, 'SFM1');
    const p2 = await declareGroupParcels(wh, m2.token, 1, 'SFM2');
    const pack1 = await ok(t.call(P.orderApplyPack, { parcel_ids: p1, mode: 'GROUP' }, { token: m1.token }));
    const pack2 = await ok(t.call(P.orderApplyPack, { parcel_ids: p2, mode: 'GROUP' }, { token: m2.token }));

    const [batch] = (await ok(t.call(GA.adminGroupBatches, { group_id: a.groupId }, { token: desk }))).list;
    expect(batch.status).toBe('wait_plan');
    // Out of order is refused with the current status in the message.
    const early = await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'packed' }, { token: desk });
    expect(early.code).toBe(Code.GROUP_BATCH_STATE);
    expect(early.msg).toContain('waiting for planning');
    const planned = await ok(
      t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan', container: 'CTN-01', unit_price: 85 }, { token: desk }),
    );
    expect(planned).toMatchObject({
      status: 'wait_pack',
      container: 'CTN-01',
      unit_price: { amount_minor: 8500, currency: 'SGD' },
      pack_count: 2,
      member_count: 2,
    });
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'pack' }, { token: wh }));
    const unmeasured = await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'packed' }, { token: desk, lang: 'zh_CN' });
    expect(unmeasured.code).toBe(Code.GROUP_BATCH_UNMEASURED);
    expect(unmeasured.msg).toContain('称重测量');
    expect((await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'packed' }, { token: desk })).msg).toBe(
      '2 member orders of this batch are not measured yet: weigh and measure them first',
    );
    for (const p of [pack1, pack2])
      await ok(
        t.call(
          PA.adminPackMeasure,
          { pack_id: p.id, pieces: [{ weight_kg: 10, length_cm: 100, width_cm: 100, height_cm: 50 }] },
          { token: wh },
        ),
      );
    const packed = await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'packed' }, { token: desk }));
    expect(packed.status).toBe('packed');
    expect(packed.total_size_cbm).toBe('1.000');
    expect(packed.total_amount.amount_minor).toBeGreaterThan(0);
    expect(packed.total_amount.currency).toBe('SGD');

    // Leader lists: orders, collection, pay list; another leader sees none of it.
    const orders = await ok(t.call(G.GetGroupPackOrderList, { batch_id: batch.id }, { token: a.token }));
    expect(orders.list).toHaveLength(2);
    expect((await t.call(G.GetGroupPackOrderList, { batch_id: batch.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(G.GetGroupPackOrderDetail, { pack_id: pack1.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    const detail = await ok(t.call(G.GetGroupPackOrderDetail, { pack_id: pack1.id }, { token: a.token }));
    expect(detail.parcels).toHaveLength(2);
    expect((await ok(t.call(G.getGroupOrderList, {}, { token: a.token }))).total).toBe(2);
    expect((await ok(t.call(G.getGroupOrderDetail, { pack_id: pack2.id }, { token: a.token }))).batch.id).toBe(batch.id);
    const payList = await ok(t.call(G.getPackGroupUserList, { batch_id: batch.id }, { token: a.token }));
    expect(payList.list.every((r: any) => r.bill_ids.length === 1 && r.pickup_code === '')).toBe(true);
    expect((await ok(t.call(G.getGroupUserList, {}, { token: a.token }))).total).toBe(2);
    expect((await ok(t.call(G.getGroupUserOrderList, { user_id: m1.id }, { token: a.token }))).list[0].status).toBe('packed');

    // Outbound refused while members have not paid.
    expect((await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'outbound' }, { token: desk })).code).toBe(
      Code.GROUP_BATCH_UNPAID,
    );
    // m1 pays for themself; the leader pays m2's bill on their behalf; an outsider cannot.
    await topUp(t, m1.id, 1_000_000);
    await topUp(t, a.id, 1_000_000);
    await topUp(t, outsider.id, 1_000_000);
    const bill1 = payList.list.find((r: any) => r.user_id === m1.id).bill_ids[0];
    const bill2 = payList.list.find((r: any) => r.user_id === m2.id).bill_ids[0];
    expect((await t.call(W.ordersPay, { bill_ids: [bill2], idempotency_key: key() }, { token: outsider.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );
    expect((await t.call(W.ordersPay, { bill_ids: [bill2], idempotency_key: key() }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    await ok(t.call(W.ordersPay, { bill_ids: [bill1], idempotency_key: key() }, { token: m1.token }));
    const groupBills = await ok(t.call(W.getPayInfos, { scope: 'group' }, { token: a.token }));
    expect(groupBills.bills.map((x: any) => x.id)).toEqual([bill2]);
    await ok(t.call(W.ordersPay, { bill_ids: [bill2], idempotency_key: key() }, { token: a.token }));

    // Pickup confirmation before arrival is refused.
    const mine = await ok(t.call(G.GetPackUserOrderDetail, { batch_id: batch.id }, { token: m1.token }));
    expect(mine.row.pickup_code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await t.call(G.GetPackUserOrderDetail, { batch_id: batch.id }, { token: outsider.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(G.confirmPickup, { pickup_code: mine.row.pickup_code }, { token: a.token })).code).toBe(
      Code.GROUP_BATCH_NOT_ARRIVED,
    );

    const totalsOf = (v: any) => ({ size: v.total_size_cbm, amount: v.total_amount, members: v.member_count, packs: v.pack_count });
    const listed = async () => (await ok(t.call(G.getGroupPackList, {}, { token: a.token }))).list.find((x: any) => x.id === batch.id);
    const packedTotals = totalsOf(await listed());
    expect(packedTotals.packs).toBeGreaterThan(0);
    const out = await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'outbound' }, { token: desk }));
    expect(out.status).toBe('outbound');
    expect(out.outbound_batch_id).toBeGreaterThan(0);
    // Going out keeps the totals (group_batches.shipped_totals) the lists then show: the same as added up before.
    expect(totalsOf(out)).toEqual(packedTotals);
    expect(totalsOf(await listed())).toEqual(packedTotals);
    const [kept] = (
      (await t.services.db.execute(sql`select shipped_totals from group_batches where id = ${batch.id}`)) as unknown as { rows: any[] }
    ).rows;
    expect(kept.shipped_totals).toMatchObject({ packCount: packedTotals.packs, memberCount: packedTotals.members });
    expect((await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'arrived' }, { token: desk })).code).toBe(
      Code.GROUP_BATCH_NOT_ARRIVED,
    );
    await t.services.parcels.shipping.advanceBatch(1, out.outbound_batch_id, 'unpacking_delivery', '', undefined, 'en');
    const before = await balanceOf(t, a.id);
    const arrived = await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'arrived' }, { token: desk }));
    expect(arrived.arrived_at).not.toBeNull();
    expect(arrived.stage).toBe('unpacking_delivery');
    // 1 cbm at S$10 per cbm, posted once.
    expect((await balanceOf(t, a.id)) - before).toBe(1000);
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'arrived' }, { token: desk }));
    expect((await balanceOf(t, a.id)) - before).toBe(1000);
    const rewards = await ok(t.call(G.groupReward, {}, { token: a.token }));
    expect(rewards).toMatchObject({
      total_amount: { amount_minor: 1000, currency: 'SGD' },
      rate_per_cbm: { amount_minor: 1000, currency: 'SGD' },
    });
    expect(rewards.list[0]).toMatchObject({ kind: 'reward', volume_cbm: '1.000', batch_no: batch.batch_no });

    // Pickup by code: once, twice has no extra effect; another leader cannot; lower-case typed works.
    expect((await t.call(G.confirmPickup, { pickup_code: mine.row.pickup_code }, { token: b.token })).code).toBe(Code.PICKUP_CODE_UNKNOWN);
    // The message says the rule the check applies.
    const badCode = await t.call(G.confirmPickup, { pickup_code: 'AB-12' }, { token: a.token });
    expect(badCode.code).toBe(Code.VALIDATION);
    expect(badCode.msg).toBe('The pickup code is 6 to 12 letters or digits');
    const c1 = await ok(t.call(G.confirmPickup, { pickup_code: mine.row.pickup_code.toLowerCase() }, { token: a.token }));
    expect(c1).toMatchObject({ user_id: m1.id, signed: true, already_signed: false });
    const c2 = await ok(t.call(G.confirmPickup, { pickup_code: mine.row.pickup_code }, { token: a.token }));
    expect(c2.already_signed).toBe(true);
    expect(c2.signed_at).toBe(c1.signed_at);
    expect((await ok(t.call(G.signOutAll, { batch_id: batch.id }, { token: a.token }))).signed).toBe(1);
    expect((await ok(t.call(G.signOutAll, { batch_id: batch.id }, { token: a.token }))).signed).toBe(0);
    const myList = await ok(t.call(G.GetPackUserOrderList, {}, { token: m2.token }));
    expect(myList.list[0]).toMatchObject({ signed: true, paid: true });
    // Each member's own row and code only, with the batch it belongs to.
    expect(myList).toMatchObject({
      total: 1,
      list: [{ user_id: m2.id, pack_count: 1, batch: { id: batch.id, batch_no: batch.batch_no } }],
    });
    expect(myList.list[0].pickup_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(myList.list[0].pickup_code).not.toBe(mine.row.pickup_code);
    const m1List = await ok(t.call(G.GetPackUserOrderList, {}, { token: m1.token }));
    expect(m1List.list.map((r: any) => [r.user_id, r.pickup_code])).toEqual([[m1.id, mine.row.pickup_code]]);
    expect((await ok(t.call(G.GetPackUserOrderList, {}, { token: outsider.token }))).list).toEqual([]);
    expect(mine.orders.map((o: any) => o.pack_id)).toEqual([pack1.id]);
    expect(mine.row).toMatchObject({ user_id: m1.id, pack_count: 1 });

    // The collection list, and its xlsx export through the signed link.
    const coll = await ok(t.call(G.GetGroupPackOrderUserList, { batch_id: batch.id }, { token: a.token }));
    expect(coll.list).toHaveLength(2);
    const res = await t.app.inject({ method: 'GET', url: coll.export_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3);
    expect([ws.getRow(1).getCell(1).value, ws.getRow(1).getCell(2).value]).toEqual(['Nickname', 'Account']);
    // Each member by nickname and account, as the leader knows them.
    expect([2, 3].map((n) => [ws.getRow(n).getCell(1).value, ws.getRow(n).getCell(2).value])).toEqual(
      coll.list.map((r: any) => [r.nickname, r.user_account]),
    );
    expect(coll.list.every((r: any) => r.nickname && r.user_account)).toBe(true);
    expect([ws.getRow(2).getCell(8).value, ws.getRow(3).getCell(9).value]).toEqual(['Yes', 'Yes']);
    // The amount column stays a readable S$ number (12.3), not the wire's Money object.
    expect([ws.getRow(2).getCell(7).value, ws.getRow(3).getCell(7).value]).toEqual(coll.list.map((r: any) => r.amount.amount_minor / 100));
    const tampered = await t.app.inject({ method: 'GET', url: coll.export_url.replace(/u=\d+/, `u=${b.id}`) });
    expect(tampered.statusCode).toBe(403);

    // Notify: members of the batch (none left unsigned now).
    // A refund of a shipped member order takes back its share of the reward.
    const balBefore = await balanceOf(t, a.id);
    await ok(t.call(contract.walletAdmin.adminRefundBill, { bill_id: bill1, reason: 'Damaged' }, { token: fin }));
    expect(balBefore - (await balanceOf(t, a.id))).toBe(500);
    const after = await ok(t.call(G.groupReward, {}, { token: a.token }));
    expect(after.total_amount).toEqual({ amount_minor: 500, currency: 'SGD' });
    expect(after.list[0].kind).toBe('reversal');
    // Staff see the payouts by group (leader desk and finance), newest first; others are refused.
    const payouts = await ok(t.call(GA.adminGroupRewards, { group_id: a.groupId }, { token: fin }));
    expect(payouts).toMatchObject({ total: 2, total_amount: { amount_minor: 500, currency: 'SGD' } });
    expect(payouts.list.map((r: any) => [r.kind, r.amount.amount_minor, r.leader_id, r.group_id])).toEqual([
      ['reversal', -500, a.id, a.groupId],
      ['reward', 1000, a.id, a.groupId],
    ]);
    expect(payouts.list[0].batch_no).toBe(batch.batch_no);
    expect(payouts.list[0].group_name).not.toBe('');
    // Every amount on the wire is Money with its real currency: batch, member orders and their parcels,
    // collection and pay lists, the member's own row, rewards, payouts and the reward rate.
    const settings = await ok(t.call(GA.adminRewardSettings, {}, { token: desk }));
    expect(settings.rate_per_cbm).toEqual({ amount_minor: 1000, currency: 'SGD' });
    for (const answer of [planned, packed, orders, detail, coll, payList, mine, myList, rewards, after, payouts, settings])
      expectMoneyOnly(answer);
    expect(detail.order.amount).toEqual({ amount_minor: expect.any(Number), currency: 'SGD' });
    expect(detail.parcels[0].goods_value.currency).toBe('RMB');
    expect(coll.list.reduce((s: number, r: any) => s + r.amount.amount_minor, 0)).toBe(packed.total_amount.amount_minor);
    expect((await ok(t.call(GA.adminGroupRewards, {}, { token: desk }))).total).toBeGreaterThanOrEqual(2);
    expect((await t.call(GA.adminGroupRewards, {}, { token: wh })).code).toBe(Code.FORBIDDEN);
  });

  it('cancel releases the orders; only early statuses may be cancelled', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const a = await leader(desk);
    const m = await user();
    await ok(t.call(G.joinGroup, { group_id: a.groupId }, { token: m.token }));
    await ok(t.call(G.setPackDate, { pattern: 'once', start_date: firstAllowedDate(new Date()) }, { token: a.token }));
    const ids = await declareGroupParcels(wh, m.token, 1, 'SFC');
    await ok(t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'GROUP' }, { token: m.token }));
    const [batch] = (await ok(t.call(G.getGroupPackList, {}, { token: m.token }))).list;
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan' }, { token: desk }));
    const c = await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'cancel' }, { token: desk }));
    expect(c).toMatchObject({ status: 'cancelled', pack_count: 0 });
    expect((await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'cancel' }, { token: desk })).code).toBe(
      Code.GROUP_BATCH_STATE,
    );
  });
});
