import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, key, topUp } from '../wallet/wallet.test-helpers.ts';
import { A, addAddress, customer, declare, ok, P, scanIn, staff, type Kit } from './parcels.test-kit.ts';

/** Insurance chosen at packing, claims reviewed by finance and paid through the ledger, GST refunds (issue 37). */
const W = contract.wallet;
let t: TestApp;
let k: Kit;
beforeAll(async () => {
  t = await createTestApp();
  k = { t, billing: null as never };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.parcels.ensureDefaultRateCards();
});

let n = 0;
async function paidPack(insured: boolean, goodsValue = '1064.00') {
  const c = await customer(k);
  const s = await staff(k);
  await addAddress(k, c.id);
  const p = await declare(k, c.token, `SF${Date.now()}${++n}`, { goods_value: goodsValue });
  await scanIn(k, s, p.tracking_no);
  const req = await ok(t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'SEA', insured: insured ? 1 : 0 }, { token: c.token }));
  const pack = await ok(
    t.call(A.adminPackMeasure, { pack_id: req.id, pieces: [{ weight_kg: 3, length_cm: 40, width_cm: 30, height_cm: 20 }] }, { token: s }),
  );
  await topUp(t, c.id, 100_000);
  await ok(t.call(W.orderPackPay, { bill_id: pack.bill_id, idempotency_key: key() }, { token: c.token }));
  return { c, s, pack };
}

async function financeToken() {
  await t.services.staff.createStaff(`fin${++n}`, 'Finance', 'finance', 'finance123');
  return (await ok(t.call(contract.admin.adminLogin, { account: `fin${n}`, password: 'finance123' }))).token as string;
}

describe('pack insurance and claims', () => {
  it('insurance is a bill line on the declared value, within the cover, and part of the GST base', async () => {
    const { pack } = await paidPack(true);
    const line = pack.quote_lines.find((l: { code: string }) => l.code === 'insurance');
    // ¥1064 at 5.32 is S$200: 1.5% is S$3.00, the minimum premium.
    expect(line.amount.amount_minor).toBe(300);
    expect(pack.insurance_cover).toEqual({ amount_minor: 20_000, currency: 'SGD' });
    const plain = await paidPack(false);
    expect(plain.pack.insurance_cover).toBeNull();
    expect(plain.pack.quote_lines.some((l: { code: string }) => l.code === 'insurance')).toBe(false);
  });

  it('a claim approved by finance is credited to the wallet exactly once; amounts over the cover are refused', async () => {
    const { c, pack } = await paidPack(true);
    const before = await balanceOf(t, c.id);
    const claim = await ok(
      t.call(P.packClaimCreate, { pack_id: pack.id, kind: 'damage', reason: 'The box arrived crushed' }, { token: c.token }),
    );
    expect(claim).toMatchObject({ status: 'submitted', cover: { amount_minor: 20_000 } });
    // One open claim per pack.
    const again = await t.call(P.packClaimCreate, { pack_id: pack.id, kind: 'loss', reason: 'Lost it all' }, { token: c.token });
    expect(again.code).toBe(Code.INSURANCE_CLAIM_STATE);

    const fin = await financeToken();
    const over = await t.call(A.adminPackClaimReview, { id: claim.id, approve: true, amount: '200.01' }, { token: fin });
    expect(over.code).toBe(Code.CLAIM_OVER_COVER);
    const approved = await ok(
      t.call(A.adminPackClaimReview, { id: claim.id, approve: true, amount: '150.00', note: 'photos checked' }, { token: fin }),
    );
    expect(approved).toMatchObject({ status: 'approved', amount: { amount_minor: 15_000 } });
    expect(await balanceOf(t, c.id)).toBe(before + 15_000);
    const twice = await t.call(A.adminPackClaimReview, { id: claim.id, approve: true, amount: '150.00' }, { token: fin });
    expect(twice.code).toBe(Code.INSURANCE_CLAIM_STATE);
    expect(await balanceOf(t, c.id)).toBe(before + 15_000);
    const mine = await ok(t.call(P.packClaimList, {}, { token: c.token }));
    expect(mine.list.map((x: { status: string }) => x.status)).toEqual(['approved']);
  });

  it('a rejected claim moves no money; uninsured packs and other customers cannot claim; only finance reviews', async () => {
    const { c, pack } = await paidPack(true);
    const before = await balanceOf(t, c.id);
    const other = await customer(k);
    const theirs = await t.call(P.packClaimCreate, { pack_id: pack.id, kind: 'loss', reason: 'Not mine at all' }, { token: other.token });
    expect(theirs.code).toBe(Code.OBJECT_NOT_FOUND);
    const claim = await ok(t.call(P.packClaimCreate, { pack_id: pack.id, kind: 'loss', reason: 'Never arrived' }, { token: c.token }));
    await t.services.staff.createStaff(`wh-only${++n}`, 'Warehouse', 'warehouse', 'warehouse123');
    const wh = (await ok(t.call(contract.admin.adminLogin, { account: `wh-only${n}`, password: 'warehouse123' }))).token as string;
    const denied = await t.call(A.adminPackClaimReview, { id: claim.id, approve: true, amount: '1.00' }, { token: wh });
    expect(denied.code).toBe(Code.FORBIDDEN);
    const fin = await financeToken();
    const rejected = await ok(t.call(A.adminPackClaimReview, { id: claim.id, approve: false, note: 'Delivered, signed' }, { token: fin }));
    expect(rejected).toMatchObject({ status: 'rejected', amount: null, review_note: 'Delivered, signed' });
    expect(await balanceOf(t, c.id)).toBe(before);

    const plain = await paidPack(false);
    const res = await t.call(
      P.packClaimCreate,
      { pack_id: plain.pack.id, kind: 'loss', reason: 'Never arrived' },
      { token: plain.c.token, lang: 'zh_CN' },
    );
    expect(res.code).toBe(Code.PACK_NOT_INSURED);
    expect(res.msg).toContain('未投保');
  });

  it('finance refunds GST charged twice once, at most the GST of the pack', async () => {
    const { c, pack } = await paidPack(false);
    const gst = pack.quote_lines.find((l: { code: string }) => l.code === 'gst').amount.amount_minor;
    const before = await balanceOf(t, c.id);
    const fin = await financeToken();
    const tooMuch = await t.call(
      A.adminGstRefund,
      { pack_id: pack.id, amount: ((gst + 1) / 100).toFixed(2), reason: 'paid at Taobao' },
      { token: fin },
    );
    expect(tooMuch.code).toBe(Code.GST_REFUND_INVALID);
    await ok(t.call(A.adminGstRefund, { pack_id: pack.id, amount: (gst / 100).toFixed(2), reason: 'paid at Taobao' }, { token: fin }));
    expect(await balanceOf(t, c.id)).toBe(before + gst);
    const again = await t.call(A.adminGstRefund, { pack_id: pack.id, amount: '0.01', reason: 'again' }, { token: fin });
    expect(again.code).toBe(Code.GST_REFUND_INVALID);
    expect(await balanceOf(t, c.id)).toBe(before + gst);
    const detail = await ok(t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }));
    expect(detail.gst_refunded).toEqual({ amount_minor: gst, currency: 'SGD' });
  });
});
