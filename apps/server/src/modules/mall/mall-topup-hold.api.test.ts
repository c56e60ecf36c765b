import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { SandboxBankNotifyProvider } from '../../providers/bank-notify.provider.ts';
import { reviewDeadline } from '../wallet/recharge.service.ts';
import { PNG_1x1 } from '../wallet/wallet.test-helpers.ts';
import { balanceOf, defaultAddress, key, makeUser, product } from './mall-orders.test-kit.ts';

const M = contract.mall;
const W = contract.wallet;
const MIN = 60_000;
let t: TestApp;
const bank = new SandboxBankNotifyProvider();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

async function order(u: { id: number; token: string }) {
  await defaultAddress(t, u.id);
  const p = await product(t, { priceMinor: 5000, stock: 10 });
  const r = await t.call(
    M.createOrder,
    { product_id: p.id, quantity: 1, shipping_mode: 'SEA', idempotency_key: key() },
    { token: u.token },
  );
  expect(r.code, r.msg).toBe(0);
  return { id: r.data.orders[0].id as number, billId: r.data.bill_ids[0] as number };
}

const detail = async (u: { token: string }, id: number) => (await t.call(M.getRecordDetail, { id }, { token: u.token })).data;
const expireAt = (ms: number) => t.services.mallOrders.fulfilment.expireDue(new Date(Date.now() + ms));

async function topUp(u: { id: number; token: string }, method: 'paynow' | 'offline', amount: string) {
  const input = method === 'offline' ? { amount, method, voucher_url: await voucher(u) } : { amount, method };
  const r = await t.call(W.createRechargeOrder, input as never, { token: u.token });
  expect(r.code, r.msg).toBe(0);
  return r.data.order.order_no as string;
}

/** A transfer voucher uploaded by the customer beforehand (a 1×1 PNG). */
async function voucher(u: { id: number }) {
  const file = { field: 'file', filename: 'v.png', mimetype: 'image/png', buffer: PNG_1x1 };
  return (await t.services.uploads.saveImage({ userId: u.id }, 'voucher', file, 'en')).url;
}

describe('a mall order waits while its top-up is reviewed', () => {
  it('a PayNow top-up keeps the order and its bill payable past the usual time; the bank notice then lets it be paid', async () => {
    const u = await makeUser(t);
    const { id, billId } = await order(u);
    const before = new Date((await detail(u, id)).pay_before as string).getTime();
    const orderNo = await topUp(u, 'paynow', '60');

    const after = new Date((await detail(u, id)).pay_before as string).getTime();
    // Held until the review is due, plus the usual half hour to pay once the money is there.
    expect(after).toBeGreaterThanOrEqual(reviewDeadline(new Date(before)).getTime());
    expect(await expireAt(31 * MIN)).toBe(0);
    expect(await detail(u, id)).toMatchObject({ status: 'waiting_pay', can_pay: true });
    const info = await t.call(W.getPayInfos, { bill_ids: [billId] }, { token: u.token });
    expect(info.data.bills[0]).toMatchObject({ status: 'unpaid', expired: false, pay_before: new Date(after).toISOString() });

    const n = bank.notice({ reference: orderNo, amount: '60.00' });
    const res = await t.app.inject({ method: 'POST', url: '/api/notify/paynow', headers: n.headers, payload: n.body });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, u.id)).toBe(6000);
    const paid = await t.call(W.ordersPay, { bill_ids: [billId], idempotency_key: key() } as never, { token: u.token });
    expect(paid.code, paid.msg).toBe(0);
    expect((await detail(u, id)).status).toBe('waiting_ship');
  });

  it('a bank transfer holds the order too; once the review is overdue the order expires as before', async () => {
    const u = await makeUser(t);
    const { id } = await order(u);
    await topUp(u, 'offline', '60');
    const held = new Date((await detail(u, id)).pay_before as string).getTime();
    expect(held - Date.now()).toBeGreaterThan(24 * 60 * MIN);
    expect(await expireAt(31 * MIN)).toBe(0);
    expect(await expireAt(held - Date.now() + MIN)).toBe(1);
    expect(await detail(u, id)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
  });

  it("someone else's top-up, and an order already expired, are left alone", async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const { id } = await order(u);
    const due = (await detail(u, id)).pay_before;
    await topUp(other, 'paynow', '10');
    expect((await detail(u, id)).pay_before).toBe(due);
    expect(await expireAt(31 * MIN)).toBe(1);
    await topUp(u, 'paynow', '10');
    expect(await detail(u, id)).toMatchObject({ status: 'cancelled', pay_before: due });
  });
});

describe('the review deadline', () => {
  it('counts working days in Singapore: Friday afternoon is reviewed by Monday afternoon', () => {
    // Friday 2026-11-27 15:00 SGT.
    const friday = new Date('2026-11-27T07:00:00Z');
    expect(reviewDeadline(friday, 1).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(reviewDeadline(new Date('2026-11-24T07:00:00Z'), 1).toISOString()).toBe('2026-11-25T07:00:00.000Z');
  });
});
