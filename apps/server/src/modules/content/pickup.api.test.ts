import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { app, C, customer, ok } from './content.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await app();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const P = contract.parcels;

describe('pickup sites (PDD self-pickup)', () => {
  it('records a parcel for its customer; the customer sees it in the parcel’s logistics; collected is final', async () => {
    const site = await customer(t, ['user', 'pickup']);
    const cust = await customer(t, ['user'], '81112222');
    const r = await ok(
      t.call(C.addPddTrack, { tracking_no: 'yt1234567890123', pickup_code: '8-2-3301', customer: '81112222' }, { token: site.token }),
    );
    expect(r).toMatchObject({ tracking_no: 'YT1234567890123', pickup_code: '8-2-3301', status: 'stored', customer: { id: cust.id } });

    // The customer's parcel list and logistics show it.
    const list = await ok(t.call(P.getAllOrderList, {}, { token: cust.token }));
    const parcel = list.list.find((p: any) => p.tracking_no === 'YT1234567890123');
    expect(parcel.status).toBe('pending');
    const logi = await ok(t.call(P.queryLogistics, { tracking_no: 'YT1234567890123' }, { token: cust.token, lang: 'zh_CN' }));
    expect(logi.events.map((e: any) => e.text)).toContain('已到自提点');

    const done = await ok(t.call(C.donePddTrack, { id: r.id }, { token: site.token }));
    expect(done.status).toBe('collected');
    const again = await t.call(C.donePddTrack, { id: r.id }, { token: site.token });
    expect(again.code).toBe(Code.PICKUP_STATE);
    expect((await t.call(C.addPddTrackWithOutbound, { id: r.id }, { token: site.token })).code).toBe(Code.PICKUP_STATE);
    const detail = await ok(t.call(C.getPddDetail, { id: r.id }, { token: site.token }));
    expect(detail.history.map((h: any) => h.event)).toEqual(['stored', 'collected']);
    const after = await ok(t.call(P.getOrderDetail, { id: parcel.id }, { token: cust.token }));
    expect(after.status).toBe('received');
    expect(after.history.map((h: any) => h.event)).toEqual(['declared', 'pickup_stored', 'pickup_collected']);
  });

  it('hands a parcel to the warehouse: it is then scanned in as that customer’s', async () => {
    const site = await customer(t, ['user', 'pickup']);
    const cust = await customer(t);
    const r = await ok(
      t.call(
        C.addPddTrackWithOutbound,
        { tracking_no: 'SF9876543210123', pickup_code: 'A12', customer: cust.account },
        { token: site.token },
      ),
    );
    expect(r.status).toBe('outbound');
    expect(r.outbound_at).toBeTruthy();
    // The warehouse scans it in: matched to the customer, not left unclaimed.
    await t.services.staff.createStaff('wh1', 'WH', 'warehouse', 'warehouse123');
    const wh = (await ok(t.call(contract.admin.adminLogin, { account: 'wh1', password: 'warehouse123' }))).token;
    const scan = await ok(
      t.call(
        P.scannedInbound,
        { tracking_no: 'SF9876543210123', weight_kg: 1, length_cm: 20, width_cm: 20, height_cm: 10, shelf: 'B-1', photos: [] },
        { token: wh },
      ),
    );
    expect(scan.matched).toBe(true);
    const list = await ok(t.call(P.getAllOrderList, { status: 'warehouse' }, { token: cust.token }));
    const p = list.list.find((x: any) => x.tracking_no === 'SF9876543210123');
    const d = await ok(t.call(P.getOrderDetail, { id: p.id }, { token: cust.token }));
    expect(d.history.map((h: any) => h.event)).toEqual(['declared', 'pickup_stored', 'pickup_outbound', 'inbound']);

    // A stored record can be handed over later too.
    const r2 = await ok(
      t.call(C.addPddTrack, { tracking_no: 'SF9876543210999', pickup_code: 'A13', customer: cust.account }, { token: site.token }),
    );
    expect((await ok(t.call(C.addPddTrackWithOutbound, { id: r2.id }, { token: site.token }))).status).toBe('outbound');
    const page = await ok(t.call(C.getPddList, { status: 'outbound' }, { token: site.token }));
    expect(page.total).toBe(2);
    expect(page.counts).toMatchObject({ stored: 0, outbound: 2 });
  });

  it('only pickup-site staff manage records, and a site sees only its own', async () => {
    const site = await customer(t, ['user', 'pickup']);
    const site2 = await customer(t, ['user', 'pickup']);
    const plain = await customer(t);
    const input = { tracking_no: 'JT1234567890123', pickup_code: 'C1', customer: plain.account };
    for (const call of [C.getPddList, C.addPddTrack, C.donePddTrack, C.getPddDetail, C.addPddTrackWithOutbound]) {
      const res = await t.call(call, { ...input, id: 1 }, { token: plain.token });
      expect(res.code, call.path).toBe(Code.FORBIDDEN);
    }
    expect((await t.call(C.getPddList, {})).code).toBe(Code.LOGIN_REQUIRED);
    const r = await ok(t.call(C.addPddTrack, input, { token: site.token }));
    expect((await t.call(C.getPddDetail, { id: r.id }, { token: site2.token })).code).toBe(Code.PICKUP_NOT_FOUND);
    expect((await t.call(C.donePddTrack, { id: r.id }, { token: site2.token })).code).toBe(Code.PICKUP_NOT_FOUND);
    expect((await ok(t.call(C.getPddList, {}, { token: site2.token }))).total).toBe(0);
  });

  it('validates input and refuses numbers that belong to someone else', async () => {
    const site = await customer(t, ['user', 'pickup']);
    const a = await customer(t);
    const b = await customer(t);
    const v = await t.call(
      C.addPddTrack,
      { tracking_no: 'JT1', pickup_code: 'bad code!', customer: a.account },
      { token: site.token, lang: 'zh_CN' },
    );
    expect(v.code).toBe(Code.VALIDATION);
    expect(
      (await t.call(C.addPddTrack, { tracking_no: 'JT1234567890123', pickup_code: 'X', customer: '' }, { token: site.token })).code,
    ).toBe(Code.VALIDATION);
    expect((await t.call(C.addPddTrackWithOutbound, { pickup_code: 'X' }, { token: site.token })).code).toBe(Code.VALIDATION);
    const unknown = await t.call(
      C.addPddTrack,
      { tracking_no: 'JT1234567890123', pickup_code: 'X', customer: 'nobody_here' },
      { token: site.token },
    );
    expect(unknown.code).toBe(Code.PICKUP_CUSTOMER_UNKNOWN);

    await ok(t.call(P.createOrder, { tracking_no: 'JT1234567890123', goods_name: 'Cup', goods_value: 10 }, { token: b.token }));
    const taken = await t.call(
      C.addPddTrack,
      { tracking_no: 'JT1234567890123', pickup_code: 'X', customer: a.account },
      { token: site.token },
    );
    expect(taken.code).toBe(Code.PICKUP_TRACKING_TAKEN);
    // Nothing half-written.
    expect((await ok(t.call(C.getPddList, {}, { token: site.token }))).total).toBe(0);

    await ok(t.call(C.addPddTrack, { tracking_no: 'JT1234567890999', pickup_code: 'X', customer: a.account }, { token: site.token }));
    const dup = await t.call(
      C.addPddTrack,
      { tracking_no: 'JT1234567890999', pickup_code: 'Y', customer: a.account },
      { token: site.token },
    );
    expect(dup.code).toBe(Code.PICKUP_DUPLICATE);
  });
});
