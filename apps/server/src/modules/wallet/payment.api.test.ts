import { realGroup } from '../groups/groups.test-kit.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, contract, rmb, settingsInputOf, sgd } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { defaultSettings, settingsView } from '../system/settings.service.ts';
import {
  balanceOf,
  count,
  expectMoneyOnly,
  issueBill,
  key,
  makeUser,
  staffToken,
  topUp,
  createWalletTestApp,
} from './wallet.test-helpers.ts';

const W = contract.wallet;
const WA = contract.walletAdmin;
let t: TestApp;
const paidLog: number[] = [];
const refundedLog: number[] = [];
let failNextPaid = false;
let behalfAllowed = true;

beforeAll(async () => {
  t = await createWalletTestApp();
  // What an owning module (parcels) registers.
  t.services.billing.onPaid('pack', async (tx, bill) => {
    await tx.execute(sql`select 1`);
    if (failNextPaid) {
      failNextPaid = false;
      throw new Error('owning module failed');
    }
    paidLog.push(bill.id);
  });
  t.services.billing.onRefunded('pack', async (_tx, bill) => {
    refundedLog.push(bill.id);
  });
  t.services.billing.canPayOnBehalf('pack', async () => behalfAllowed);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  paidLog.length = 0;
  refundedLog.length = 0;
  failNextPaid = false;
  behalfAllowed = true;
});

async function reconciled() {
  const r = await t.call(WA.adminReconcile, {}, { token: await staffToken(t, 'admin') });
  expect(r.code, r.msg).toBe(0);
  expect(r.data.ok, JSON.stringify(r.data)).toBe(true);
  return r.data;
}

describe('paying one bill from the balance', () => {
  it('shows what is owed and the shortfall, refuses with the shortfall, then pays after a top-up', async () => {
    const u = await makeUser(t);
    const bill = await issueBill(t, u.id, 4550);
    await topUp(t, u.id, 1000);

    const info = await t.call(W.getPayInfo, { bill_id: bill.id }, { token: u.token });
    expect(info.code, info.msg).toBe(0);
    expect(info.data).toMatchObject({ total: sgd(4550), balance: sgd(1000), shortfall: sgd(3550) });
    expect(info.data.bills[0]).toMatchObject({ id: bill.id, status: 'unpaid', amount: sgd(4550), description: 'Pack ' + bill.refId });
    // Every amount of the answer is Money; no flat *_minor key or decimal string is left.
    expectMoneyOnly(info.data);
    const byRef = await t.call(W.getPayInfo, { kind: 'pack', ref_id: bill.refId }, { token: u.token, lang: 'zh_CN' });
    expect(byRef.data.bills[0].description).toBe('包裹 ' + bill.refId);

    const short = await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token });
    expect(short.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect(short.msg).toBe('Insufficient balance: S$35.50 more is needed, please top up first');
    expect(short.data).toMatchObject({ shortfall: sgd(3550), balance: sgd(1000) });
    const shortZh = await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token, lang: 'zh_CN' });
    expect(shortZh.msg).toBe('余额不足，还差 S$35.50，请先充值');
    expect(await balanceOf(t, u.id)).toBe(1000);
    expect(await count(t, 'payments')).toBe(0);
    expect(paidLog).toEqual([]);

    await topUp(t, u.id, 5000);
    const paid = await t.call(W.orderPackPay, { kind: 'pack', ref_id: bill.refId, idempotency_key: key() }, { token: u.token });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({
      total: sgd(4550),
      discount: sgd(0),
      charged: sgd(4550),
      balance_after: sgd(1450),
      replayed: false,
      bill_ids: [bill.id],
    });
    expectMoneyOnly(paid.data);
    expect(await balanceOf(t, u.id)).toBe(1450);
    // Called for the bill (on PostgreSQL twice: the first payment on a fresh database runs again, rolled back whole,
    // to create the ledger's system accounts; a handler's writes are only kept by the transaction that commits).
    expect([...new Set(paidLog)]).toEqual([bill.id]);
    expect((await t.services.billing.findBill(t.services.db, 'pack', bill.refId))?.status).toBe('paid');

    const again = await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token });
    expect(again.code).toBe(Code.BILL_NOT_PAYABLE);
    const list = await t.call(W.getTransactionList, { type: 'payment' }, { token: u.token });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ amount: sgd(-4550), balance_after: sgd(1450), type: 'payment' });
    expectMoneyOnly(list.data);
    const outs = await t.call(W.getTransactionList, { direction: 'in' }, { token: u.token });
    expect(outs.data.total).toBe(2);
    const detail = await t.call(W.getTransactionDetail, { id: list.data.list[0].id }, { token: u.token });
    expect(detail.data.bills.map((b: { id: number }) => b.id)).toEqual([bill.id]);
    expectMoneyOnly(detail.data);
    await reconciled();
  });

  it('an owning module that fails its onPaid rolls the whole payment back', async () => {
    const u = await makeUser(t);
    const bill = await issueBill(t, u.id, 500);
    await topUp(t, u.id, 1000);
    failNextPaid = true;
    const r = await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token });
    expect(r.code).toBe(Code.INTERNAL);
    expect(await balanceOf(t, u.id)).toBe(1000);
    expect((await t.services.billing.findBill(t.services.db, 'pack', bill.refId))?.status).toBe('unpaid');
    expect(await count(t, 'payments')).toBe(0);
    await reconciled();
  });

  it('converts RMB bills at the rate of the moment and records it', async () => {
    const u = await makeUser(t);
    const bill = await issueBill(t, u.id, 3000, { kind: 'return', currency: 'RMB' }); // ¥30.00 search fee
    await topUp(t, u.id, 10_000);
    const staff = await staffToken(t, 'admin');
    await t.call(
      contract.admin.saveSettings,
      { info: { ...settingsInputOf(settingsView(defaultSettings)), exchange_rate: '5.0000' } },
      { token: staff },
    );
    const info = await t.call(W.getPayInfos, { bill_ids: [bill.id] }, { token: u.token });
    expect(info.data).toMatchObject({ exchange_rate: '5.0000', total: sgd(600) });
    expect(info.data.bills[0]).toMatchObject({ amount: rmb(3000), amount_sgd: sgd(600) });
    const r = await t.call(W.ordersPay, { bill_ids: [bill.id], idempotency_key: key() }, { token: u.token });
    expect(r.data).toMatchObject({ charged: sgd(600), exchange_rate: '5.0000' });
    await t.call(
      contract.admin.saveSettings,
      { info: { ...settingsInputOf(settingsView(defaultSettings)), exchange_rate: '5.3200' } },
      { token: staff },
    );
    const b2 = await issueBill(t, u.id, 3000, { kind: 'return', currency: 'RMB' });
    const r2 = await t.call(W.ordersPay, { bill_ids: [b2.id], idempotency_key: key() }, { token: u.token });
    expect(r2.data).toMatchObject({ charged: sgd(564), exchange_rate: '5.3200' }); // 30 / 5.32 = 5.639 -> 5.64
    const [p] = (
      (await t.services.db.execute(sql`select exchange_rate from payments where id = ${r.data.payment_id}`)) as unknown as {
        rows: { exchange_rate: string }[];
      }
    ).rows;
    expect(p.exchange_rate).toBe('5.0000');
  });

  it("refuses expired bills, other people's bills, and says when nothing is payable", async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 10_000);
    const expired = await issueBill(t, u.id, 100, { payBefore: new Date(Date.now() - 1000) });
    const r = await t.call(W.orderPackPay, { bill_id: expired.id, idempotency_key: key() }, { token: u.token });
    expect(r.code).toBe(Code.BILL_EXPIRED);
    expect(r.msg).toBe('The payment time has passed and the order has expired; please pay within the time limit');
    const info = await t.call(W.getPayInfo, { bill_id: expired.id }, { token: u.token });
    expect(info.data.bills[0].expired).toBe(true);
    expect(info.data.total.amount_minor).toBe(0);

    const other = await makeUser(t);
    const theirs = await issueBill(t, other.id, 100);
    expect((await t.call(W.orderPackPay, { bill_id: theirs.id, idempotency_key: key() }, { token: u.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );
    expect((await t.call(W.getPayInfo, { bill_id: theirs.id }, { token: u.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(W.orderPackPay, { bill_id: 999_999, idempotency_key: key() }, { token: u.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );

    const a = await issueBill(t, u.id, 100);
    const b = await issueBill(t, u.id, 200);
    expect((await t.call(W.ordersPay, { bill_ids: [a.id, b.id], idempotency_key: key() }, { token: u.token })).code).toBe(0);
    const none = await t.call(W.ordersPay, { bill_ids: [a.id, b.id], idempotency_key: key() }, { token: u.token });
    expect(none.code).toBe(Code.NO_PAYABLE_BILLS);
    expect(none.msg).toBe('No orders available for payment');
    const cancelled = await issueBill(t, u.id, 100);
    await t.services.db.transaction((tx) => t.services.billing.cancelBill(tx, cancelled.id));
    expect((await t.call(W.orderPackPay, { bill_id: cancelled.id, idempotency_key: key() }, { token: u.token })).code).toBe(
      Code.BILL_NOT_PAYABLE,
    );
    // all my unpaid bills
    const all = await t.call(W.getPayInfos, {}, { token: u.token });
    expect(all.data.bills.map((x: { id: number }) => x.id)).toEqual([expired.id]);
  });

  it('validates the request and blocks member sessions', async () => {
    const u = await makeUser(t);
    const bill = await issueBill(t, u.id, 100);
    const noKey = await t.call(W.orderPackPay, { bill_id: bill.id } as never, { token: u.token });
    expect(noKey.code).toBe(Code.VALIDATION);
    expect(noKey.data.field).toBe('idempotency_key');
    expect((await t.call(W.ordersPay, { bill_ids: [], idempotency_key: key() }, { token: u.token })).code).toBe(Code.VALIDATION);
    const leader = await makeUser(t, { leader: true, groupId: 3 });
    const member = await makeUser(t, { groupId: 3, actingLeaderId: leader.id });
    const r = await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: member.token });
    expect(r.code).toBe(Code.MEMBER_SESSION);
    expect(r.msg).toBe('You are logged in to a member account; please log out of it first');
    expect((await t.call(W.editIsAutoPay, { is_auto_pay: 1 }, { token: member.token })).code).toBe(Code.MEMBER_SESSION);
  });
});

describe('idempotency', () => {
  it('the same key returns the first outcome and charges once; a different request with it is refused', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 1000);
    const a = await issueBill(t, u.id, 300);
    const b = await issueBill(t, u.id, 300);
    const k = key();
    const first = await t.call(W.orderPackPay, { bill_id: a.id, idempotency_key: k }, { token: u.token });
    expect(first.data.replayed).toBe(false);
    const second = await t.call(W.orderPackPay, { bill_id: a.id, idempotency_key: k }, { token: u.token });
    expect(second.code).toBe(0);
    expect(second.data).toEqual({ ...first.data, replayed: true });
    const viaOrders = await t.call(W.ordersPay, { bill_ids: [a.id], idempotency_key: k }, { token: u.token });
    expect(viaOrders.data.payment_id).toBe(first.data.payment_id);
    const mismatch = await t.call(W.orderPackPay, { bill_id: b.id, idempotency_key: k }, { token: u.token });
    expect(mismatch.code).toBe(Code.IDEMPOTENCY_MISMATCH);
    // Naming no bill at all, the key still answers for its payment.
    const noBill = await t.call(W.orderPackPay, { bill_id: 999_999, idempotency_key: k }, { token: u.token });
    expect(noBill.code).toBe(Code.IDEMPOTENCY_MISMATCH);
    expect(await balanceOf(t, u.id)).toBe(700);
    // A failed attempt is not remembered: after topping up, the same key pays.
    const big = await issueBill(t, u.id, 5000);
    const k2 = key();
    expect((await t.call(W.orderPackPay, { bill_id: big.id, idempotency_key: k2 }, { token: u.token })).code).toBe(
      Code.INSUFFICIENT_BALANCE,
    );
    await topUp(t, u.id, 5000);
    expect((await t.call(W.orderPackPay, { bill_id: big.id, idempotency_key: k2 }, { token: u.token })).code).toBe(0);
    // Keys are per payer: another user's identical key is their own.
    const v = await makeUser(t);
    await topUp(t, v.id, 300);
    const vb = await issueBill(t, v.id, 300);
    expect((await t.call(W.orderPackPay, { bill_id: vb.id, idempotency_key: k }, { token: v.token })).code).toBe(0);
    await reconciled();
  });
});

describe('paying on behalf of group members', () => {
  it("an approved leader of the same group pays selected members' bills in one payment", async () => {
    const leader = await makeUser(t, { leader: true, groupId: 11 });
    const m1 = await makeUser(t, { groupId: 11 });
    const m2 = await makeUser(t, { groupId: 11 });
    const outsider = await makeUser(t, { groupId: 12 });
    // Membership is the groups module's: the leader policy reads it there.
    const gid = await realGroup(t, leader.id, [m1.id, m2.id]);
    await topUp(t, leader.id, 10_000);
    const b1 = await issueBill(t, m1.id, 1200, { groupId: gid });
    const b2 = await issueBill(t, m2.id, 800, { groupId: gid });
    const b3 = await issueBill(t, outsider.id, 500, { groupId: 12 });

    const group = await t.call(W.getPayInfos, { scope: 'group' }, { token: leader.token });
    expect(group.data.bills.map((b: { id: number }) => b.id)).toEqual([b1.id, b2.id]);
    expect((await t.call(W.getPayInfos, { scope: 'group' }, { token: m1.token })).data.bills).toEqual([]);
    const info = await t.call(W.getPayInfos, { bill_ids: [b1.id, b2.id] }, { token: leader.token });
    expect(info.code, info.msg).toBe(0);
    expect(info.data.total.amount_minor).toBe(2000);
    expect(info.data.bills.map((b: { user_account: string }) => b.user_account)).toHaveLength(2);
    expect((await t.call(W.getPayInfos, { bill_ids: [b3.id] }, { token: leader.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(W.ordersPay, { bill_ids: [b1.id, b3.id], idempotency_key: key() }, { token: leader.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );

    // A plain member may not pay another member's bill.
    expect((await t.call(W.orderPackPay, { bill_id: b2.id, idempotency_key: key() }, { token: m1.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );

    behalfAllowed = false;
    const refused = await t.call(W.ordersPay, { bill_ids: [b1.id, b2.id], idempotency_key: key() }, { token: leader.token });
    expect(refused.code).toBe(Code.PAY_ON_BEHALF_REFUSED);
    expect(refused.msg).toBe('Orders lacking goods name or value cannot be paid on behalf');
    behalfAllowed = true;

    const paid = await t.call(W.ordersPay, { bill_ids: [b1.id, b2.id], idempotency_key: key() }, { token: leader.token });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.charged.amount_minor).toBe(2000);
    expect(await balanceOf(t, leader.id)).toBe(8000);
    const leaderTx = await t.call(W.getTransactionList, { type: 'payment' }, { token: leader.token, lang: 'zh_CN' });
    expect(leaderTx.data.list[0]).toMatchObject({ title: '代付团员订单', amount: sgd(-2000) });
    expect(await balanceOf(t, m1.id)).toBe(0);
    const bill1 = await t.call(W.getPayInfo, { bill_id: b1.id }, { token: m1.token });
    expect(bill1.data.bills[0]).toMatchObject({ status: 'paid', paid_by_user_id: leader.id });

    // Not an approved leader any more: no paying for others.
    await t.services.db.execute(sql`update users set examine_status = 0 where id = ${leader.id}`);
    const b4 = await issueBill(t, m1.id, 100, { groupId: gid });
    expect((await t.call(W.orderPackPay, { bill_id: b4.id, idempotency_key: key() }, { token: leader.token })).code).toBe(
      Code.OBJECT_NOT_FOUND,
    );
    await reconciled();
  });
});

describe('auto-pay', () => {
  it('pays bills as issued when the balance covers them, and outstanding ones after a top-up', async () => {
    const u = await makeUser(t);
    const on = await t.call(W.editIsAutoPay, { is_auto_pay: 1 }, { token: u.token });
    expect(on.data.is_auto_pay).toBe(true);
    expect((await t.call(contract.account.authInfo, {}, { token: u.token })).data.is_auto_pay).toBe(true);
    await topUp(t, u.id, 1000);
    const a = await issueBill(t, u.id, 600);
    await t.services.billing.afterIssued(a.id);
    expect((await t.services.billing.findBill(t.services.db, 'pack', a.refId))?.status).toBe('paid');
    const b = await issueBill(t, u.id, 600);
    await t.services.billing.afterIssued(b.id); // 400 left: stays unpaid, no error
    expect((await t.services.billing.findBill(t.services.db, 'pack', b.refId))?.status).toBe('unpaid');
    await topUp(t, u.id, 500);
    expect((await t.services.billing.findBill(t.services.db, 'pack', b.refId))?.status).toBe('paid');
    expect(await balanceOf(t, u.id)).toBe(300);

    await t.call(W.editIsAutoPay, { is_auto_pay: 0 }, { token: u.token });
    const c = await issueBill(t, u.id, 100);
    await t.services.billing.afterIssued(c.id);
    expect((await t.services.billing.findBill(t.services.db, 'pack', c.refId))?.status).toBe('unpaid');
    await reconciled();
  });
});

describe('refunds', () => {
  it("refund returns the money, calls the owner's handler, and cannot happen twice", async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 1000);
    const bill = await issueBill(t, u.id, 700);
    await t.call(W.orderPackPay, { bill_id: bill.id, idempotency_key: key() }, { token: u.token });
    const staff = await staffToken(t);
    const r = await t.call(WA.adminRefundBill, { bill_id: bill.id, reason: 'Pack cancelled' }, { token: staff });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.status).toBe('refunded');
    expect(refundedLog).toEqual([bill.id]);
    expect(await balanceOf(t, u.id)).toBe(1000);
    expect((await t.call(WA.adminRefundBill, { bill_id: bill.id, reason: 'again' }, { token: staff })).code).toBe(Code.BILL_NOT_REFUNDABLE);
    const list = await t.call(W.getTransactionList, { type: 'refund' }, { token: u.token });
    expect(list.data.list[0]).toMatchObject({ amount: sgd(700), balance_after: sgd(1000) });
    const d = await t.call(W.getTransactionDetail, { id: list.data.list[0].id }, { token: u.token });
    expect(d.data.memo).toBe('Pack cancelled');
    // After a refund a new bill for the same object may be issued.
    const again = await issueBill(t, u.id, 100, { refId: bill.refId });
    expect(again.status).toBe('unpaid');
    await reconciled();
  });
});

describe('staff adjustments and reconciliation', () => {
  it('adjusts with a reason as a ledger transaction, idempotently, never below zero', async () => {
    const u = await makeUser(t);
    const staff = await staffToken(t);
    const k = key();
    const plus = await t.call(
      WA.adminAdjustBalance,
      { user_id: u.id, amount: '12.50', reason: 'Compensation', idempotency_key: k },
      { token: staff },
    );
    expect(plus.data).toMatchObject({ balance: sgd(1250), replayed: false });
    const replay = await t.call(
      WA.adminAdjustBalance,
      { user_id: u.id, amount: '12.50', reason: 'Compensation', idempotency_key: k },
      { token: staff },
    );
    expect(replay.data).toMatchObject({ balance: sgd(1250), replayed: true, transaction_id: plus.data.transaction_id });
    expect(
      (await t.call(WA.adminAdjustBalance, { user_id: u.id, amount: '1.00', reason: 'Compensation', idempotency_key: k }, { token: staff }))
        .code,
    ).toBe(Code.IDEMPOTENCY_MISMATCH);
    const tooMuch = await t.call(
      WA.adminAdjustBalance,
      { user_id: u.id, amount: '-20', reason: 'Oops', idempotency_key: key() },
      { token: staff },
    );
    expect(tooMuch.code).toBe(Code.INSUFFICIENT_BALANCE);
    const minus = await t.call(
      WA.adminAdjustBalance,
      { user_id: u.id, amount: '-2.50', reason: 'Correction', idempotency_key: key() },
      { token: staff },
    );
    expect(minus.data.balance).toEqual(sgd(1000));
    expect(
      (await t.call(WA.adminAdjustBalance, { user_id: u.id, amount: '0', reason: 'x', idempotency_key: key() }, { token: staff })).code,
    ).toBe(Code.VALIDATION);
    expect(
      (await t.call(WA.adminAdjustBalance, { user_id: u.id, amount: '1.001', reason: 'x', idempotency_key: key() }, { token: staff })).code,
    ).toBe(Code.VALIDATION);
    const warehouse = await staffToken(t, 'warehouse');
    expect(
      (await t.call(WA.adminAdjustBalance, { user_id: u.id, amount: '5', reason: 'x', idempotency_key: key() }, { token: warehouse })).code,
    ).toBe(Code.FORBIDDEN);

    const w = await t.call(WA.adminWallet, { user_id: u.id }, { token: staff });
    expect(w.data.balance).toEqual(sgd(1000));
    expect(w.data.list.map((e: { amount: { amount_minor: number } }) => e.amount.amount_minor)).toEqual([-250, 1250]);
    const rec = await reconciled();
    expect(rec.accounts.find((a: { code: string }) => a.code === 'adjust:staff').balance).toEqual(sgd(-1000));
    expectMoneyOnly(rec);
    expect(rec.wallets_checked).toBe(1);
  });

  it("reconciliation notices a stored balance edited behind the ledger's back", async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 500);
    await t.services.db.execute(sql`update ledger_accounts set balance_minor = 900 where user_id = ${u.id}`);
    const r = await t.call(WA.adminReconcile, {}, { token: await staffToken(t) });
    expect(r.data.ok).toBe(false);
    expect(r.data.wallet_mismatches).toEqual([{ user_id: u.id, stored: sgd(900), entries: sgd(500) }]);
  });

  it('the database itself refuses a negative wallet balance', async () => {
    const u = await makeUser(t);
    await topUp(t, u.id, 500);
    await expect(t.services.db.execute(sql`update ledger_accounts set balance_minor = -1 where user_id = ${u.id}`)).rejects.toThrow();
  });
});
