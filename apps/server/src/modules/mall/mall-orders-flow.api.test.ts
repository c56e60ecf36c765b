import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { SandboxWxpayProvider } from '../../providers/wxpay.provider.ts';
import { balanceOf, defaultAddress, key, ledgerOk, makeUser, packParcel, product, staff, stockOf, topUp } from './mall-orders.test-kit.ts';

const M = contract.mall;
const MA = contract.mallAdmin;
const W = contract.wallet;
let t: TestApp;
let service: string;
let warehouse: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  service = await staff(t, 'service');
  warehouse = await staff(t, 'warehouse');
  finance = await staff(t, 'finance');
});

async function order(o: { source?: 'jd' | 'taobao' | 'self'; rebateMinor?: number; priceMinor?: number; stock?: number } = {}) {
  const u = await makeUser(t);
  await defaultAddress(t, u.id);
  const p = await product(t, {
    source: o.source ?? 'taobao',
    rebateMinor: o.rebateMinor,
    priceMinor: o.priceMinor ?? 5000,
    stock: o.stock ?? 10,
  });
  const r = await t.call(
    M.createOrder,
    { product_id: p.id, quantity: 2, shipping_mode: 'SEA', idempotency_key: key() },
    { token: u.token },
  );
  expect(r.code, r.msg).toBe(0);
  return { u, p, id: r.data.orders[0].id as number, billId: r.data.bill_ids[0] as number };
}

async function pay(u: { id: number; token: string }, billId: number, couponId?: number) {
  const r = await t.call(W.ordersPay, { bill_ids: [billId], coupon_id: couponId, idempotency_key: key() } as never, { token: u.token });
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

const detail = async (u: { token: string }, id: number) => (await t.call(M.getRecordDetail, { id }, { token: u.token })).data;

describe('paying and fulfilment', () => {
  it('pays from the wallet, then staff buy, ship into a parcel; packed and done follow the parcel; the rebate is credited', async () => {
    const { u, p, id, billId } = await order({ rebateMinor: 50 });
    await topUp(t, u.id, 100_000);
    await pay(u, billId);
    let o = await detail(u, id);
    expect(o).toMatchObject({ status: 'waiting_ship', can_pay: false, can_cancel: true, cancel_needs_confirmation: false });
    expect(o.paid_at).not.toBeNull();
    // Ship before purchase: refused. Purchase needs the platform order number.
    expect((await t.call(MA.adminShipMallOrder, { id, carrier: 'SF', tracking_no: 'SF100' }, { token: warehouse })).code).toBe(
      Code.MALL_ORDER_STATE,
    );
    expect((await t.call(MA.adminPurchaseMallOrder, { id }, { token: service })).code).toBe(Code.VALIDATION);
    expect((await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'TB1' }, { token: warehouse })).code).toBe(Code.FORBIDDEN);
    const bought = await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'TB123' }, { token: service });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data).toMatchObject({ platform_order_no: 'TB123', user_id: u.id, cancel_needs_confirmation: true });
    expect((await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'TB123' }, { token: service })).code).toBe(
      Code.MALL_ORDER_STATE,
    );
    const shipped = await t.call(MA.adminShipMallOrder, { id, carrier: 'SF', tracking_no: 'SF100' }, { token: warehouse });
    expect(shipped.code, shipped.msg).toBe(0);
    expect(shipped.data).toMatchObject({ status: 'shipped', tracking_no: 'SF100' });
    const parcelId = shipped.data.parcel_id as number;
    // The goods are the customer's declared parcel: goods name and value from the order.
    const parcel = await t.call(contract.parcels.getOrderDetail, { id: parcelId }, { token: u.token });
    expect(parcel.code, parcel.msg).toBe(0);
    expect(parcel.data).toMatchObject({ tracking_no: 'SF100', goods_name: expect.stringContaining('商品'), status: 'pending' });
    expect((await t.call(M.cancelOrder, { id }, { token: u.token })).code).toBe(Code.CANCEL_NOT_ALLOWED);
    await packParcel(t, parcelId, 'packed');
    expect((await detail(u, id)).status).toBe('packed');
    const lg = await t.call(M.getLogistics, { id }, { token: u.token });
    expect(lg.data).toMatchObject({ carrier: 'SF', tracking_no: 'SF100', parcel_id: parcelId });
    expect(lg.data.events.length).toBeGreaterThanOrEqual(5);
    const before = await balanceOf(t, u.id);
    await packParcel(t, parcelId, 'delivered');
    o = await detail(u, id);
    expect(o).toMatchObject({ status: 'done', rebate_credited: true, rebate: { amount_minor: 100, currency: 'RMB' } });
    expect(await balanceOf(t, u.id)).toBeGreaterThan(before);
    expect((await ledgerOk(t, finance)).ok).toBe(true);
    // Sales counted once paid (by the sales fold, seconds after the payment).
    await t.services.mallOrders.fulfilment.foldSales();
    const sales = await t.services.db.execute(`select sales from mall_products where id = ${p.id}` as never);
    expect((sales as unknown as { rows: { sales: number }[] }).rows[0].sales).toBe(2);
    // Staff see it by status.
    const list = await t.call(MA.adminMallOrders, { status: 'done' }, { token: service });
    expect(list.data.counts.done).toBe(1);
    expect(list.data.list[0].id).toBe(id);
  });

  it('the order refuses payment once cancelled; paying twice is refused by the wallet', async () => {
    const { u, id, billId } = await order();
    await topUp(t, u.id, 100_000);
    const c = await t.call(M.cancelOrder, { id, reason: 'changed my mind' }, { token: u.token });
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: 'cancelled', cancel_reason: 'changed my mind', refund: { amount_minor: 0, currency: 'RMB' } });
    const r = await t.call(W.ordersPay, { bill_ids: [billId], idempotency_key: key() }, { token: u.token });
    expect(r.code).not.toBe(0);
    expect(await balanceOf(t, u.id)).toBe(100_000);
  });
});

describe('refused transitions', () => {
  it('staff cannot buy, ship or review an unpaid order; nothing cancels a shipped one; paid orders are not paid again by WeChat', async () => {
    const { u, id, billId } = await order();
    expect((await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'A1' }, { token: service })).code).toBe(Code.MALL_ORDER_STATE);
    expect((await t.call(MA.adminShipMallOrder, { id, carrier: 'SF', tracking_no: 'SF1' }, { token: warehouse })).code).toBe(
      Code.MALL_ORDER_STATE,
    );
    expect((await t.call(MA.adminReviewMallCancel, { id, approve: true }, { token: service })).code).toBe(Code.MALL_ORDER_STATE);
    expect((await t.call(MA.adminMallOrder, { id: 999999 }, { token: service })).code).toBe(Code.MALL_ORDER_NOT_FOUND);
    expect((await t.call(MA.adminMallOrders, {}, { token: finance })).code).toBe(Code.FORBIDDEN);
    await topUp(t, u.id, 100_000);
    await pay(u, billId);
    expect((await t.call(M.getWxPay, { ids: [id], idempotency_key: key() }, { token: u.token })).code).toBe(Code.MALL_ORDER_STATE);
    await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'A1' }, { token: service });
    await t.call(MA.adminShipMallOrder, { id, carrier: 'SF', tracking_no: 'SF1' }, { token: warehouse });
    expect((await t.call(MA.adminShipMallOrder, { id, carrier: 'SF', tracking_no: 'SF2' }, { token: warehouse })).code).toBe(
      Code.MALL_ORDER_STATE,
    );
    expect((await t.call(MA.adminCancelMallOrder, { id, reason: 'x' }, { token: service })).code).toBe(Code.CANCEL_NOT_ALLOWED);
    expect((await t.call(M.cancelOrder, { id }, { token: u.token })).code).toBe(Code.CANCEL_NOT_ALLOWED);
    const d = await t.call(MA.adminMallOrder, { id }, { token: warehouse });
    expect(d.data).toMatchObject({ status: 'shipped', can_cancel: false, user_id: u.id });
  });
});

describe('cancelling', () => {
  it('before purchase: refunded at once to the wallet, the coupon returned, the stock back; ledger balanced', async () => {
    const { u, p, id, billId } = await order();
    await topUp(t, u.id, 100_000);
    const batch = await t.call(
      contract.walletAdmin.adminCouponBatchCreate,
      {
        kind: 'discount',
        name_en: 'Mall 1',
        name_zh: '商城1',
        discount_type: 'amount',
        amount: '1',
        issue_mode: 'activity',
        applies_to: ['mall'],
      },
      { token: finance },
    );
    expect(batch.code, batch.msg).toBe(0);
    const coupon = (await t.call(W.claimeActivityCoupon, { batch_id: batch.data.id }, { token: u.token })).data;
    const info = await t.call(M.getTradeInfo, { product_id: p.id }, { token: u.token });
    expect(info.data.coupons[0]).toMatchObject({ id: coupon.id, usable: true, discount: { amount_minor: 100, currency: 'SGD' } });
    const paid = await pay(u, billId, coupon.id);
    expect(paid.discount.amount_minor).toBe(100);
    expect(await stockOf(t, p.skuId)).toBe(8);
    expect((await t.call(M.cancelJdOrder, { id }, { token: u.token })).code).toBe(Code.WRONG_CANCEL_CALL);
    expect((await t.call(M.cancelSelfShopOrder, { id }, { token: u.token })).code).toBe(Code.WRONG_CANCEL_CALL);
    const c = await t.call(M.cancelOrder, { id, reason: 'no longer needed' }, { token: u.token });
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: 'cancelled', refund: { amount_minor: 10_000, currency: 'RMB' } });
    expect(await balanceOf(t, u.id)).toBe(100_000);
    expect(await stockOf(t, p.skuId)).toBe(10);
    const coupons = await t.call(W.getCoupunList, { status: 'unused' }, { token: u.token });
    expect(coupons.data.list.map((x: { id: number }) => x.id)).toContain(coupon.id);
    expect((await ledgerOk(t, finance)).ok).toBe(true);
    expect((await t.call(M.cancelOrder, { id }, { token: u.token })).code).toBe(Code.MALL_ORDER_STATE);
  });

  it('after purchase: a request staff confirm (refund) or refuse (back to waiting ship with the reason)', async () => {
    const { u, id, billId } = await order({ source: 'jd' });
    await topUp(t, u.id, 100_000);
    await pay(u, billId);
    await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'JD9' }, { token: service });
    const req = await t.call(M.cancelJdOrder, { id, reason: 'too slow' }, { token: u.token });
    expect(req.data).toMatchObject({ status: 'cancel_pending', can_cancel: false });
    expect((await t.call(M.cancelJdOrder, { id }, { token: u.token })).code).toBe(Code.MALL_ORDER_STATE);
    expect((await t.call(MA.adminReviewMallCancel, { id, approve: false }, { token: service })).code).toBe(Code.VALIDATION);
    const refused = await t.call(MA.adminReviewMallCancel, { id, approve: false, reason: 'already shipped by JD' }, { token: service });
    expect(refused.data).toMatchObject({ status: 'waiting_ship', cancel_refused_reason: 'already shipped by JD' });
    expect((await t.call(MA.adminReviewMallCancel, { id, approve: true }, { token: service })).code).toBe(Code.MALL_ORDER_STATE);
    await t.call(M.cancelOrder, { id, reason: 'please' }, { token: u.token });
    const ok = await t.call(MA.adminReviewMallCancel, { id, approve: true }, { token: service });
    expect(ok.data).toMatchObject({ status: 'cancelled', refund: { amount_minor: 10_000, currency: 'RMB' } });
    expect(await balanceOf(t, u.id)).toBe(100_000);
    expect((await ledgerOk(t, finance)).ok).toBe(true);
  });

  it('own shop: cancelled at once before shipping even after picking; staff cancel what they cannot buy', async () => {
    const { u, p, id, billId } = await order({ source: 'self' });
    await topUp(t, u.id, 200_000);
    await pay(u, billId);
    await t.call(MA.adminPurchaseMallOrder, { id }, { token: service });
    const c = await t.call(M.cancelSelfShopOrder, { id }, { token: u.token });
    expect(c.data).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(t, p.skuId)).toBe(10);
    const second = await order();
    await topUp(t, second.u.id, 100_000);
    await pay(second.u, second.billId);
    const sc = await t.call(MA.adminCancelMallOrder, { id: second.id, reason: 'sold out' }, { token: service });
    expect(sc.data).toMatchObject({ status: 'cancelled', cancel_reason: 'sold out', refund: { amount_minor: 10_000, currency: 'RMB' } });
    expect(await balanceOf(t, second.u.id)).toBe(100_000);
  });

  it('a refund of a done order reverses its rebate, balanced in the ledger', async () => {
    const { u, id, billId } = await order({ rebateMinor: 500 });
    await topUp(t, u.id, 100_000);
    await pay(u, billId);
    await t.call(MA.adminPurchaseMallOrder, { id, platform_order_no: 'X1' }, { token: service });
    // Staff pick the courier by its name (as the console offers it): the parcel records the courier, not 'unknown'.
    const s = await t.call(MA.adminShipMallOrder, { id, carrier: '圆通速递', tracking_no: 'YT777' }, { token: warehouse });
    const shippedParcel = await t.call(contract.parcels.getOrderDetail, { id: s.data.parcel_id }, { token: u.token });
    expect(shippedParcel.data.carrier_name).toBe('YTO Express');
    await packParcel(t, s.data.parcel_id, 'packed');
    await packParcel(t, s.data.parcel_id, 'delivered');
    expect((await detail(u, id)).rebate_credited).toBe(true);
    const withRebate = await balanceOf(t, u.id);
    expect(withRebate).toBeGreaterThan(0);
    // The customer's transactions name the rebate (not "Balance adjustment"), and its detail gives the order.
    const sn = (await detail(u, id)).order_sn;
    const credit = (await t.call(W.getTransactionList, {}, { token: u.token })).data.list[0];
    expect(credit).toMatchObject({ type: 'adjustment', title: 'Mall rebate' });
    expect(credit.amount.amount_minor).toBeGreaterThan(0);
    const zh = await t.call(W.getTransactionList, {}, { token: u.token, lang: 'zh_CN' });
    expect(zh.data.list[0].title).toBe('商城返利');
    const creditDetail = await t.call(W.getTransactionDetail, { id: credit.id }, { token: u.token });
    expect(creditDetail.data.memo).toBe(sn);
    const r = await t.call(contract.walletAdmin.adminRefundBill, { bill_id: billId, reason: 'faulty' }, { token: finance });
    expect(r.code, r.msg).toBe(0);
    const o = await detail(u, id);
    expect(o).toMatchObject({ status: 'cancelled', rebate_credited: false });
    expect(await balanceOf(t, u.id)).toBe(100_000);
    const reversed = (await t.call(W.getTransactionList, { direction: 'out' }, { token: u.token, lang: 'zh_CN' })).data.list[0];
    expect(reversed).toMatchObject({ title: '商城返利撤回', amount: { amount_minor: -credit.amount.amount_minor, currency: 'SGD' } });
    const led = await ledgerOk(t, finance);
    expect(led.ok).toBe(true);
    expect(led.accounts.find((a) => a.code === 'expense:rewards')?.balance.amount_minor ?? 0).toBe(0);
  });
});

describe('expiry and WeChat Pay', () => {
  it('the job cancels unpaid orders past pay_before: bill cancelled, stock back, the customer told', async () => {
    const { u, p, id, billId } = await order();
    expect(await t.services.mallOrders.fulfilment.expireDue()).toBe(0);
    expect(await t.services.mallOrders.fulfilment.expireDue(new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await detail(u, id)).toMatchObject({ status: 'cancelled', cancel_reason: 'expired', can_pay: false });
    expect(await stockOf(t, p.skuId)).toBe(10);
    const bills = await t.call(W.getPayInfos, { bill_ids: [billId] }, { token: u.token });
    expect(bills.data.bills[0].status).toBe('cancelled');
    const notes = await t.call(contract.platform.notificationList, {}, { token: u.token });
    expect(notes.code, notes.msg).toBe(0);
    expect(JSON.stringify(notes.data)).toContain('has expired');
    expect(JSON.stringify(notes.data)).toContain('or the order expires');
  });

  it('pays by WeChat: the top-up arrives and pays the bills', async () => {
    const { u, id } = await order();
    const k = key();
    const w = await t.call(M.getWxPay, { ids: [id], idempotency_key: k }, { token: u.token });
    expect(w.code, w.msg).toBe(0);
    expect(w.data.amount_sgd.currency).toBe('SGD');
    expect(w.data.amount_sgd.amount_minor).toBeGreaterThan(0);
    expect((await t.call(M.getWxPay, { ids: [id], idempotency_key: k }, { token: u.token })).data.out_trade_no).toBe(w.data.out_trade_no);
    expect((await t.call(M.getWxPayResult, { out_trade_no: w.data.out_trade_no }, { token: u.token })).data.status).toBe('pending');
    (t.services.providers.wxpay as SandboxWxpayProvider).confirm(w.data.out_trade_no);
    const r = await t.call(M.getWxPayResult, { out_trade_no: w.data.out_trade_no }, { token: u.token });
    expect(r.data.status).toBe('paid');
    expect(r.data.orders[0].status).toBe('waiting_ship');
    expect(await balanceOf(t, u.id)).toBe(0);
    const other = await makeUser(t);
    expect((await t.call(M.getWxPayResult, { out_trade_no: w.data.out_trade_no }, { token: other.token })).code).toBe(
      Code.MALL_ORDER_NOT_FOUND,
    );
  });

  it('a WeChat payment arriving after the order expired stays in the balance, never lost', async () => {
    const { u, id } = await order();
    const w = await t.call(M.getWxPay, { ids: [id], idempotency_key: key() }, { token: u.token });
    await t.services.mallOrders.fulfilment.expireDue(new Date(Date.now() + 31 * 60_000));
    const sandbox = t.services.providers.wxpay as SandboxWxpayProvider;
    const note = sandbox.confirm(w.data.out_trade_no)!;
    const res = await t.app.inject({ method: 'POST', url: '/api/notify/wxpay', headers: note.headers, payload: note.body });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, u.id)).toBe(w.data.amount_sgd.amount_minor);
    const r = await t.call(M.getWxPayResult, { out_trade_no: w.data.out_trade_no }, { token: u.token });
    expect(r.data.status).toBe('paid');
    expect(r.data.orders[0].status).toBe('cancelled');
    expect((await t.call(M.getWxPay, { ids: [id], idempotency_key: key() }, { token: u.token })).code).toBe(Code.MALL_ORDER_EXPIRED);
    expect((await ledgerOk(t, finance)).ok).toBe(true);
  });
});
