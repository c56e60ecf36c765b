import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { balanceOf, key, topUp } from '../wallet/wallet.test-helpers.ts';
import { seedDemo } from '../../seed/demo.ts';
import { findUserByAccount } from '../account/account.repository.ts';
import { A, addAddress, customer, declare, ok, P, scanIn, staff, type Kit } from './parcels.test-kit.ts';

/** The parcels flow with the real wallet (BillingService) behind the BillingPort. */
const W = contract.wallet;
let t: TestApp;
let k: Kit;
beforeAll(async () => {
  t = await createTestApp();
  // The kit's helpers only need the app; billing here is the wallet itself.
  k = { t, billing: null as never };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.parcels.ensureDefaultRateCards();
});

async function measuredPack(token: string, userId: number, s: string) {
  await addAddress(k, userId);
  const p = await declare(k, token, `SF${Date.now()}${Math.floor(Math.random() * 1000)}`);
  await scanIn(k, s, p.tracking_no);
  const req = await ok(t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'SEA' }, { token }));
  return ok(
    t.call(A.adminPackMeasure, { pack_id: req.id, pieces: [{ weight_kg: 6, length_cm: 60, width_cm: 40, height_cm: 40 }] }, { token: s }),
  );
}

describe('parcels with the wallet', () => {
  it('a measured pack is billed in the wallet, paid from the balance, and moves to paid', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const pack = await measuredPack(c.token, c.id, s);
    expect(pack.status).toBe('packed');
    const info = await ok(t.call(W.getPayInfo, { bill_id: pack.bill_id }, { token: c.token }));
    expect(JSON.stringify(info)).toContain(String(pack.amount.amount_minor));

    const broke = await t.call(W.orderPackPay, { bill_id: pack.bill_id, idempotency_key: key() }, { token: c.token });
    expect(broke.code).toBe(Code.INSUFFICIENT_BALANCE);
    await topUp(t, c.id, 50_000);
    const paid = await ok(t.call(W.orderPackPay, { kind: 'pack', ref_id: pack.id, idempotency_key: key() }, { token: c.token }));
    expect(paid.charged.amount_minor).toBe(pack.amount.amount_minor);
    expect(await balanceOf(t, c.id)).toBe(50_000 - pack.amount.amount_minor);
    expect((await ok(t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }))).status).toBe('paid');
    expect((await ok(t.call(P.getOrderList, { status: 'ship' }, { token: c.token }))).total).toBe(1);
  });

  it('a cancelled pack cannot be paid, and nothing is charged', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const pack = await measuredPack(c.token, c.id, s);
    await topUp(t, c.id, 50_000);
    await ok(t.call(P.cancelPack, { pack_id: pack.id }, { token: c.token }));
    const res = await t.call(W.orderPackPay, { bill_id: pack.bill_id, idempotency_key: key() }, { token: c.token });
    expect(res.code).not.toBe(0);
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect((await ok(t.call(P.getUserPackDetail, { pack_id: pack.id }, { token: c.token }))).status).toBe('cancelled');
  });

  it('auto-pay pays the bill as soon as the pack is measured', async () => {
    const c = await customer(k);
    const s = await staff(k);
    await topUp(t, c.id, 50_000);
    await ok(t.call(W.editIsAutoPay, { is_auto_pay: 1 }, { token: c.token }));
    const pack = await measuredPack(c.token, c.id, s);
    expect(pack.status).toBe('paid');
  });

  it('the return fee is an RMB bill paid through the wallet', async () => {
    const c = await customer(k);
    const s = await staff(k);
    const p = await declare(k, c.token, 'YT5550001112223');
    await scanIn(k, s, p.tracking_no);
    const r = await ok(
      t.call(P.orderApplyReturn, { parcel_ids: [p.id], consignee: 'Wang', phone: '13800138000', address: '广州' }, { token: c.token }),
    );
    const approved = await ok(t.call(A.adminReturnReview, { return_id: r.id, approve: 1 }, { token: s }));
    expect(approved).toMatchObject({ status: 'pay', fee: { amount_minor: 3000, currency: 'RMB' } });
    await topUp(t, c.id, 10_000);
    await ok(t.call(W.orderPackPay, { bill_id: approved.bill_id, idempotency_key: key() }, { token: c.token }));
    expect((await ok(t.call(P.getReturnList, {}, { token: c.token }))).list[0].status).toBe('paid');
    expect(await balanceOf(t, c.id)).toBeLessThan(10_000);
  });

  it('demo data: a billed pack awaiting payment and a shipped one paid by auto-pay from the demo balance', async () => {
    expect(await seedDemo(t.services, t.modules)).toBe(true);
    const demo = (await findUserByAccount(t.services.db, 'demo'))!;
    const session = await t.services.sessions.issueForUser(t.services.db, demo.id, 'user', { ip: '1', userAgent: '' });
    const packs = (await ok(t.call(P.getUserPackList, {}, { token: session.token }))).list;
    expect(packs.map((p: any) => p.status).sort()).toEqual(['packed', 'shipped']);
    const counts = (await ok(t.call(P.getAllOrderList, {}, { token: session.token }))).counts;
    expect(counts).toMatchObject({ pending: 2, warehouse: 2, unpaid: 2, ship: 1 });
    expect(demo.isAutoPay).toBe(false);
  });
});
