/**
 * Issue 9: members of a group batch with a unit price are billed their volume × that price per cbm
 * (through the pricing engine, with its lines); a batch without one bills at the GROUP rate card;
 * setting the price re-prices unpaid bills and never paid ones.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, settingsInputOf } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';
import * as accountRepo from '../account/account.repository.ts';
import { topUp, key } from '../wallet/wallet.test-helpers.ts';
import { firstAllowedDate } from './pack-dates.ts';

const G = contract.groups;
const GA = contract.groupsAdmin;
const P = contract.parcels;
const PA = contract.parcelsAdmin;
const W = contract.wallet;

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

async function user() {
  seq++;
  const u = await accountRepo.insertUser(t.services.db, { userAccount: `up${seq}x${Date.now().toString(36)}`, nickname: `U${seq}` });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  await t.services.addresses.save(u.id, {
    receiver: 'Tan',
    phone: '81234567',
    district: 'Punggol',
    address: 'Blk 1',
    postcode: '820001',
    is_default: true,
  });
  return { id: u.id, token: s.token };
}

async function staff(role: 'leader_desk' | 'warehouse') {
  seq++;
  return staffLogin(t, role, `up${role}${seq}`);
}

/** An approved leader's group with one packing date (so it has a batch waiting for planning) and members. */
async function groupWithMembers(desk: string, n: number, postcode: string, name: string) {
  const leader = await user();
  const a = await ok(
    t.call(
      G.applyGroup,
      {
        leader_name: name,
        phone: '91234567',
        address: 'Blk 618 Punggol Drive',
        floor: '12',
        unit: '34',
        postcode,
        remark: '',
        rules_accepted: true,
      },
      { token: leader.token },
    ),
  );
  await ok(t.call(GA.adminReviewApplication, { id: a.id, approve: true }, { token: desk }));
  const g = await ok(t.call(G.groupDetail, {}, { token: leader.token }));
  await ok(t.call(G.setPackDate, { pattern: 'once', start_date: firstAllowedDate(new Date()) }, { token: leader.token }));
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await user();
    await ok(t.call(G.joinGroup, { group_id: g.id }, { token: m.token }));
    members.push(m);
  }
  const [batch] = (await ok(t.call(GA.adminGroupBatches, { group_id: g.id }, { token: desk }))).list;
  expect(batch.status).toBe('wait_plan');
  return { groupId: g.id as number, batch, members };
}

/** One declared, shelved GROUP parcel of the member, asked to be packed. */
async function applyPack(wh: string, token: string, insured = false) {
  const tracking = `UP${++seq}${Date.now().toString(36).toUpperCase()}`;
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
  return ok(t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'GROUP', insured: insured ? 1 : 0 }, { token }));
}

// 50 × 50 × 49.2 cm = 0.123 cbm, a small parcel: S$12.30 at S$100/cbm; the GROUP card says 13 × S$2.00.
const measure = (wh: string, packId: number, lang: 'en' | 'zh_CN' = 'en') =>
  ok(
    t.call(
      PA.adminPackMeasure,
      { pack_id: packId, pieces: [{ weight_kg: 10, length_cm: 50, width_cm: 50, height_cm: 49.2 }] },
      { token: wh, lang },
    ),
  );

const billOf = async (token: string, id: number) =>
  (await ok(t.call(W.getBillList, { page: 1, page_size: 50, status: 'all' }, { token }))).list.find((b: any) => b.id === id);

// Totals include Singapore GST by sea (no relief): 9% of the goods (¥120 = S$22.56) and the freight.
describe('group batch unit price (issue 9)', () => {
  it('a pack measured in a batch priced at plan is billed its volume × the unit price, with the line that explains it', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const { batch, members } = await groupWithMembers(desk, 1, '820618', 'LimAB12');
    const [m] = members;
    const pack = await applyPack(wh, m.token);
    // More than 2 decimals is refused; a typed amount becomes cents.
    const bad = await t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan', unit_price: '100.001' }, { token: desk });
    expect(bad.code).toBe(Code.VALIDATION);
    const planned = await ok(
      t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan', container: 'CTN-9', unit_price: '100' }, { token: desk }),
    );
    expect(planned.unit_price).toEqual({ amount_minor: 10000, currency: 'SGD' });
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'pack' }, { token: wh }));

    const measured = await measure(wh, pack.id);
    expect(measured.volume_cbm).toBe('0.123');
    expect(measured.amount).toEqual({ amount_minor: 1544, currency: 'SGD' });
    expect(measured.rate_text).toBe(`Group batch ${batch.batch_no} rate S$100.00/cbm`);
    expect(measured.quote_lines[0]).toEqual({
      code: 'group_batch_freight',
      label: 'Group batch freight',
      detail: 'Group batch rate S$100.00/cbm × 0.123 cbm',
      amount: { amount_minor: 1230, currency: 'SGD' },
    });
    expect(measured.quote_lines.map((l: any) => l.code)).toEqual(['group_batch_freight', 'gst']);
    const bill = await billOf(m.token, measured.bill_id);
    expect(bill).toMatchObject({ status: 'unpaid', amount: { amount_minor: 1544, currency: 'SGD' } });
    expect(bill.lines.map((l: any) => [l.code, l.amount.amount_minor])).toEqual([
      ['group_batch_freight', 1230],
      ['gst', 314],
    ]);
    // The customer sees the same lines in Chinese.
    const zh = await ok(t.call(P.orderApplyPackDetail, { pack_id: pack.id }, { token: m.token, lang: 'zh_CN' }));
    expect(zh.quote_lines[0].detail).toBe('拼邮批次单价 S$100.00/方 × 0.123 方');
    expect(zh.rate_text).toBe(`拼邮批次 ${batch.batch_no} 单价 S$100.00/方`);
    const view = await ok(t.call(GA.adminGroupBatchDetail, { batch_id: batch.id }, { token: desk }));
    expect(view.batch.total_amount).toEqual({ amount_minor: 1544, currency: 'SGD' });
  });

  it('a pack of a batch without a unit price still bills at the GROUP rate card', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const { batch, members } = await groupWithMembers(desk, 1, '520201', 'Other');
    const pack = await applyPack(wh, members[0].token);
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan' }, { token: desk }));
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'pack' }, { token: wh }));
    const measured = await measure(wh, pack.id);
    expect(measured.amount.amount_minor).toBe(13 * 200 + 437);
    expect(measured.quote_lines.map((l: any) => [l.code, l.amount.amount_minor])).toEqual([
      ['group_freight', 2600],
      ['gst', 437],
    ]);
  });

  it('setting the price at plan re-prices unpaid bills of packs measured before, and never a paid one', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const { batch, members } = await groupWithMembers(desk, 2, '820618', 'LimAB12');
    const [payer, waiter] = members;
    const paidPack = await applyPack(wh, payer.token);
    const unpaidPack = await applyPack(wh, waiter.token);
    // Measured before the batch is planned: the rate card.
    const a = await measure(wh, paidPack.id);
    const b = await measure(wh, unpaidPack.id);
    expect([a.amount.amount_minor, b.amount.amount_minor]).toEqual([3037, 3037]);
    await topUp(t, payer.id, 100_000);
    await ok(t.call(W.ordersPay, { bill_ids: [a.bill_id], idempotency_key: key() }, { token: payer.token }));

    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan', unit_price: 100 }, { token: desk }));

    // The paid bill and its pack are as they were.
    expect(await billOf(payer.token, a.bill_id)).toMatchObject({ status: 'paid', amount: { amount_minor: 3037, currency: 'SGD' } });
    const paidNow = await ok(t.call(PA.adminPackDetail, { pack_id: paidPack.id }, { token: wh }));
    expect(paidNow).toMatchObject({ status: 'paid', bill_id: a.bill_id, amount: { amount_minor: 3037 } });
    expect(paidNow.quote_lines[0].code).toBe('group_freight');
    // The unpaid one: its bill is replaced by one at the batch's price.
    const repriced = await ok(t.call(PA.adminPackDetail, { pack_id: unpaidPack.id }, { token: wh }));
    expect(repriced).toMatchObject({ status: 'packed', amount: { amount_minor: 1544 } });
    expect(repriced.bill_id).not.toBe(b.bill_id);
    expect(repriced.quote_lines.map((l: any) => [l.code, l.detail])[0]).toEqual([
      'group_batch_freight',
      'Group batch rate S$100.00/cbm × 0.123 cbm',
    ]);
    // The re-priced bill keeps the GST of the first pricing's exchange and GST rates.
    expect(repriced.quote_lines.map((l: any) => l.code)).toEqual(['group_batch_freight', 'gst']);
    expect(await billOf(waiter.token, b.bill_id)).toMatchObject({ status: 'cancelled', amount: { amount_minor: 3037, currency: 'SGD' } });
    expect(await billOf(waiter.token, repriced.bill_id)).toMatchObject({
      status: 'unpaid',
      amount: { amount_minor: 1544, currency: 'SGD' },
    });
    const parcel = await ok(t.call(P.getOrderDetail, { id: repriced.parcels[0].id }, { token: waiter.token }));
    expect(parcel.history.map((h: any) => h.event)).toContain('repriced');
    // The old bill can no longer be paid; the new one can.
    await topUp(t, waiter.id, 100_000);
    expect((await t.call(W.ordersPay, { bill_ids: [b.bill_id], idempotency_key: key() }, { token: waiter.token })).code).not.toBe(0);
    await ok(t.call(W.ordersPay, { bill_ids: [repriced.bill_id], idempotency_key: key() }, { token: waiter.token }));

    // Packing the batch later leaves both bills alone.
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'pack' }, { token: wh }));
    const view = await ok(t.call(GA.adminGroupBatchDetail, { batch_id: batch.id }, { token: desk }));
    expect(view.batch.total_amount).toEqual({ amount_minor: 3037 + 1544, currency: 'SGD' });
    expect(view.orders.every((o: any) => o.paid)).toBe(true);
  });

  it('a re-priced insured pack keeps the premium and cover it was insured at, whatever the terms are now', async () => {
    const desk = await staff('leader_desk');
    const wh = await staff('warehouse');
    const { batch, members } = await groupWithMembers(desk, 1, '820618', 'LimIns1');
    const pack = await applyPack(wh, members[0]!.token, true);
    const before = await measure(wh, pack.id);
    const line = (p: any) => p.quote_lines.find((l: any) => l.code === 'insurance');
    // ¥120 is S$22.56: 1.5% is under the S$3.00 minimum premium.
    expect(line(before).amount.amount_minor).toBe(300);
    expect(before.insurance_cover.amount_minor).toBe(2256);

    // Staff raise the terms (finance), then the batch gets its unit price: the bill is re-priced.
    const fin = await staffLogin(t, 'finance', `upfin${++seq}`);
    const current = await ok(t.call(contract.admin.getSettings, {}, { token: fin }));
    const insurance_terms = {
      rate_percent: 5,
      min_premium: { amount_minor: 900, currency: 'SGD' as const },
      max_cover: { amount_minor: 1000, currency: 'SGD' as const },
    };
    await ok(t.call(contract.admin.saveSettings, { info: { ...settingsInputOf(current.info), insurance_terms } }, { token: fin }));
    await ok(t.call(GA.adminAdvanceGroupBatch, { batch_id: batch.id, action: 'plan', unit_price: 100 }, { token: desk }));
    const repriced = await ok(t.call(PA.adminPackDetail, { pack_id: pack.id }, { token: wh }));
    expect(repriced.bill_id).not.toBe(before.bill_id);
    expect(repriced.quote_lines[0].code).toBe('group_batch_freight');
    expect(line(repriced).amount.amount_minor).toBe(300);
    expect(repriced.insurance_cover.amount_minor).toBe(2256);
  });
});
