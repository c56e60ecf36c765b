import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { realGroup } from '../groups/groups.test-kit.ts';
import { addDays, firstAllowedDate } from '../groups/pack-dates.ts';
import { A, createKit, customer, declare, ok, P, resetKit, scanIn, staff, type Kit } from './parcels.test-kit.ts';

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

/** A member of a fresh group (no home address) with two GROUP parcels in the warehouse. */
async function memberWithParcels() {
  const leader = await customer(k);
  const member = await customer(k);
  const groupId = await realGroup(k.t, leader.id, [member.id]);
  const s = await staff(k);
  const ids: number[] = [];
  for (const no of ['SF7000000000001', 'SF7000000000002']) {
    ids.push((await declare(k, member.token, no, { mode: 'GROUP' })).id);
    await scanIn(k, s, no);
  }
  return { leader, member, groupId, ids, s };
}

describe('a group-sea packing request', () => {
  it('needs no home address: it is addressed to the leader, shows the pick-up and says there is no date yet', async () => {
    const { member, groupId, ids, s } = await memberWithParcels();
    const check = await ok(k.t.call(P.checkApplyPack, { parcel_ids: ids, mode: 'GROUP' }, { token: member.token }));
    expect(check).toMatchObject({
      has_default_address: false,
      needs_address: false,
      pickup: { group_id: groupId, leader_name: expect.any(String), address: 'Blk 1', postcode: '820001', pack_date: null },
    });
    // The door modes still ask for the home address.
    const door = await ok(k.t.call(P.checkApplyPack, { parcel_ids: ids, mode: 'SEA' }, { token: member.token }));
    expect(door).toMatchObject({ needs_address: true, pickup: null });

    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'GROUP' }, { token: member.token }));
    expect(pack).toMatchObject({
      mode: 'GROUP',
      status: 'applied',
      pack_date: null,
      address: { phone: '91234567', address: 'Blk 1', postcode: '820001' },
      pickup: { group_id: groupId, pack_date: null },
    });
    expect(pack.address.receiver).toContain(pack.pickup.leader_name);
    // Staff see the leader's pick-up place on the pack, not the member's home.
    const staffView = await ok(k.t.call(A.adminPackDetail, { pack_id: pack.id }, { token: s }));
    expect(staffView.address).toMatchObject({ address: 'Blk 1', postcode: '820001' });
  });

  it("shows the group's next packing date on the check, the pack and the parcel once the leader sets one", async () => {
    const { leader, member, ids } = await memberWithParcels();
    const date = addDays(firstAllowedDate(new Date()), 2);
    await ok(k.t.call(G.setPackDate, { pattern: 'once', start_date: date }, { token: leader.token }));
    const check = await ok(k.t.call(P.checkApplyPack, { parcel_ids: ids, mode: 'GROUP' }, { token: member.token }));
    expect(check.pickup.pack_date).toBe(date);
    const pack = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'GROUP' }, { token: member.token }));
    expect(pack.pack_date).toBe(date);
    expect(pack.pickup.pack_date).toBe(date);
    const parcel = await ok(k.t.call(P.getOrderDetail, { id: ids[0] }, { token: member.token }));
    expect(parcel.pack).toMatchObject({ id: pack.id, pack_date: date });
    const list = await ok(k.t.call(P.getUserPackList, { page: 1, page_size: 10 }, { token: member.token }));
    expect(list.list.find((p: { id: number }) => p.id === pack.id)).toMatchObject({ pack_date: date });
  });
});
