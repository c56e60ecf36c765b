import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Code, rateCardPrices } from '@pinyou/contract';
import {
  A,
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
  upload,
  type Kit,
} from './parcels.test-kit.ts';
import { addDays, chinaDate, singaporeDate } from './dates.ts';
import { buildTemplate } from './batch-declaration.service.ts';
import { seedDemo } from '../../seed/demo.ts';
import { findUserByAccount } from '../account/account.repository.ts';
import { rateCardForm } from '../../test/fixtures.ts';

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

const returnTo = { consignee: 'Wang Fang', phone: '13800138000', address: '广州市天河区体育西路1号', postcode: '510000' };

describe('returns', () => {
  it('apply → under review → pay (¥30 + ¥10 per further piece) → paid → sent; not cancellable once sent', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const ids = await parcelsInWarehouse(k, s, c.token, 3);
    const missing = await k.t.call(P.orderApplyReturn, { parcel_ids: ids, phone: '13800138000', address: 'x' }, { token: c.token });
    expect(missing.msg).toBe('Consignee is required');
    expect(
      (await k.t.call(P.orderApplyReturn, { parcel_ids: ids, consignee: ' ', phone: '13800138000', address: 'x' }, { token: c.token })).msg,
    ).toBe('Please enter the consignee');
    expect((await k.t.call(P.orderApplyReturn, { parcel_ids: ids, consignee: 'W', phone: '', address: 'x' }, { token: c.token })).msg).toBe(
      "Please enter the consignee's phone",
    );
    expect(
      (
        await k.t.call(
          P.orderApplyReturn,
          { parcel_ids: ids, consignee: 'W', phone: '13800138000', address: '' },
          { token: c.token, lang: 'zh_CN' },
        )
      ).msg,
    ).toBe('请输入退货地址');
    expect((await k.t.call(P.orderApplyReturn, { parcel_ids: [], ...returnTo }, { token: c.token })).msg).toBe(
      'Please choose at least one parcel',
    );

    const r = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: ids, ...returnTo }, { token: c.token }));
    expect(r).toMatchObject({ status: 'review', fee: { amount_minor: 5000, currency: 'RMB' }, bill_id: null });
    expect((await ok(k.t.call(P.getOrderList, { status: 'return' }, { token: c.token }))).total).toBe(3);
    // Parcels being returned cannot be packed.
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [ids[0]], mode: 'SEA' }, { token: c.token })).code).toBe(
      Code.PARCEL_NOT_IN_WAREHOUSE,
    );
    expect((await k.t.call(P.orderReturnPay, { return_id: r.id }, { token: c.token })).code).toBe(Code.RETURN_STATE);

    const approved = await ok(k.t.call(A.adminReturnReview, { return_id: r.id, approve: 1 }, { token: s }));
    expect(approved.status).toBe('pay');
    const bill = k.billing.bills.get(approved.bill_id)!;
    expect(bill).toMatchObject({ kind: 'return', currency: 'RMB', amountMinor: 5000, refId: r.id, userId: c.id });
    expect((await k.t.call(A.adminReturnReview, { return_id: r.id, approve: 1 }, { token: s })).code).toBe(Code.RETURN_STATE);
    expect((await k.t.call(A.adminReturnSent, { return_id: r.id, courier_no: 'SF9' }, { token: s })).code).toBe(Code.RETURN_STATE);

    const payInfo = await ok(k.t.call(P.orderReturnPay, { return_id: r.id }, { token: c.token }));
    expect(payInfo).toMatchObject({ status: 'pay', bill_id: bill.id });
    await k.billing.pay(bill.id);
    expect((await ok(k.t.call(P.getReturnList, {}, { token: c.token }))).list[0].status).toBe('paid');
    const sent = await ok(k.t.call(A.adminReturnSent, { return_id: r.id, courier_no: 'SF8888' }, { token: s }));
    expect(sent).toMatchObject({ status: 'sent', courier_no: 'SF8888' });
    const late = await k.t.call(P.cancelApplyReturn, { return_id: r.id }, { token: c.token });
    expect(late.code).toBe(Code.RETURN_STATE);
    expect(late.msg).toBe('This return is sent and cannot be cancelled');
    expect((await ok(k.t.call(P.getOrderDetail, { id: ids[0] }, { token: c.token }))).history.map((h: any) => h.event).slice(-3)).toEqual([
      'return_applied',
      'return_paid',
      'return_sent',
    ]);
    expect((await ok(k.t.call(P.GetRecordOrderList, {}, { token: c.token }))).total).toBe(3);
    expect((await ok(k.t.call(A.adminReturnList, { status: 'sent' }, { token: s }))).list[0].owner.user_id).toBe(c.id);
  });

  it('is free for leaders, charges ¥30 for one piece, and can be cancelled (unpaid bill cancelled, paid bill refunded) or rejected', async () => {
    const leader = await customer(k, { leader: true });
    const s = await staff(k);
    const [lp] = await parcelsInWarehouse(k, s, leader.token, 1, 'LD');
    const free = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: [lp], ...returnTo }, { token: leader.token }));
    expect(free.fee.amount_minor).toBe(0);
    expect((await ok(k.t.call(A.adminReturnReview, { return_id: free.id, approve: true }, { token: s }))).status).toBe('paid');

    const c = await customer(k);
    const [a, b, d] = await parcelsInWarehouse(k, s, c.token, 3, 'CU');
    const one = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: [a], ...returnTo, postcode: '' }, { token: c.token }));
    expect(one.fee.amount_minor).toBe(3000);
    await ok(k.t.call(P.cancelApplyReturn, { return_id: one.id }, { token: c.token }));
    expect((await ok(k.t.call(P.getOrderDetail, { id: a }, { token: c.token }))).status).toBe('warehouse');

    const two = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: [b], ...returnTo }, { token: c.token }));
    const approved = await ok(k.t.call(A.adminReturnReview, { return_id: two.id, approve: true }, { token: s }));
    await ok(k.t.call(P.cancelApplyReturn, { return_id: two.id }, { token: c.token }));
    expect(k.billing.bills.get(approved.bill_id)!.status).toBe('cancelled');
    // Paying the cancelled return's fee is refused.
    await expect(k.billing.pay(approved.bill_id)).rejects.toThrow();

    const three = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: [d], ...returnTo }, { token: c.token }));
    const billed = await ok(k.t.call(A.adminReturnReview, { return_id: three.id, approve: true }, { token: s }));
    await k.billing.pay(billed.bill_id);
    const cancelled = await ok(k.t.call(P.cancelApplyReturn, { return_id: three.id }, { token: c.token }));
    expect(cancelled.status).toBe('cancelled');
    expect(k.billing.bills.get(billed.bill_id)!.status).toBe('refunded');

    const four = await ok(k.t.call(P.orderApplyReturn, { parcel_ids: [d], ...returnTo }, { token: c.token }));
    const rejected = await ok(k.t.call(A.adminReturnReview, { return_id: four.id, approve: false, reason: 'opened goods' }, { token: s }));
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'opened goods' });
    expect((await ok(k.t.call(P.getOrderDetail, { id: d }, { token: c.token }))).status).toBe('warehouse');

    const other = await customer(k);
    expect((await k.t.call(P.cancelApplyReturn, { return_id: four.id }, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.orderReturnPay, { return_id: four.id }, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
  });

  it('refuses returns of parcels not in the warehouse', async () => {
    const c = await customer(k);
    const p = await declare(k, c.token, 'SF7777777');
    const r = await k.t.call(P.orderApplyReturn, { parcel_ids: [p.id], ...returnTo }, { token: c.token });
    expect(r.code).toBe(Code.PARCEL_NOT_IN_WAREHOUSE);
    expect(r.msg).toContain('SF7777777');
  });
});

describe('low-value parcels and unclaimed parcels', () => {
  it('an undeclared arrival is shown masked, claimed by its whole number, confirmed by staff, then supplemented', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const scanned = await scanIn(k, s, 'YT9876543210987', { weight_kg: 45, length_cm: 100, width_cm: 80, height_cm: 60 });
    expect(scanned).toMatchObject({ matched: false, parcel: null });
    const list = await ok(k.t.call(P.showLargeCargo, {}, { token: c.token }));
    expect(list.list[0]).toMatchObject({
      id: scanned.unclaimed_id,
      tracking_no_masked: 'YT9*********987',
      weight_kg: '45.00',
      volume_cbm: '0.480',
      status: 'unclaimed',
      claimed_by_me: false,
    });
    expect(JSON.stringify(list)).not.toContain('YT9876543210987');

    expect((await k.t.call(P.claimLargeCargo, { id: scanned.unclaimed_id, tracking_no: 'YT9876543210988' }, { token: c.token })).code).toBe(
      Code.CLAIM_MISMATCH,
    );
    const guesser = await customer(k);
    for (let i = 0; i < 10; i++)
      await k.t.call(P.claimLargeCargo, { id: scanned.unclaimed_id, tracking_no: `YT98765432109${10 + i}` }, { token: guesser.token });
    expect(
      (await k.t.call(P.claimLargeCargo, { id: scanned.unclaimed_id, tracking_no: 'YT9876543210987' }, { token: guesser.token })).code,
    ).toBe(Code.RATE_LIMITED);
    const claimed = await ok(k.t.call(P.claimLargeCargo, { id: scanned.unclaimed_id, tracking_no: 'yt9876543210987' }, { token: c.token }));
    expect(claimed).toMatchObject({ status: 'claimed', claimed_by_me: true });
    const other = await customer(k);
    expect(
      (await k.t.call(P.claimLargeCargo, { id: scanned.unclaimed_id, tracking_no: 'YT9876543210987' }, { token: other.token })).code,
    ).toBe(Code.CLAIM_STATE);

    const staffList = await ok(k.t.call(A.adminUnclaimedList, { status: 'claimed' }, { token: s }));
    expect(staffList.list[0]).toMatchObject({ tracking_no: 'YT9876543210987', claimant: { user_id: c.id } });
    const confirmed = await ok(k.t.call(A.adminUnclaimedConfirm, { id: scanned.unclaimed_id, approve: 1 }, { token: s }));
    expect(confirmed.status).toBe('confirmed');
    expect((await k.t.call(A.adminUnclaimedConfirm, { id: scanned.unclaimed_id, approve: 1 }, { token: s })).code).toBe(Code.CLAIM_STATE);

    // The claimed parcel lacks name and value: it is low-value, and cannot be packed until supplemented.
    const alerts = await ok(k.t.call(P.waitEditOrder, {}, { token: c.token }));
    expect(alerts.low_value_count).toBe(1);
    const low = await ok(k.t.call(P.getIsLowCostList, {}, { token: c.token }));
    expect(low.list[0]).toMatchObject({
      id: confirmed.parcel_id,
      status: 'warehouse',
      is_low_value: true,
      goods_name: '',
      goods_value: { amount_minor: 0 },
    });
    const blocked = await k.t.call(P.orderApplyPack, { parcel_ids: [confirmed.parcel_id], mode: 'SEA' }, { token: c.token });
    expect(blocked.code).toBe(Code.PARCEL_NEEDS_EDIT);

    const named = await ok(k.t.call(P.EditHM, { id: confirmed.parcel_id, goods_name: 'Sofa' }, { token: c.token }));
    expect(named.is_low_value).toBe(true);
    expect((await k.t.call(P.editHZ, { id: confirmed.parcel_id, goods_value: '0.5' }, { token: c.token })).msg).toBe(
      'The goods value is too low (at least ¥1)',
    );
    const valued = await ok(k.t.call(P.editHZ, { id: confirmed.parcel_id, goods_value: '1500' }, { token: c.token }));
    expect(valued).toMatchObject({ is_low_value: false, goods_name: 'Sofa', goods_value: { amount_minor: 150000 } });
    expect((await ok(k.t.call(P.getIsLowCostList, {}, { token: c.token }))).total).toBe(0);
    await ok(k.t.call(P.orderApplyPack, { parcel_ids: [confirmed.parcel_id], mode: 'SEA' }, { token: c.token }));
    expect((await k.t.call(P.EditHM, { id: confirmed.parcel_id, goods_name: 'Chair' }, { token: c.token })).code).toBe(Code.NOT_LOW_VALUE);
  });

  it('a declaration made after an unclaimed arrival matches it at once', async () => {
    const c = await customer(k);
    const s = await staff(k);
    await scanIn(k, s, 'SF3141592653589');
    const p = await declare(k, c.token, 'SF3141592653589');
    expect(p).toMatchObject({ status: 'warehouse', shelf: 'A-01-03', weight_kg: '3.20' });
    expect((await ok(k.t.call(P.showLargeCargo, {}, { token: c.token }))).total).toBe(0);
  });

  it('staff flag a value as too low; the customer must raise it at least to what staff asked, saved whole', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const [id] = await parcelsInWarehouse(k, s, c.token, 1);
    const flagged = await ok(k.t.call(A.adminFlagLowValue, { id, min_value: '500' }, { token: s }));
    expect(flagged).toMatchObject({ is_low_value: true, min_value: { amount_minor: 50000, currency: 'RMB' } });
    const low = await k.t.call(P.editHZ, { id, goods_value: '499.99' }, { token: c.token });
    expect(low.code).toBe(Code.GOODS_VALUE_TOO_LOW);
    expect(low.msg).toBe('The goods value is too low; it must be at least ¥500.00');
    const zh = await k.t.call(P.EditHZAndHM, { id, goods_name: 'Phone case', goods_value: '10' }, { token: c.token, lang: 'zh_CN' });
    expect(zh.msg).toBe('商品价值过低，至少为 ¥500.00');
    expect((await ok(k.t.call(P.getOrderDetail, { id }, { token: c.token }))).goods_name).toBe('Clothes');
    const fixed = await ok(k.t.call(P.EditHZAndHM, { id, goods_name: 'Phone case', goods_value: '520' }, { token: c.token }));
    expect(fixed).toMatchObject({ is_low_value: false, min_value: null, goods_name: 'Phone case', goods_value: { amount_minor: 52000 } });
    expect((await k.t.call(P.EditHM, { id, goods_name: 'Case 2' }, { token: c.token })).msg).toBe(
      'The goods name must not contain digits or symbols',
    );
  });
});

describe('freight calculator and rate cards', () => {
  it('prices sea and air line by line with the GST line, from the staff-editable rate cards', async () => {
    const sea = await ok(
      k.t.call(P.getFreight, { mode: 'SEA', weight_kg: 20, length_cm: 120, width_cm: 50, height_cm: 40, goods_value: '1064' }),
    );
    // Sea has no S$400 relief: 9% GST on S$200 goods + S$48 freight, in the total.
    expect(sea).toMatchObject({
      size_class: 'band1',
      billed_volume_cbm: '0.24',
      total: { amount_minor: 24 * 200 + 2232, currency: 'SGD' },
    });
    expect(sea.lines[0]).toMatchObject({
      code: 'sea_freight',
      label: 'Sea freight',
      detail: '0.24 cbm (big parcel under 0.4 cbm) × S$2.00 per 0.01 cbm',
    });
    expect(sea.gst).toMatchObject({
      declared_value: { amount_minor: 106400, currency: 'RMB' },
      declared_value_sgd: { amount_minor: 20000 },
      rate_percent: 9,
      estimate: { amount_minor: 2232 },
      cif: { amount_minor: 24_800 },
      basis: 'sea_no_relief',
    });
    expect(sea.lines.at(-1)).toMatchObject({ code: 'gst', label: 'GST 9%', amount: { amount_minor: 2232 } });

    const air = await ok(
      k.t.call(P.getFreight, { mode: 'AIR', pieces: [{ weight_kg: 5, length_cm: 50, width_cm: 40, height_cm: 30 }] }, { lang: 'zh_CN' }),
    );
    expect(air).toMatchObject({ size_class: 'air', chargeable_weight_kg: '10.00', total: { amount_minor: 1200 + 19 * 450 } });
    expect(air.lines[0].label).toBe('空运运费');

    const special = await ok(
      k.t.call(P.getFreight, { mode: 'SEA', category: 'special', weight_kg: 600, length_cm: 410, width_cm: 100, height_cm: 100 }),
    );
    expect(special.lines.map((l: any) => l.code)).toEqual(['sea_freight', 'oversize', 'special_clearance']);

    expect((await k.t.call(P.getFreight, { mode: 'SEA', weight_kg: 1 })).msg).toBe('Please enter the weight, length, width and height');
    expect(
      (await k.t.call(P.getFreight, { mode: 'AIR', category: 'special', weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1 })).code,
    ).toBe(Code.RATE_CARD_MISSING);

    const s = await staff(k);
    const cards = await ok(k.t.call(A.adminRateCardList, {}, { token: s }));
    const seaNormal = cards.list.find((c: any) => c.mode === 'SEA' && c.category === 'normal');
    const saved = await ok(k.t.call(A.adminRateCardSave, rateCardForm(seaNormal, { band1_per_step: 210 }), { token: s }));
    expect(saved.band1_per_step).toEqual({ amount_minor: 210, currency: 'SGD' });
    // Every price on the wire is one Money object; no flat *_minor field or decimal string is left.
    for (const k of rateCardPrices) expect(saved[k]).toEqual({ amount_minor: expect.any(Number), currency: 'SGD' });
    expect(Object.keys(saved).filter((key) => key.endsWith('_minor'))).toEqual([]);
    // A typed price keeps the amount rule: 3 decimals are refused with the rule's message.
    expect((await k.t.call(A.adminRateCardSave, { ...rateCardForm(seaNormal), repack: '1.234' }, { token: s })).code).not.toBe(0);
    const repriced = await ok(k.t.call(P.getFreight, { mode: 'SEA', weight_kg: 20, length_cm: 120, width_cm: 50, height_cm: 40 }));
    expect(repriced.total.amount_minor).toBe(24 * 210);
    const { id: _id, ...fresh } = rateCardForm(seaNormal);
    expect((await k.t.call(A.adminRateCardSave, fresh, { token: s })).code).toBe(Code.RATE_CARD_EXISTS);
    await ok(k.t.call(A.adminRateCardDelete, { id: seaNormal.id }, { token: s }));
    expect((await k.t.call(P.getFreight, { mode: 'SEA', weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1 })).code).toBe(
      Code.RATE_CARD_MISSING,
    );
    await ok(k.t.call(A.adminRateCardSave, fresh, { token: s }));
    expect((await k.t.call(A.adminRateCardDelete, { id: 99999 }, { token: s })).code).toBe(Code.OBJECT_NOT_FOUND);
  });
});

describe('batch declaration', () => {
  async function workbook(rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    ws.spliceRows(2, 1);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('declares good rows and fails a bad one with its reason', async () => {
    const c = await customer(k);
    const other = await customer(k);
    await declare(k, other.token, 'SF0000000000099');
    const data = await workbook([
      ['SF0000000000001', '衣服', 120.5, 2, 'normal', 'SEA', ''],
      ['SF0000000000002', 'Shoes 42', '80', 1, '', '', ''],
      ['YT0000000000003', 'Books', '35', '', 'sensitive', 'air', 'gift'],
      ['SF0000000000099', 'Books', '35', '', '', '', ''],
      [751234567890123, 'Tea', 0.5, 1, '', '', ''],
    ]);
    const res = await upload(k, P.batchCreateOrder.path, { name: 'mine.xlsx', type: xlsx, data }, c.token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ file_name: 'mine.xlsx', total: 5, completed: 2, failed: 3, waiting: 0 });
    const rows = res.data.rows;
    expect(rows.map((r: any) => r.status)).toEqual(['completed', 'failed', 'completed', 'failed', 'failed']);
    expect(rows[1].reason).toContain('The goods name must not contain digits or symbols');
    expect(rows[3].reason).toContain('declared by another customer');
    expect(rows[4]).toMatchObject({ tracking_no: '751234567890123' });
    expect(rows[4].reason).toContain('too low');
    expect(rows[0].row_no).toBe(2);
    const declared = await ok(k.t.call(P.getOrderList, { status: 'pending' }, { token: c.token }));
    expect(declared.list.map((p: any) => [p.tracking_no, p.mode, p.category])).toEqual([
      ['YT0000000000003', 'AIR', 'sensitive'],
      ['SF0000000000001', 'SEA', 'normal'],
    ]);

    const list = await ok(k.t.call(P.batchGetList, {}, { token: c.token }));
    expect(list.list[0]).toMatchObject({ id: res.data.id, completed: 2, failed: 3 });
    const failed = await ok(k.t.call(P.batchGetDetail, { id: res.data.id, status: 'failed' }, { token: c.token }));
    expect(failed.rows).toHaveLength(3);
    expect((await k.t.call(P.batchGetDetail, { id: res.data.id }, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
  });

  it('reads csv (with a BOM and Chinese headers) too', async () => {
    const c = await customer(k);
    const csv = '\uFEFF快递单号,商品名称,商品价值（元）,数量\r\nJT0000000000011,"Bags",12,1\r\n,,,\r\nJT0000000000012,Hats,,1\r\n';
    const res = await upload(k, P.batchCreateOrder.path, { name: 'list.csv', type: 'text/csv', data: Buffer.from(csv) }, c.token, 'zh_CN');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ total: 2, completed: 1, failed: 1 });
    expect(res.data.rows[1].reason).toContain('请输入商品价值');
  });

  it('refuses a bad file with a clear error and declares nothing', async () => {
    const c = await customer(k);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const bin = await upload(
      k,
      P.batchCreateOrder.path,
      { name: 'x.xlsx', type: xlsx, data: Buffer.concat([png, Buffer.alloc(32)]) },
      c.token,
    );
    expect(bin.code).toBe(Code.BATCH_FILE_INVALID);
    expect(bin.msg).toContain('neither an xlsx workbook nor a csv');
    const wrongHeader = await upload(
      k,
      P.batchCreateOrder.path,
      { name: 'x.csv', type: 'text/csv', data: Buffer.from('a,b,c\n1,2,3\n') },
      c.token,
    );
    expect(wrongHeader.code).toBe(Code.BATCH_FILE_INVALID);
    expect(wrongHeader.msg).toContain('Tracking number, Goods name, Goods value (RMB)');
    const brokenZip = await upload(
      k,
      P.batchCreateOrder.path,
      { name: 'x.xlsx', type: xlsx, data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]) },
      c.token,
    );
    expect(brokenZip.code).toBe(Code.BATCH_FILE_INVALID);
    const empty = await upload(
      k,
      P.batchCreateOrder.path,
      { name: 'x.csv', type: 'text/csv', data: Buffer.from('tracking_no,goods_name,goods_value\n') },
      c.token,
    );
    expect(empty.code).toBe(Code.BATCH_FILE_INVALID);
    const many = 'tracking_no,goods_name,goods_value\n' + Array.from({ length: 501 }, (_, i) => `SF${1000000 + i},Tea,5`).join('\n');
    expect((await upload(k, P.batchCreateOrder.path, { name: 'x.csv', type: 'text/csv', data: Buffer.from(many) }, c.token)).code).toBe(
      Code.BATCH_FILE_TOO_MANY_ROWS,
    );
    expect((await ok(k.t.call(P.batchGetList, {}, { token: c.token }))).total).toBe(0);
    expect((await ok(k.t.call(P.getAllOrderList, {}, { token: c.token }))).total).toBe(0);
  });
});

describe('holidays, appointments, door-to-door, invoices', () => {
  it('holidays CRUD shows in getVacation and blocks packing dates', async () => {
    const s = await staff(k);
    const c = await customer(k);
    const d = addDays(chinaDate(new Date()), 5);
    const h = await ok(k.t.call(A.adminHolidaySave, { date: d, reason: 'Spring Festival' }, { token: s }));
    expect((await k.t.call(A.adminHolidaySave, { date: d, reason: 'again' }, { token: s })).code).toBe(Code.HOLIDAY_EXISTS);
    expect((await k.t.call(A.adminHolidaySave, { date: '2026-02-30' }, { token: s })).msg).toBe('Date must be a real date (YYYY-MM-DD)');
    expect((await k.t.call(P.orderApplyPack, { parcel_ids: [1], mode: 'SEA', pack_date: '2026-13-01' }, { token: c.token })).code).toBe(
      Code.VALIDATION,
    );
    expect((await ok(k.t.call(P.getVacation, {}))).list).toEqual([{ id: h.id, date: d, reason: 'Spring Festival' }]);
    const dates = await ok(k.t.call(P.getPackDateList, {}, { token: c.token }));
    expect(dates.dates).toHaveLength(14);
    expect(dates.dates.filter((x: any) => !x.available).map((x: any) => x.date)).toEqual([d]);
    await ok(k.t.call(A.adminHolidaySave, { id: h.id, date: addDays(d, 1), reason: 'moved' }, { token: s }));
    expect((await ok(k.t.call(A.adminHolidayList, {}, { token: s }))).list[0].date).toBe(addDays(d, 1));
    await ok(k.t.call(A.adminHolidayDelete, { id: h.id }, { token: s }));
    expect((await ok(k.t.call(P.getVacation, {}))).list).toEqual([]);
    expect((await k.t.call(A.adminHolidayDelete, { id: h.id }, { token: s })).code).toBe(Code.OBJECT_NOT_FOUND);
  });

  it('books and cancels door-to-door service for a pack; invoices only for paid packs', async () => {
    const c = await customer(k, { address: true });
    const s = await staff(k);
    const { pack } = await packedPack(k, s, c.token, 1);
    const tomorrow = addDays(singaporeDate(new Date()), 1);
    expect(
      (
        await k.t.call(
          P.bookDoorService,
          { pack_id: pack.id, kind: 'delivery', date: singaporeDate(new Date()), slot: '09:00-13:00' },
          { token: c.token },
        )
      ).code,
    ).toBe(Code.DISPATCH_DATE_INVALID);
    const booked = await ok(
      k.t.call(
        P.bookDoorService,
        { pack_id: pack.id, kind: 'delivery', date: tomorrow, slot: '18:00-22:00', remark: 'call first' },
        { token: c.token },
      ),
    );
    expect(booked).toMatchObject({ pack_no: pack.pack_no, kind: 'delivery', status: 'booked', address: { postcode: '520201' } });
    expect((await ok(k.t.call(P.doorServiceList, {}, { token: c.token }))).list).toHaveLength(1);
    const other = await customer(k, { address: true });
    expect(
      (await k.t.call(P.bookDoorService, { pack_id: pack.id, kind: 'pickup', date: tomorrow, slot: '09:00-13:00' }, { token: other.token }))
        .code,
    ).toBe(Code.OBJECT_NOT_FOUND);
    expect((await k.t.call(P.cancelDoorService, { id: booked.id }, { token: other.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    await ok(k.t.call(P.cancelDoorService, { id: booked.id }, { token: c.token }));
    expect((await k.t.call(P.cancelDoorService, { id: booked.id }, { token: c.token })).code).toBe(Code.DOOR_SERVICE_STATE);
    expect((await k.t.call(A.adminDoorServiceDone, { id: booked.id }, { token: s })).code).toBe(Code.DOOR_SERVICE_STATE);
    const pickup = await ok(
      k.t.call(P.bookDoorService, { pack_id: pack.id, kind: 'pickup', date: tomorrow, slot: '09:00-13:00' }, { token: c.token }),
    );
    const staffDoors = await ok(k.t.call(A.adminDoorServiceList, { status: 'booked', date: tomorrow }, { token: s }));
    expect(staffDoors.list.map((d: any) => [d.id, d.owner.user_id])).toEqual([[pickup.id, c.id]]);
    expect((await ok(k.t.call(A.adminDoorServiceDone, { id: pickup.id }, { token: s }))).status).toBe('done');

    const invoice = { pack_ids: [pack.id], title: 'Tan Pte Ltd', email: 'tan@example.com' };
    expect((await k.t.call(P.applyInvoice, invoice, { token: c.token })).code).toBe(Code.INVOICE_NOT_PAID);
    await k.billing.pay(pack.bill_id);
    const inv = await ok(k.t.call(P.applyInvoice, invoice, { token: c.token }));
    expect(inv).toMatchObject({ status: 'requested', pack_nos: [pack.pack_no], total: pack.amount, title: 'Tan Pte Ltd' });
    const staffInvoices = await ok(k.t.call(A.adminInvoiceList, { status: 'requested' }, { token: s }));
    expect(staffInvoices.list[0]).toMatchObject({ id: inv.id, owner: { user_id: c.id }, pack_nos: [pack.pack_no] });
    expect((await ok(k.t.call(A.adminInvoiceIssued, { id: inv.id }, { token: s }))).status).toBe('issued');
    expect((await k.t.call(P.applyInvoice, { ...invoice, email: 'nope' }, { token: c.token })).msg).toBe(
      'Please enter a valid e-mail address',
    );
  });
});

describe('demo data', () => {
  it('gives the demo customer parcels in several states, a billed pack and a shipped one with stages', async () => {
    expect(await seedDemo(k.t.services, k.t.modules)).toBe(true);
    const demo = (await findUserByAccount(k.t.services.db, 'demo'))!;
    const session = await k.t.services.sessions.issueForUser(k.t.services.db, demo.id, 'user', { ip: '1', userAgent: '' });
    const counts = (await ok(k.t.call(P.getAllOrderList, {}, { token: session.token }))).counts;
    expect(counts).toMatchObject({ pending: 2, warehouse: 2, unpaid: 2, ship: 1 });
    const packs = (await ok(k.t.call(P.getUserPackList, {}, { token: session.token }))).list;
    expect(packs.map((p: any) => p.status).sort()).toEqual(['packed', 'shipped']);
    const shipped = packs.find((p: any) => p.status === 'shipped');
    const tracking = await ok(k.t.call(P.queryLogistics, { pack_id: shipped.id }, { token: session.token }));
    expect(tracking.stage).toBe('container_arrival');
    expect(tracking.stages.filter((x: any) => x.at).length).toBe(5);
    expect((await ok(k.t.call(P.getIsLowCostList, {}, { token: session.token }))).total).toBe(1);
    expect((await ok(k.t.call(P.showLargeCargo, {}, { token: session.token }))).total).toBe(1);
    expect((await findUserByAccount(k.t.services.db, 'demo'))!.isAutoPay).toBe(false);
  });
});
