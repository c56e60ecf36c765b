import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, sgd } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { createWalletTestApp, expectMoneyOnly, issueBill, key, makeUser, topUp } from './wallet.test-helpers.ts';

const W = contract.wallet;
let t: TestApp;

beforeAll(async () => {
  t = await createWalletTestApp();
  t.services.billing.onPaid('pack', async () => undefined);
  t.services.billing.onPaid('return', async () => undefined);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

describe('the customer bill list (To pay)', () => {
  it('lists payable bills due-first with their count and total, then moves paid ones to the paid list', async () => {
    const u = await makeUser(t);
    const later = await issueBill(t, u.id, 1200, { payBefore: new Date(Date.now() + 3 * 86_400_000) });
    const sooner = await issueBill(t, u.id, 800, { kind: 'return', payBefore: new Date(Date.now() + 86_400_000) });
    const open = await issueBill(t, u.id, 500);
    await issueBill(t, u.id, 999, { payBefore: new Date(Date.now() - 60_000) }); // expired: not payable

    const unpaid = await t.call(W.getBillList, {}, { token: u.token });
    expect(unpaid.code, unpaid.msg).toBe(0);
    expect(unpaid.data.list.map((b: { id: number }) => b.id)).toEqual([sooner.id, later.id, open.id]);
    expect(unpaid.data).toMatchObject({ total: 3, unpaid_count: 3, unpaid_total: sgd(2500), page: 1 });
    expect(unpaid.data.list[0]).toMatchObject({ kind: 'return', amount: sgd(800), status: 'unpaid', expired: false });
    expectMoneyOnly(unpaid.data);

    const paged = await t.call(W.getBillList, { page: 2, page_size: 2 }, { token: u.token });
    expect(paged.data.list.map((b: { id: number }) => b.id)).toEqual([open.id]);
    expect(paged.data.total).toBe(3);

    await topUp(t, u.id, 5000);
    const pay = await t.call(W.ordersPay, { bill_ids: [sooner.id, later.id], idempotency_key: key() }, { token: u.token });
    expect(pay.code, pay.msg).toBe(0);

    const after = await t.call(W.getBillList, { status: 'unpaid' }, { token: u.token });
    expect(after.data.list.map((b: { id: number }) => b.id)).toEqual([open.id]);
    expect(after.data).toMatchObject({ unpaid_count: 1, unpaid_total: sgd(500) });
    const paid = await t.call(W.getBillList, { status: 'paid' }, { token: u.token, lang: 'zh_CN' });
    expect(paid.data.list.map((b: { id: number }) => b.id).sort()).toEqual([sooner.id, later.id].sort());
    expect(paid.data.list.every((b: { status: string; paid_at: string | null }) => b.status === 'paid' && b.paid_at)).toBe(true);
    const all = await t.call(W.getBillList, { status: 'all' }, { token: u.token });
    expect(all.data.total).toBe(4);
  });

  it("shows only the caller's bills and needs a signed-in user", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await issueBill(t, a.id, 700);
    const mine = await t.call(W.getBillList, { status: 'all' }, { token: b.token });
    expect(mine.code).toBe(0);
    expect(mine.data).toMatchObject({ list: [], total: 0, unpaid_count: 0 });
    const anon = await t.call(W.getBillList, {});
    expect(anon.code).not.toBe(Code.OK);
    const bad = await t.call(W.getBillList, { status: 'nope' } as never, { token: a.token });
    expect(bad.code).not.toBe(Code.OK);
    expect(bad.msg).toBeTruthy();
  });
});
