import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { SandboxBankNotifyProvider } from '../../providers/bank-notify.provider.ts';
import { balanceOf, createWalletTestApp, makeUser } from './wallet.test-helpers.ts';

const W = contract.wallet;
let t: TestApp;
const bank = new SandboxBankNotifyProvider();

beforeAll(async () => {
  t = await createWalletTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

async function paynowTopUp(token: string, amount: string) {
  const r = await t.call(W.createRechargeOrder, { amount, method: 'paynow' } as never, { token });
  expect(r.code, r.msg).toBe(0);
  return r.data.order.order_no as string;
}

async function notify(n: { body: string; headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/notify/paynow', headers: n.headers, payload: n.body });
  return { status: res.statusCode, body: JSON.parse(res.body) as { ok: boolean; outcome?: string } };
}

describe('PayNow credited from the bank notification', () => {
  it('credits the top-up once: the duplicate notice and a second event for the same order add nothing', async () => {
    const u = await makeUser(t);
    const orderNo = await paynowTopUp(u.token, '25.50');
    const first = bank.notice({ reference: orderNo, amount: '25.50', eventId: 'EVT-A' });
    expect(await notify(first)).toEqual({ status: 200, body: { ok: true, outcome: 'credited' } });
    expect(await balanceOf(t, u.id)).toBe(2550);
    // The bank retries the same notice, and (say) a second credit event quoting the same reference.
    expect((await notify(first)).body.outcome).toBe('duplicate');
    expect((await notify(bank.notice({ reference: orderNo, amount: '25.50', eventId: 'EVT-B' }))).body.outcome).toBe('duplicate');
    expect(await balanceOf(t, u.id)).toBe(2550);
    const q = await t.call(W.queryRecharge, { order_no: orderNo }, { token: u.token });
    expect(q.data.order.status).toBe('paid');
  });

  it('does not credit when the amount or currency differs, or the reference is unknown', async () => {
    const u = await makeUser(t);
    const orderNo = await paynowTopUp(u.token, '40');
    expect((await notify(bank.notice({ reference: orderNo, amount: '39.99' }))).body.outcome).toBe('amount_mismatch');
    expect((await notify(bank.notice({ reference: orderNo, amount: '40.00', currency: 'USD' }))).body.outcome).toBe('amount_mismatch');
    expect((await notify(bank.notice({ reference: 'R0000000000000000', amount: '40.00' }))).body.outcome).toBe('unknown_order');
    expect(await balanceOf(t, u.id)).toBe(0);
    // The right amount then goes through.
    expect((await notify(bank.notice({ reference: orderNo, amount: '40.00' }))).body.outcome).toBe('credited');
    expect(await balanceOf(t, u.id)).toBe(4000);
  });

  it('refuses an unsigned or forged notice with 401 and credits nothing', async () => {
    const u = await makeUser(t);
    const orderNo = await paynowTopUp(u.token, '10');
    const n = bank.notice({ reference: orderNo, amount: '10.00' });
    expect((await notify({ body: n.body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await notify({ body: n.body, headers: { ...n.headers, 'x-signature': '0'.repeat(64) } })).status).toBe(401);
    expect(await balanceOf(t, u.id)).toBe(0);
  });

  it('the sandbox trigger sends a signed notice through the same path', async () => {
    const u = await makeUser(t);
    const orderNo = await paynowTopUp(u.token, '12');
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/paynow/notify', payload: { reference: orderNo, amount: '12.00' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).outcome).toBe('credited');
    expect(await balanceOf(t, u.id)).toBe(1200);
  });
});
