import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createKit, customer, declare, resetKit, scanIn, staff, type Kit } from '../parcels/parcels.test-kit.ts';

let k: Kit;
beforeAll(async () => {
  k = await createKit();
}, 60_000);
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  await resetKit(k);
});

describe('"your parcel arrived"', () => {
  it('is told to the parcel’s owner once, when the warehouse first scans it in', async () => {
    const c = await customer(k);
    const other = await customer(k);
    const wh = await staff(k);
    await declare(k, c.token, 'SF7000000001');
    await scanIn(k, wh, 'SF7000000001');
    // Re-shelving the same parcel is not a second arrival.
    await scanIn(k, wh, 'SF7000000001', { weight_kg: 3.5 });
    const list = await k.t.call(contract.platform.notificationList, {}, { token: c.token, lang: 'en' });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list.map((n: { kind: string; body: string }) => [n.kind, n.body])).toEqual([
      ['parcel.arrived', 'Parcel SF7000000001 is in our Guangzhou warehouse.'],
    ]);
    expect((await k.t.call(contract.platform.notificationUnreadCount, {}, { token: other.token })).data.unread).toBe(0);
  });
});
