import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createKit, customer, ok, P, resetKit, scanIn, staff, type Kit } from '../parcels/parcels.test-kit.ts';
import { realGroup } from './groups.test-kit.ts';

// Inbound scanning with the label's recipient ('dragon') code: an undeclared parcel goes to the member
// who holds that code (through the groups module's port), not to the unclaimed shelf.
const G = contract.groups;
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

async function memberWithCode(code: string) {
  const leader = await customer(k, { address: true });
  const member = await customer(k, { address: true });
  const groupId = await realGroup(k.t, leader.id, [member.id]);
  await ok(k.t.call(G.setDragonCode, { dragon_code: code }, { token: member.token }));
  return { leader, member, groupId };
}

describe('scannedInbound with a recipient code', () => {
  it('gives an undeclared parcel to the member whose code is on the label, as a GROUP parcel to supplement', async () => {
    const { member, leader } = await memberWithCode('龙A7');
    const s = await staff(k);
    const r = await scanIn(k, s, 'SF5550001112223', {}, '龙a7');
    expect(r).toMatchObject({ matched: false, attributed: true, unclaimed_id: null });
    expect(r.parcel).toMatchObject({ tracking_no: 'SF5550001112223', status: 'warehouse', mode: 'GROUP' });
    // The member sees it in their warehouse list with the history line; the leader and others do not.
    const mine = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: member.token }));
    expect(mine.list.map((p: { tracking_no: string }) => p.tracking_no)).toContain('SF5550001112223');
    const detail = await ok(k.t.call(P.getOrderDetail, { id: r.parcel.id }, { token: member.token }));
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual(['inbound', 'attributed']);
    expect((await k.t.call(P.getOrderDetail, { id: r.parcel.id }, { token: leader.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    // Not an unclaimed parcel: nobody can claim it.
    const unclaimed = await ok(k.t.call(P.showLargeCargo, {}, { token: leader.token }));
    expect(unclaimed.total).toBe(0);
  });

  it('upper-cases the code; an unknown code keeps the parcel unclaimed; a declared parcel stays its declarer’s', async () => {
    const { member } = await memberWithCode('AB12');
    const other = await customer(k, { address: true });
    const s = await staff(k);
    const lower = await scanIn(k, s, 'YT1230000000001', {}, 'ab12');
    expect(lower).toMatchObject({ attributed: true, parcel: { tracking_no: 'YT1230000000001' } });

    const unknown = await scanIn(k, s, 'YT1230000000002', {}, 'ZZ99');
    expect(unknown).toMatchObject({ matched: false, attributed: false, parcel: null });
    expect(unknown.unclaimed_id).toBeGreaterThan(0);

    await ok(k.t.call(P.createOrder, { tracking_no: 'YT1230000000003', goods_name: 'Shoes', goods_value: '50' }, { token: other.token }));
    const declared = await scanIn(k, s, 'YT1230000000003', {}, 'AB12');
    expect(declared).toMatchObject({ matched: true, attributed: false });
    const otherList = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: other.token }));
    expect(otherList.list.map((p: { tracking_no: string }) => p.tracking_no)).toEqual(['YT1230000000003']);
    const memberList = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: member.token }));
    expect(memberList.list.map((p: { tracking_no: string }) => p.tracking_no)).toEqual(['YT1230000000001']);
  });

  it('a parcel first kept as unclaimed is attributed when scanned again with the code', async () => {
    const { member } = await memberWithCode('C3');
    const s = await staff(k);
    const first = await scanIn(k, s, 'JT9990000000001');
    expect(first.attributed).toBe(false);
    const again = await scanIn(k, s, 'JT9990000000001', { weight_kg: 4 }, 'C3');
    expect(again).toMatchObject({ attributed: true, parcel: { tracking_no: 'JT9990000000001', weight_kg: '4.00' } });
    const list = await ok(k.t.call(P.showLargeCargo, {}, { token: member.token }));
    expect(list.total).toBe(0);
  });

  it('a kicked member’s code no longer attributes; a malformed code is a coded error', async () => {
    const { leader, member } = await memberWithCode('D4');
    await ok(k.t.call(G.removeGroupByGroup, { user_id: member.id }, { token: leader.token }));
    const s = await staff(k);
    const r = await scanIn(k, s, 'SF0000000000444', {}, 'D4');
    expect(r).toMatchObject({ attributed: false, parcel: null });
    const bad = await k.t.call(
      P.scannedInbound,
      { tracking_no: 'SF0000000000445', weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10, shelf: 'A-1', dragon_code: 'ab-1' },
      { token: s },
    );
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toBeTruthy();
  });
});
