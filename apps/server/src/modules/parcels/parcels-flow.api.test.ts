import { realGroup } from '../groups/groups.test-kit.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import {
  A,
  addAddress,
  createKit,
  customer,
  declare,
  ok,
  P,
  packedPack,
  parcelsInWarehouse,
  resetKit,
  scanIn,
  staff,
  type Kit,
} from './parcels.test-kit.ts';
import { addDays, chinaDate } from './dates.ts';
import { waybillSignature } from './parcels.routes.ts';
import { TEST_SECRET } from '../../test/harness.ts';

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

describe('declaring a parcel', () => {
  it('declares with the carrier suggested from the number, and never refuses an unknown format', async () => {
    const c = await customer(k);
    const sf = await declare(k, c.token, 'sf1234567890123');
    expect(sf).toMatchObject({
      tracking_no: 'SF1234567890123',
      carrier: 'SF',
      carrier_name: 'SF Express',
      status: 'pending',
      goods_value: { amount_minor: 12050, currency: 'RMB' },
      quantity: 2,
      mode: 'SEA',
      category: 'normal',
    });
    expect((await declare(k, c.token, 'YT1234567890123')).carrier).toBe('YTO');
    expect((await declare(k, c.token, 'JT1234567890123')).carrier).toBe('JT');
    expect((await declare(k, c.token, 'JDVA01234567890')).carrier).toBe('JD');
    expect((await declare(k, c.token, '773123456789012')).carrier).toBe('ZTO');
    const odd = await declare(k, c.token, 'XYZ-42');
    expect(odd.carrier).toBe('unknown');
    const zh = await k.t.call(
      P.createOrder,
      { tracking_no: 'ABC-99', goods_name: '衣服', goods_value: 5 },
      { token: c.token, lang: 'zh_CN' },
    );
    expect(zh.code).toBe(0);
    expect(zh.data.carrier_name).toBe('未知快递');
  });

  it('refuses a number declared by someone else, and a repeat of my own', async () => {
    const a = await customer(k);
    const b = await customer(k);
    await declare(k, a.token, 'SF1111111111111');
    const mine = await k.t.call(
      P.createOrder,
      { tracking_no: 'SF1111111111111', goods_name: 'Shoes', goods_value: 10 },
      { token: a.token },
    );
    expect(mine.code).toBe(Code.TRACKING_ALREADY_DECLARED);
    const theirs = await k.t.call(
      P.createOrder,
      { tracking_no: 'sf1111111111111', goods_name: 'Shoes', goods_value: 10 },
      { token: b.token },
    );
    expect(theirs.code).toBe(Code.TRACKING_TAKEN);
    expect(theirs.msg).toContain('declared by another customer');
  });

  it('checks every field with a clear message in the caller language', async () => {
    const c = await customer(k);
    const call = (input: Record<string, unknown>, lang: 'en' | 'zh_CN' = 'en') =>
      k.t.call(
        P.createOrder,
        { tracking_no: 'SF2222222222222', goods_name: 'Shoes', goods_value: '10', ...input },
        { token: c.token, lang },
      );
    expect((await call({ goods_name: 'Shoes 2' })).msg).toBe('The goods name must not contain digits or symbols');
    expect((await call({ goods_name: 'Shoes!' }, 'zh_CN')).msg).toBe('商品名称不能包含数字或符号');
    expect((await call({ goods_name: '' })).msg).toBe('Please enter the goods name');
    expect((await call({ goods_value: '0.99' })).msg).toBe('The goods value is too low (at least ¥1)');
    expect((await call({ goods_value: '1.234' })).msg).toBe('Please enter an amount with at most 2 decimals');
    expect((await call({ goods_value: '' })).msg).toBe('Please enter the goods cost');
    expect((await call({ tracking_no: '' })).msg).toBe('Please enter the tracking number');
    expect((await call({ tracking_no: 'SF 12' })).code).toBe(Code.VALIDATION);
    expect((await call({ quantity: 0 })).msg).toBe('The quantity must be at least 1');
    expect((await call({ category: 'weapons' })).code).toBe(Code.VALIDATION);
    expect((await call({ goods_value: '1' })).code).toBe(0);
    expect((await k.t.call(P.createOrder, { tracking_no: 'SF3', goods_name: 'A', goods_value: 1 })).code).toBe(Code.LOGIN_REQUIRED);
  });

  it('group shipping needs a group', async () => {
    const c = await customer(k);
    expect(
      (await k.t.call(P.createOrder, { tracking_no: 'SF4444', goods_name: 'Tea', goods_value: 9, mode: 'GROUP' }, { token: c.token })).code,
    ).toBe(Code.GROUP_REQUIRED);
    const member = await customer(k);
    await realGroup(k.t, (await customer(k)).id, [member.id]);
    expect((await declare(k, member.token, 'SF4445', { mode: 'GROUP' })).mode).toBe('GROUP');
  });

  it('gives the warehouse address with the customer ID marker', async () => {
    const c = await customer(k);
    const w = await ok(k.t.call(P.warehouseAddress, {}, { token: c.token }));
    expect(w.marker).toBe(c.account);
    expect(w.receiver).toContain(`(${c.account})`);
    expect(w.full_text).toContain(w.postcode);
  });
});

describe('lists, details, delete', () => {
  it('lists by category with counts, search and paging; deletes only while pending', async () => {
    const c = await customer(k);
    const s = await staff(k);
    for (let i = 0; i < 5; i++) await declare(k, c.token, `SF90000000000${i}`, { goods_name: i % 2 ? 'Shoes' : 'Books' });
    await scanIn(k, s, 'SF900000000000');
    const pending = await ok(k.t.call(P.getOrderList, { status: 'pending', page: 1, page_size: 2 }, { token: c.token }));
    expect(pending.total).toBe(4);
    expect(pending.list).toHaveLength(2);
    expect(pending.list[0].tracking_no).toBe('SF900000000004');
    expect(pending.counts).toEqual({ pending: 4, warehouse: 1, unpaid: 0, ship: 0, received: 0, return: 0 });
    const page2 = await ok(k.t.call(P.getOrderList, { status: 'pending', page: 2, page_size: 2 }, { token: c.token }));
    expect(page2.list.map((p: any) => p.tracking_no)).toEqual(['SF900000000002', 'SF900000000001']);
    const shoes = await ok(k.t.call(P.getAllOrderList, { keyword: 'shoe' }, { token: c.token }));
    expect(shoes.total).toBe(2);
    const wh = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: c.token, method: 'GET' }));
    expect(wh.list[0]).toMatchObject({
      status: 'warehouse',
      weight_kg: '3.20',
      size: { length_cm: 40, width_cm: 30, height_cm: 20 },
      volume_cbm: '0.024',
      shelf: 'A-01-03',
    });
    // Photos are private: the owner gets a short-lived signed link to each.
    expect(wh.list[0].photos).toEqual([expect.stringMatching(/^\/files\/x\.jpg\?exp=\d+&sig=[0-9a-f]{64}$/)]);
    // Asked again, the kept page (its JSON written once) still carries signed links, not the stored references.
    const again = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: c.token, method: 'GET' }));
    expect(again.list.map((x: any) => x.id)).toEqual(wh.list.map((x: any) => x.id));
    expect(again.list[0].photos).toEqual([expect.stringMatching(/^\/files\/x\.jpg\?exp=\d+&sig=[0-9a-f]{64}$/)]);

    const detail = await ok(k.t.call(P.getOrderDetail, { id: wh.list[0].id }, { token: c.token }));
    expect(detail.history.map((h: any) => h.event)).toEqual(['declared', 'courier', 'inbound']);
    expect(detail.history[2].text).toBe('Arrived at the warehouse and shelved');
    // The courier event names the carrier in words, never its code.
    expect(detail.history[1].note).toBe('SF Express');

    expect((await k.t.call(P.deleteOrder, { id: wh.list[0].id }, { token: c.token })).code).toBe(Code.PARCEL_NOT_PENDING);
    await ok(k.t.call(P.deleteOrder, { id: pending.list[0].id }, { token: c.token }));
    expect((await ok(k.t.call(P.getOrderList, { status: 'pending' }, { token: c.token }))).total).toBe(3);
    // A deleted declaration frees the number.
    await declare(k, c.token, 'SF900000000004');
  });

  it("never shows or acts on another customer's parcel", async () => {
    const a = await customer(k);
    const b = await customer(k);
    const p = await declare(k, a.token, 'SF5555555555555');
    expect((await k.t.call(P.getOrderDetail, { id: p.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.GetRecordOrderDetail, { id: p.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.deleteOrder, { id: p.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.EditHM, { id: p.id, goods_name: 'Hats' }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'SEA' }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect(
      (await k.t.call(P.orderApplyReturn, { parcel_ids: [p.id], consignee: 'X', phone: '13800138000', address: 'Y' }, { token: b.token }))
        .code,
    ).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.queryLogistics, { tracking_no: 'SF5555555555555' }, { token: b.token })).data.has_info).toBe(false);
    expect((await ok(k.t.call(P.getAllOrderList, {}, { token: b.token }))).total).toBe(0);
  });

  it('terminal and staff calls need a staff session', async () => {
    const c = await customer(k);
    expect(
      (
        await k.t.call(
          P.scannedInbound,
          { tracking_no: 'SF1', weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1, shelf: 'A' },
          { token: c.token },
        )
      ).code,
    ).toBe(Code.FORBIDDEN);
    expect((await k.t.call(P.packingSelectUser, {}, { token: c.token })).code).toBe(Code.FORBIDDEN);
    expect((await k.t.call(A.adminParcelList, {}, { token: c.token })).code).toBe(Code.FORBIDDEN);
    expect(
      (
        await k.t.call(
          A.adminPackMeasure,
          { pack_id: 1, pieces: [{ weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1 }] },
          { token: c.token },
        )
      ).code,
    ).toBe(Code.FORBIDDEN);
  });
});

describe('the whole flow', () => {
  it('declare → scan in → apply to pack → pack & measure → bill → pay → batch stages → delivered → confirm receipt', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const p1 = await declare(k, c.token, 'SF1000000000001', { goods_value: '200' });
    const p2 = await declare(k, c.token, 'YT1000000000002', { goods_value: '332', category: 'sensitive' });

    // Packing a parcel that has not arrived is refused.
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [p1.id], mode: 'SEA' }, { token: c.token })).code).toBe(
      Code.PARCEL_NOT_IN_WAREHOUSE,
    );

    const scanned = await scanIn(k, s, 'SF1000000000001');
    expect(scanned).toMatchObject({ matched: true, unclaimed_id: null, parcel: { id: p1.id, status: 'warehouse' } });
    await scanIn(k, s, 'YT1000000000002', { weight_kg: 2 });
    expect((await ok(k.t.call(P.applyPackList, {}, { token: c.token }))).list.map((p: any) => p.id).sort()).toEqual([p1.id, p2.id].sort());

    const check = await ok(k.t.call(P.checkApplyPack, { parcel_ids: `${p1.id},${p2.id}`, mode: 'SEA' }, { token: c.token }));
    expect(check).toMatchObject({
      has_default_address: false,
      address: null,
      first_pack_date: addDays(chinaDate(new Date()), 1),
      total_weight_kg: '5.20',
    });
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [p1.id, p2.id], mode: 'SEA' }, { token: c.token })).code).toBe(
      Code.DEFAULT_ADDRESS_REQUIRED,
    );
    await addAddress(k, c.id);

    const today = chinaDate(new Date());
    const tooEarly = await k.t.call(P.orderApplyPack, { parcel_ids: [p1.id, p2.id], mode: 'SEA', pack_date: today }, { token: c.token });
    expect(tooEarly.code).toBe(Code.PACK_DATE_TOO_EARLY);
    expect(tooEarly.msg).toBe(`The packing date cannot be before ${addDays(today, 1)}`);
    await ok(k.t.call(A.adminHolidaySave, { date: addDays(today, 2), reason: 'National Day' }, { token: s }));
    expect(
      (await k.t.call(P.orderApplyPack, { parcel_ids: [p1.id, p2.id], mode: 'SEA', pack_date: addDays(today, 2) }, { token: c.token }))
        .code,
    ).toBe(Code.PACK_DATE_HOLIDAY);

    const pack = await ok(
      k.t.call(
        P.orderApplyPack,
        { parcel_ids: [p1.id, p2.id], mode: 'SEA', pack_date: addDays(today, 3), is_cut: 1, remark: 'fragile' },
        { token: c.token },
      ),
    );
    expect(pack).toMatchObject({
      status: 'applied',
      parcel_count: 2,
      pack_date: addDays(today, 3),
      is_cut: true,
      address: { receiver: 'Tan Ah Kow', postcode: '520201' },
      amount: null,
    });
    expect(pack.pack_no).toMatch(/^PK\d{6}\d{6}$/);
    // Parcels in a pack cannot go into another.
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [p1.id], mode: 'SEA' }, { token: c.token })).code).toBe(
      Code.PARCEL_NOT_IN_WAREHOUSE,
    );
    const dates = await ok(k.t.call(P.getPackDateList, {}, { token: c.token }));
    expect(dates.appointments.map((a: any) => a.id)).toEqual([pack.id]);
    expect(dates.dates.find((d: any) => d.date === addDays(today, 2))).toEqual({
      date: addDays(today, 2),
      available: false,
      reason: 'National Day',
    });

    // The packing station.
    const users = await ok(k.t.call(P.packingSelectUser, { keyword: c.account }, { token: s }));
    expect(users.list).toEqual([
      { user_id: c.id, user_account: c.account, nickname: expect.any(String), pack_count: 1, earliest_pack_date: addDays(today, 3) },
    ]);
    const station = await ok(k.t.call(P.packingSelectPacking, { user_id: c.id }, { token: s }));
    expect(station.list[0].parcels.map((p: any) => p.shelf)).toEqual(['A-01-03', 'A-01-03']);

    // Pack & measure issues the bill from the pricing engine; the sensitive parcel makes the pack sensitive.
    const piece = { weight_kg: 5.2, length_cm: 60, width_cm: 40, height_cm: 40 };
    const measured = await ok(k.t.call(A.adminPackMeasure, { pack_id: pack.id, pieces: [piece] }, { token: s }));
    const freight = await ok(
      k.t.call(P.getFreight, { mode: 'SEA', category: 'sensitive', pieces: [piece], is_cut: 1, goods_value: '532' }, { token: c.token }),
    );
    expect(measured.status).toBe('packed');
    expect(measured.amount).toEqual(freight.total);
    expect(measured.quote_lines.map((l: any) => l.amount.amount_minor)).toEqual(freight.lines.map((l: any) => l.amount.amount_minor));
    expect(measured).toMatchObject({
      weight_kg: '5.20',
      volume_cbm: '0.096',
      pieces: [{ weight_kg: '5.20', length_cm: 60, width_cm: 40, height_cm: 40 }],
    });
    const freightOnly = freight.lines.filter((l: any) => l.code !== 'gst').reduce((s: number, l: any) => s + l.amount.amount_minor, 0);
    const gst = Math.floor(((10_000 + freightOnly) * 900 * 2 + 10_000) / 20_000);
    expect(freight.gst).toMatchObject({ declared_value_sgd: { amount_minor: 10000, currency: 'SGD' }, estimate: { amount_minor: gst } });
    const bill = k.billing.bills.get(measured.bill_id)!;
    expect(bill).toMatchObject({
      userId: c.id,
      kind: 'pack',
      refId: pack.id,
      currency: 'SGD',
      amountMinor: measured.amount.amount_minor,
      status: 'unpaid',
    });
    expect(bill.lines.map((l) => l.code)).toEqual(['sea_freight', 'repack', 'gst']);
    expect(k.billing.afterIssuedCalls).toEqual([bill.id]);
    expect((await ok(k.t.call(P.getOrderList, { status: 'unpaid' }, { token: c.token }))).total).toBe(2);
    expect((await ok(k.t.call(P.waitEditOrder, {}, { token: c.token }))).unpaid_count).toBe(1);
    // Measuring again is refused.
    expect((await k.t.call(A.adminPackMeasure, { pack_id: pack.id, pieces: [piece] }, { token: s })).code).toBe(Code.PACK_STATE);
    expect((await k.t.call(P.cancelApplyPack, { pack_id: pack.id }, { token: c.token })).code).toBe(Code.PACK_STATE);

    // An unpaid pack cannot be put in a batch.
    const batch = await ok(
      k.t.call(A.adminBatchCreate, { mode: 'SEA', container: 'MSKU1234567', pack_date: today, unit_price: '160' }, { token: s }),
    );
    expect((await k.t.call(A.adminBatchAddPacks, { batch_id: batch.id, pack_ids: [pack.id] }, { token: s })).code).toBe(Code.PACK_STATE);

    // Payment through the wallet (test double) runs onPaid inside the payment transaction.
    await k.billing.pay(bill.id);
    const paid = await ok(k.t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }));
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect((await ok(k.t.call(P.getOrderList, { status: 'ship' }, { token: c.token }))).total).toBe(2);
    await expect(k.billing.pay(bill.id)).rejects.toThrow();

    const inBatch = await ok(k.t.call(A.adminBatchAddPacks, { batch_id: batch.id, pack_ids: [pack.id] }, { token: s }));
    expect(inBatch.pack_count).toBe(1);
    expect(inBatch.packs[0].owner.user_id).toBe(c.id);

    // Not yet at the door: cannot be signed for.
    expect((await k.t.call(P.siginOut, { pack_id: pack.id }, { token: c.token })).code).toBe(Code.PACK_STATE);
    const t0 = new Date('2026-01-05T02:00:00Z');
    await ok(k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: 'loading_customs', at: t0.toISOString() }, { token: s }));
    const shipped = await ok(k.t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }));
    expect(shipped).toMatchObject({ status: 'shipped', stage: 'loading_customs', batch_no: batch.batch_no });
    for (const st of ['dock', 'cn_cabinet_check', 'in_transit', 'container_arrival', 'sg_customs']) {
      await ok(k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: st }, { token: s }));
    }
    const back = await k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: 'dock' }, { token: s });
    expect(back.code).toBe(Code.STAGE_ORDER);
    expect(back.msg).toContain('Singapore customs clearance');
    expect((await k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: 'sg_customs' }, { token: s })).code).toBe(Code.STAGE_ORDER);
    // A batch that has left takes no more packs.
    expect((await k.t.call(A.adminBatchRemovePack, { batch_id: batch.id, pack_id: pack.id }, { token: s })).code).toBe(Code.BATCH_STATE);

    // Skipping the Singapore cabinet check is allowed; unpacking opens delivery-time confirmation.
    await ok(k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: 'unpacking_delivery', note: 'lorry 3' }, { token: s }));
    const dispatch = await ok(k.t.call(P.getDispatchInfo, {}, { token: c.token }));
    expect(dispatch.list.map((p: any) => [p.id, p.dispatch_status])).toEqual([[pack.id, 'waiting']]);
    expect(dispatch.slots).toHaveLength(3);
    expect(
      (await k.t.call(P.setUserDispatchStatus, { pack_id: pack.id, date: '2020-01-01', slot: '09:00-13:00' }, { token: c.token })).code,
    ).toBe(Code.DISPATCH_DATE_INVALID);
    const confirmed = await ok(
      k.t.call(P.setUserDispatchStatus, { pack_id: pack.id, date: dispatch.dates[1], slot: '13:00-18:00' }, { token: c.token }),
    );
    expect(confirmed).toMatchObject({ dispatch_status: 'confirmed', dispatch_date: dispatch.dates[1], dispatch_slot: '13:00-18:00' });

    await ok(k.t.call(A.adminBatchAdvance, { batch_id: batch.id, stage: 'delivered' }, { token: s }));
    const tracking = await ok(k.t.call(P.queryLogistics, { parcel_id: p1.id }, { token: c.token }));
    expect(tracking.has_info).toBe(true);
    expect(tracking.stage).toBe('delivered');
    expect(tracking.stages).toHaveLength(9);
    expect(tracking.stages[0]).toEqual({
      stage: 'loading_customs',
      text: 'Loading and customs declaration',
      done: true,
      at: t0.toISOString(),
    });
    expect(tracking.stages.find((x: any) => x.stage === 'sg_cabinet_check')).toMatchObject({ done: true, at: null });
    expect(tracking.events.map((e: any) => e.event)).toEqual(['declared', 'courier', 'inbound', 'pack_applied', 'packed', 'paid']);
    const byPackNo = await ok(k.t.call(P.queryLogistics, { tracking_no: pack.pack_no }, { token: c.token, lang: 'zh_CN' }));
    expect(byPackNo.stages[3].text).toBe('船运中');
    // By pack: the same whole history (courier, warehouse, then the stages) as by parcel.
    const byPack = await ok(k.t.call(P.queryLogistics, { pack_id: pack.id }, { token: c.token }));
    expect(byPack.has_info).toBe(true);
    expect(byPack.events.map((e: any) => e.event)).toEqual(expect.arrayContaining(['courier', 'inbound', 'packed']));
    expect(byPack.stages).toEqual(tracking.stages);

    const batches = await ok(k.t.call(P.getPackList, {}, { token: c.token }));
    expect(batches.list[0]).toMatchObject({
      batch_no: batch.batch_no,
      container: 'MSKU1234567',
      status: 'delivered',
      stage: 'delivered',
      pack_count: 1,
      total_volume_cbm: '0.096',
      unit_price: { amount_minor: 16000, currency: 'SGD' },
    });
    const inIt = await ok(k.t.call(P.getPackOrderList, { batch_id: batch.id }, { token: c.token }));
    expect(inIt.list.map((p: any) => p.id)).toEqual([pack.id]);

    const signed = await ok(k.t.call(P.siginOut, { pack_id: pack.id }, { token: c.token }));
    expect(signed.status).toBe('received');
    expect((await ok(k.t.call(P.getOrderList, { status: 'received' }, { token: c.token }))).total).toBe(2);
    expect((await ok(k.t.call(P.GetRecordOrderList, {}, { token: c.token }))).total).toBe(2);
    expect((await k.t.call(P.siginOut, { pack_id: pack.id }, { token: c.token })).code).toBe(Code.PACK_STATE);
  });

  it('auto-pay (afterIssued) moves the pack to paid right after measuring', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    k.billing.autoPayUsers.add(c.id);
    const { pack } = await packedPack(k, s, c.token);
    expect(pack.status).toBe('paid');
  });
});

describe('illegal pack transitions and other customers', () => {
  it('cancelling a packed pack cancels its bill; paying it afterwards is refused by onPaid', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const { ids, pack } = await packedPack(k, s, c.token);
    await ok(k.t.call(P.cancelPack, { pack_id: pack.id }, { token: c.token }));
    const bill = k.billing.bills.get(pack.bill_id)!;
    expect(bill.status).toBe('cancelled');
    await expect(k.billing.pay(bill.id)).rejects.toThrow();
    // Even if a stale bill were paid, the pack refuses it and nothing changes.
    bill.status = 'unpaid';
    await expect(k.billing.pay(bill.id)).rejects.toMatchObject({ name: 'PACK_STATE' });
    expect((await ok(k.t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }))).status).toBe('cancelled');
    const back = await ok(k.t.call(P.getOrderList, { status: 'warehouse' }, { token: c.token }));
    expect(back.list.map((p: any) => p.id).sort()).toEqual([...ids].sort());
    expect(back.list.every((p: any) => p.pack_id === null)).toBe(true);
    expect((await k.t.call(P.cancelPack, { pack_id: pack.id }, { token: c.token })).code).toBe(Code.PACK_STATE);
    // The parcels can be packed again.
    await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'AIR' }, { token: c.token }));
  });

  it('a paid pack cannot be cancelled; a request can, and batchSetIsCut works only before packing', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const { pack } = await packedPack(k, s, c.token);
    await k.billing.pay(pack.bill_id);
    const refused = await k.t.call(P.cancelPack, { pack_id: pack.id }, { token: c.token });
    expect(refused.code).toBe(Code.PACK_STATE);
    expect(refused.msg).toBe('This pack is paid and cannot be cancelled');
    expect((await k.t.call(P.batchSetIsCut, { pack_ids: [pack.id], is_cut: 1 }, { token: c.token })).code).toBe(Code.PACK_STATE);

    const ids = await parcelsInWarehouse(k, s, c.token, 1, 'ZZ');
    const req = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'SEA' }, { token: c.token }));
    expect((await ok(k.t.call(P.batchSetIsCut, { pack_ids: [req.id], is_cut: 'true' }, { token: c.token }))).updated).toBe(1);
    expect((await ok(k.t.call(P.orderApplyPackDetail, { pack_id: req.id }, { token: c.token }))).is_cut).toBe(true);
    await ok(k.t.call(P.cancelApplyPack, { pack_id: req.id }, { token: c.token }));
    expect((await ok(k.t.call(P.getOrderDetail, { id: ids[0] }, { token: c.token }))).history.map((h: any) => h.event)).toContain(
      'pack_cancelled',
    );
    expect((await ok(k.t.call(P.getUserPackList, { status: 'cancelled' }, { token: c.token }))).total).toBe(1);
  });

  it("a customer never sees or acts on another's pack", async () => {
    const a = await customer(k, { address: true });
    const b = await customer(k, { address: true });
    const s = await staff(k);
    const { pack } = await packedPack(k, s, a.token);
    for (const def of [
      P.getUserPackDetail,
      P.orderApplyPackDetail,
      P.getPackOrderDetail,
      P.cancelPack,
      P.cancelApplyPack,
      P.siginOut,
      P.getInvoice,
    ]) {
      const r = await k.t.call(def as typeof P.cancelPack, { pack_id: pack.id }, { token: b.token });
      expect(r.code, def.path).toBe(Code.OBJECT_NOT_FOUND);
    }
    expect((await k.t.call(P.batchSetIsCut, { pack_ids: [pack.id], is_cut: 1 }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.queryLogistics, { pack_id: pack.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await ok(k.t.call(P.getUserPackList, {}, { token: b.token }))).total).toBe(0);
    expect((await ok(k.t.call(P.getUserPackNoList, {}, { token: a.token }))).list.map((p: any) => p.id)).toEqual([pack.id]);
  });

  it('staff build a batch: add paid packs of its mode only, take one out while open, see details', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const { pack: one } = await packedPack(k, s, c.token, 1);
    const { pack: two } = await packedPack(k, s, c.token, 1);
    await k.billing.pay(one.bill_id);
    await k.billing.pay(two.bill_id);
    const air = await ok(k.t.call(A.adminBatchCreate, { mode: 'AIR', pack_date: chinaDate(new Date()) }, { token: s }));
    // The refusal names its reason: the pack's mode, not "this pack is paid".
    const wrongMode = await k.t.call(A.adminBatchAddPacks, { batch_id: air.id, pack_ids: [one.id] }, { token: s });
    expect(wrongMode.code).toBe(Code.PACK_MODE_MISMATCH);
    expect(wrongMode.msg).toBe(`Pack ${one.pack_no} ships by sea, this batch by air: it cannot go in this batch`);
    const sea = await ok(k.t.call(A.adminBatchCreate, { mode: 'SEA', pack_date: chinaDate(new Date()), container: 'C1' }, { token: s }));
    expect(sea.batch_no).toMatch(/^S\d{6}\d{4}$/);
    await ok(k.t.call(A.adminBatchAddPacks, { batch_id: sea.id, pack_ids: [one.id, two.id] }, { token: s }));
    const removed = await ok(k.t.call(A.adminBatchRemovePack, { batch_id: sea.id, pack_id: two.id }, { token: s }));
    expect(removed.packs.map((p: any) => p.id)).toEqual([one.id]);
    expect(removed.total_amount).toEqual(one.amount);
    await ok(k.t.call(A.adminBatchAdvance, { batch_id: sea.id, stage: 'dock', note: 'Nansha' }, { token: s }));
    const detail = await ok(k.t.call(A.adminBatchDetail, { batch_id: sea.id }, { token: s }));
    expect(detail).toMatchObject({ status: 'shipping', stage: 'dock', pack_count: 1 });
    expect(detail.stages).toEqual([{ stage: 'dock', text: 'At the dock', note: 'Nansha', at: expect.any(String) }]);
    expect(detail.packs[0]).toMatchObject({ id: one.id, status: 'shipped', stage: 'dock' });
    expect((await ok(k.t.call(A.adminBatchList, { status: 'shipping' }, { token: s }))).list.map((b: any) => b.id)).toEqual([sea.id]);
    // The pack taken out is still paid and free for another batch.
    expect((await ok(k.t.call(P.getPackOrderDetail, { pack_id: two.id }, { token: c.token }))).status).toBe('paid');
    expect((await k.t.call(P.getPackOrderList, { batch_id: air.id }, { token: c.token })).code).toBe(Code.OBJECT_NOT_FOUND);
  });

  it('staff lists and details', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const { pack } = await packedPack(k, s, c.token);
    const parcels = await ok(k.t.call(A.adminParcelList, { status: 'unpaid', user_id: c.id }, { token: s }));
    expect(parcels.total).toBe(2);
    expect(parcels.list[0].owner).toEqual({ user_id: c.id, user_account: c.account });
    expect(parcels.list[0].pack_no).toBe(pack.pack_no);
    // The customer's category list joins the pack number in its one statement; a search reads it separately.
    const mine = await ok(k.t.call(P.getOrderList, { status: 'unpaid', page: 1, page_size: 20 }, { token: c.token }));
    expect(mine.list.map((x: { pack_no: string | null }) => x.pack_no)).toEqual([pack.pack_no, pack.pack_no]);
    expect(mine.total).toBe(2);
    const searched = await ok(
      k.t.call(P.getAllOrderList, { keyword: parcels.list[0].tracking_no, page: 1, page_size: 20 }, { token: c.token }),
    );
    expect(searched.list.map((x: { pack_no: string | null }) => x.pack_no)).toEqual([pack.pack_no]);
    const detail = await ok(k.t.call(A.adminParcelDetail, { id: parcels.list[0].id }, { token: s }));
    expect(detail.pack.id).toBe(pack.id);
    const packs = await ok(k.t.call(A.adminPackList, { status: 'packed', keyword: pack.pack_no.slice(-6) }, { token: s }));
    expect(packs.list.map((p: any) => p.id)).toEqual([pack.id]);
    expect((await ok(k.t.call(A.adminPackDetail, { pack_id: pack.id }, { token: s }))).parcels).toHaveLength(2);
    expect((await ok(k.t.call(A.adminBatchList, {}, { token: s }))).total).toBe(0);
    expect((await k.t.call(A.adminPackDetail, { pack_id: 99999 }, { token: s })).code).toBe(Code.OBJECT_NOT_FOUND);
  });
});

describe('waybills', () => {
  it('serves a PDF waybill with a Code 128 barcode through a signed, expiring link', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const ids = await parcelsInWarehouse(k, s, c.token, 1);
    const req = await ok(k.t.call(P.orderApplyPack, { parcel_ids: ids, mode: 'SEA' }, { token: c.token }));
    expect((await k.t.call(P.getInvoice, { pack_id: req.id }, { token: c.token })).code).toBe(Code.WAYBILL_NOT_READY);
    await ok(
      k.t.call(
        A.adminPackMeasure,
        { pack_id: req.id, pieces: [{ weight_kg: 2, length_cm: 30, width_cm: 30, height_cm: 30 }] },
        { token: s },
      ),
    );
    const link = await ok(k.t.call(P.getInvoice, { pack_id: req.id }, { token: c.token }));
    expect(link.pack_no).toBe(req.pack_no);
    const res = await k.t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The request-signing secret is public (every browser has it): a link signed with it is refused.
    const exp = Number(new URL(link.url, 'http://x').searchParams.get('exp'));
    const forged = `/api/files/waybill/${req.id}.pdf?u=${c.id}&exp=${exp}&sig=${waybillSignature(TEST_SECRET, req.id, c.id, exp)}`;
    expect((await k.t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // Change the signature's first character to a different one (replacing it with a fixed '0' is a no-op when it already is one).
    const tampered = await k.t.app.inject({
      method: 'GET',
      url: link.url.replace(/sig=(.)/, (_m: string, ch: string) => `sig=${ch === '0' ? '1' : '0'}`),
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe(Code.LINK_EXPIRED);
    const template = await k.t.app.inject({ method: 'GET', url: '/api/files/batch-template.xlsx' });
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
  });
});

describe('contract coverage', () => {
  it('every parcels call of the API catalogue exists in the contract', async () => {
    const names = Object.values(contract.parcels).map((d) => d.path);
    for (const path of [
      '/terminal/packingSelectUser',
      '/terminal/packingSelectPacking',
      '/terminal/scannedInbound',
      '/api/applet/siginOut',
      '/api/applet/getIsLowCostList',
      '/api/applet/EditHZAndHM',
    ]) {
      expect(names).toContain(path);
    }
  });
});
