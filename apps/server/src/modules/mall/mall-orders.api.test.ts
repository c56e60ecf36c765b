import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { realGroup } from '../groups/groups.test-kit.ts';
import { createMallCataloguePort } from './mall-catalogue.port.ts';
import { defaultAddress, expectMoneyOnly, key, makeUser, product, setPrice, stockOf } from './mall-orders.test-kit.ts';

const M = contract.mall;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

describe('cart', () => {
  it('adds to the line of the same SKU, bounded by stock; grouped by source then seller; counts', async () => {
    const u = await makeUser(t);
    const a = await product(t, { source: 'jd', shop: 'JD self', stock: 5 });
    const b = await product(t, { source: 'taobao', shop: 'Shop A' });
    const c = await product(t, { source: 'taobao', shop: 'Shop B' });
    const put = await t.call(M.putIntoShoppingCart, { product_id: a.id, quantity: 2 }, { token: u.token });
    expect(put.code, put.msg).toBe(0);
    expect(put.data).toMatchObject({ cart_count: 1, item: { quantity: 2, source: 'jd', available: true } });
    expect((await t.call(M.putIntoShoppingCart, { product_id: a.id, quantity: 3 }, { token: u.token })).data.item.quantity).toBe(5);
    const over = await t.call(M.putIntoShoppingCart, { product_id: a.id, quantity: 1 }, { token: u.token });
    expect(over.code).toBe(Code.OUT_OF_STOCK);
    expect(over.msg).toBe('Not enough stock: at most 5 can be bought');
    await t.call(M.putIntoShoppingCart, { product_id: c.id }, { token: u.token });
    await t.call(M.putIntoShoppingCart, { product_id: b.id }, { token: u.token });
    const cart = await t.call(M.showShoppingCart, {}, { token: u.token });
    expect(cart.data.groups.map((g: { source: string; shop_name: string }) => `${g.source}/${g.shop_name}`)).toEqual([
      'jd/JD self',
      'taobao/Shop A',
      'taobao/Shop B',
    ]);
    expect(cart.data).toMatchObject({ count: 3, selected_count: 3, selected_total: { amount_minor: 7000, currency: 'RMB' } });
    expectMoneyOnly(cart.data, ['price', 'added_price', 'selected_total']);
    expect((await t.call(M.showShoppingCartCount, {}, { token: u.token })).data.count).toBe(3);
    expect((await t.call(M.showShoppingCartCount, {})).data.count).toBe(0);
  });

  it('refuses bad input in the caller’s language; unknown goods, SKU choice, off-sale', async () => {
    const u = await makeUser(t);
    const multi = await product(t, { skus: 2 });
    const off = await product(t, { onSale: false });
    expect((await t.call(M.putIntoShoppingCart, { product_id: multi.id }, { token: u.token })).code).toBe(Code.SKU_REQUIRED);
    expect((await t.call(M.putIntoShoppingCart, { product_id: 99999 }, { token: u.token })).code).toBe(Code.PRODUCT_NOT_FOUND);
    const offR = await t.call(M.putIntoShoppingCart, { product_id: off.id }, { token: u.token, lang: 'zh_CN' });
    expect(offR.code).toBe(Code.PRODUCT_OFF_SALE);
    expect(offR.msg).toBe('该商品已下架');
    const zero = await t.call(M.putIntoShoppingCart, { product_id: multi.id, sku_id: multi.skuId, quantity: 0 }, { token: u.token });
    expect(zero.code).toBe(Code.VALIDATION);
    expect((await t.call(M.showShoppingCart, {})).code).toBe(Code.LOGIN_REQUIRED);
  });

  it('marks lines of goods gone off sale or out of stock unavailable, and leaves them out of the total', async () => {
    const u = await makeUser(t);
    const a = await product(t, { stock: 3 });
    const b = await product(t);
    await t.call(M.putIntoShoppingCart, { product_id: a.id, quantity: 2 }, { token: u.token });
    await t.call(M.putIntoShoppingCart, { product_id: b.id }, { token: u.token });
    await t.services.db.execute(`update mall_skus set stock = 1 where id = ${a.skuId}` as never);
    await t.services.db.execute(`update mall_products set on_sale = false where id = ${b.id}` as never);
    const cart = await t.call(M.showShoppingCart, {}, { token: u.token });
    const items = cart.data.groups.flatMap((g: { items: unknown[] }) => g.items);
    expect(items.every((i: { available: boolean }) => !i.available)).toBe(true);
    expect(cart.data.selected_total).toEqual({ amount_minor: 0, currency: 'RMB' });
  });

  it('changes quantity (1..stock) and selection; removes lines; at most 99 lines', async () => {
    const u = await makeUser(t);
    const a = await product(t, { stock: 4 });
    const line = (await t.call(M.putIntoShoppingCart, { product_id: a.id }, { token: u.token })).data.item;
    const upd = await t.call(M.updateCargoShoppingCart, { ids: [line.id], quantity: 4, selected: false }, { token: u.token });
    expect(upd.code, upd.msg).toBe(0);
    expect(upd.data.groups[0].items[0]).toMatchObject({ quantity: 4, selected: false });
    expect(upd.data.selected_count).toBe(0);
    expect((await t.call(M.updateCargoShoppingCart, { ids: [line.id], quantity: 5 }, { token: u.token })).code).toBe(Code.OUT_OF_STOCK);
    expect((await t.call(M.updateCargoShoppingCart, { ids: [line.id] }, { token: u.token })).code).toBe(Code.VALIDATION);
    expect((await t.call(M.removeCargofromShoppingCart, { ids: String(line.id) }, { token: u.token })).data.cart_count).toBe(0);
    expect((await t.call(M.removeCargofromShoppingCart, { ids: [line.id] }, { token: u.token })).code).toBe(Code.CART_ITEM_NOT_FOUND);

    for (let i = 0; i < 99; i++) {
      const p = await product(t);
      await t.services.mallOrders.cart.put(u.id, { product_id: p.id, quantity: 1 });
    }
    const p100 = await product(t);
    const full = await t.call(M.putIntoShoppingCart, { product_id: p100.id }, { token: u.token });
    expect(full.code).toBe(Code.CART_FULL);
  });

  it('another customer can neither see nor change my cart', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    const a = await product(t);
    const line = (await t.call(M.putIntoShoppingCart, { product_id: a.id }, { token: me.token })).data.item;
    expect((await t.call(M.showShoppingCart, {}, { token: other.token })).data.count).toBe(0);
    expect((await t.call(M.updateCargoShoppingCart, { ids: [line.id], quantity: 2 }, { token: other.token })).code).toBe(
      Code.CART_ITEM_NOT_FOUND,
    );
    expect((await t.call(M.removeCargofromShoppingCart, { ids: [line.id] }, { token: other.token })).code).toBe(Code.CART_ITEM_NOT_FOUND);
    expect((await t.call(M.getTradeInfo, { cart_ids: [line.id] }, { token: other.token })).code).toBe(Code.CART_ITEM_NOT_FOUND);
    expect((await t.call(M.showShoppingCart, {}, { token: me.token })).data.groups[0].items[0].quantity).toBe(1);
  });
});

describe('settlement and createOrder', () => {
  it('one order per seller within a source, JD freight free over ¥59, rebate, modes and the default address', async () => {
    const u = await makeUser(t);
    await defaultAddress(t, u.id);
    const jd = await product(t, { source: 'jd', shop: 'JD', priceMinor: 3000, freightMinor: 600, rebateMinor: 10 });
    const tb = await product(t, { source: 'taobao', shop: 'A', priceMinor: 1000, freightMinor: 800, airAllowed: false });
    const l1 = (await t.call(M.putIntoShoppingCart, { product_id: jd.id, quantity: 1 }, { token: u.token })).data.item;
    const l2 = (await t.call(M.putIntoShoppingCart, { product_id: tb.id, quantity: 2 }, { token: u.token })).data.item;
    const info = await t.call(M.getTradeInfo, { cart_ids: [l1.id, l2.id] }, { token: u.token });
    expect(info.code, info.msg).toBe(0);
    expect(info.data.orders).toHaveLength(2);
    expect(info.data.orders[0]).toMatchObject({
      source: 'jd',
      goods_total: { amount_minor: 3000, currency: 'RMB' },
      inland_freight: { amount_minor: 600, currency: 'RMB' },
      rebate: { amount_minor: 10, currency: 'RMB' },
    });
    expect(info.data.orders[1]).toMatchObject({
      source: 'taobao',
      goods_total: { amount_minor: 2000, currency: 'RMB' },
      inland_freight: { amount_minor: 800, currency: 'RMB' },
    });
    expect(info.data).toMatchObject({
      total: { amount_minor: 6400, currency: 'RMB' },
      pay_within_minutes: 30,
      group: null,
      price_changed: false,
    });
    expect(info.data.total_sgd.currency).toBe('SGD');
    // Every amount of the settlement is Money, in its own currency; no flat *_minor field or decimal string is left.
    expectMoneyOnly(info.data, ['price', 'rebate', 'goods_total', 'inland_freight', 'total', 'total_sgd']);
    expect(info.data.default_address.receiver).toBe('Tan');
    const modes = Object.fromEntries(info.data.shipping_modes.map((m: { mode: string; allowed: boolean }) => [m.mode, m.allowed]));
    expect(modes).toEqual({ GROUP: false, SEA: true, AIR: false });
    // Two of the JD item: ¥60 ≥ ¥59, free mainland shipping.
    await t.call(M.updateCargoShoppingCart, { ids: [l1.id], quantity: 2 }, { token: u.token });
    expect((await t.call(M.getTradeInfo, { cart_ids: [l1.id] }, { token: u.token })).data.orders[0].inland_freight.amount_minor).toBe(0);

    expect(
      (await t.call(M.createOrder, { cart_ids: [l1.id, l2.id], shipping_mode: 'AIR', idempotency_key: key() }, { token: u.token })).code,
    ).toBe(Code.SHIPPING_MODE_NOT_ALLOWED);
    expect(
      (await t.call(M.createOrder, { cart_ids: [l1.id, l2.id], shipping_mode: 'GROUP', idempotency_key: key() }, { token: u.token })).code,
    ).toBe(Code.JOIN_GROUP_FIRST);
    const before = await stockOf(t, tb.skuId);
    const k = key();
    const made = await t.call(
      M.createOrder,
      { cart_ids: [l1.id, l2.id], shipping_mode: 'SEA', expected_total: { amount_minor: 8800, currency: 'RMB' }, idempotency_key: k },
      { token: u.token },
    );
    expect(made.code, made.msg).toBe(0);
    expect(made.data.orders.map((o: { status: string; source: string }) => `${o.source}:${o.status}`)).toEqual([
      'jd:waiting_pay',
      'taobao:waiting_pay',
    ]);
    expect(made.data.bill_ids).toHaveLength(2);
    expect(made.data.total).toEqual({ amount_minor: 8800, currency: 'RMB' });
    expectMoneyOnly(made.data, ['total', 'total_sgd', 'goods_total', 'refund']);
    expect(made.data.orders[0].deliver_to).toContain('Tampines');
    expect(made.data.orders[0].can_pay).toBe(true);
    expect(await stockOf(t, tb.skuId)).toBe(before - 2);
    expect((await t.call(M.showShoppingCartCount, {}, { token: u.token })).data.count).toBe(0);
    // The same key: the same orders, nothing taken twice.
    const again = await t.call(M.createOrder, { cart_ids: [l1.id, l2.id], shipping_mode: 'SEA', idempotency_key: k }, { token: u.token });
    expect(again.code, again.msg).toBe(0);
    expect(again.data.orders.map((o: { id: number }) => o.id)).toEqual(made.data.orders.map((o: { id: number }) => o.id));
    expect(await stockOf(t, tb.skuId)).toBe(before - 2);
    // The bills are the wallet's, in RMB, payable before pay_before.
    const bills = await t.call(contract.wallet.getPayInfos, { bill_ids: made.data.bill_ids }, { token: u.token });
    expect(bills.code, bills.msg).toBe(0);
    expect(bills.data.bills.map((b: { kind: string; amount: { currency: string } }) => `${b.kind}/${b.amount.currency}`)).toEqual([
      'mall/RMB',
      'mall/RMB',
    ]);
    expect(bills.data.bills[0].pay_before).toBe(made.data.pay_before);
  });

  it('prices re-checked, stock taken at once, address and group rules, buy now', async () => {
    const u = await makeUser(t);
    const p = await product(t, { priceMinor: 1000, stock: 2 });
    const line = (await t.call(M.putIntoShoppingCart, { product_id: p.id }, { token: u.token })).data.item;
    expect(
      (await t.call(M.createOrder, { cart_ids: [line.id], shipping_mode: 'SEA', idempotency_key: key() }, { token: u.token })).code,
    ).toBe(Code.ADDRESS_REQUIRED);
    await defaultAddress(t, u.id);
    await setPrice(t, p.skuId, 1200);
    const info = await t.call(M.getTradeInfo, { cart_ids: [line.id] }, { token: u.token });
    expect(info.data.price_changed).toBe(true);
    expect(info.data.orders[0].items[0]).toMatchObject({ price: { amount_minor: 1200, currency: 'RMB' }, price_changed: true });
    const changed = await t.call(
      M.createOrder,
      { cart_ids: [line.id], shipping_mode: 'SEA', expected_total: { amount_minor: 1000, currency: 'RMB' }, idempotency_key: key() },
      { token: u.token },
    );
    expect(changed.code).toBe(Code.PRICE_CHANGED);
    expect(changed.data).toEqual({ total: { amount_minor: 1200, currency: 'RMB' } });
    // The echo names its currency: today's amount in another currency is not the total the customer saw.
    const otherCurrency = await t.call(
      M.createOrder,
      { cart_ids: [line.id], shipping_mode: 'SEA', expected_total: { amount_minor: 1200, currency: 'SGD' }, idempotency_key: key() },
      { token: u.token },
    );
    expect(otherCurrency.code).toBe(Code.PRICE_CHANGED);
    expect(await stockOf(t, p.skuId)).toBe(2);
    // Buy now, with a group: GROUP goes to the leader.
    const leader = await makeUser(t);
    await realGroup(t, leader.id, [u.id]);
    const info2 = await t.call(M.getTradeInfo, { product_id: p.id, quantity: 2 }, { token: u.token });
    expect(info2.data.group).toMatchObject({ leader_name: `G${leader.id}` });
    const made = await t.call(
      M.createOrder,
      { product_id: p.id, quantity: 2, shipping_mode: 'GROUP', idempotency_key: key() },
      { token: u.token },
    );
    expect(made.code, made.msg).toBe(0);
    expect(made.data.orders[0]).toMatchObject({
      shipping_mode: 'GROUP',
      leader_name: `G${leader.id}`,
      total: { amount_minor: 2400, currency: 'RMB' },
    });
    expect(await stockOf(t, p.skuId)).toBe(0);
    const none = await t.call(M.createOrder, { product_id: p.id, shipping_mode: 'GROUP', idempotency_key: key() }, { token: u.token });
    expect(none.code).toBe(Code.OUT_OF_STOCK);
    expect((await t.call(M.getTradeInfo, {}, { token: u.token })).code).toBe(Code.VALIDATION);
  });

  it('a search shows the stock an order took and gave back at once (the list views it keeps are forgotten)', async () => {
    await t.services.mallCatalogue.ensureCatalogue();
    const u = await makeUser(t);
    await defaultAddress(t, u.id);
    const first = async () => (await t.call(M.getRequestParam, { keyword: '耳机', page: 1, page_size: 1 })).data.list[0];
    const before = await first();
    expect(await first()).toEqual(before);
    const detail = await t.call(M.getDetail, { id: before.id });
    const sku = detail.data.skus.find((s: { stock: number }) => s.stock > 0)!;
    const made = await t.call(
      M.createOrder,
      { product_id: before.id, sku_id: sku.id, quantity: 1, shipping_mode: 'SEA', idempotency_key: key() },
      { token: u.token },
    );
    expect(made.code, made.msg).toBe(0);
    expect((await first()).stock).toBe(before.stock - 1);
    const cancelled = await t.call(M.cancelOrder, { id: made.data.orders[0].id }, { token: u.token });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect((await first()).stock).toBe(before.stock);
  });

  // PostgreSQL: a search on another connection can run while an order's transaction is open (PGlite's one
  // connection makes it wait for the COMMIT).
  it.skipIf(!process.env.DATABASE_URL)(
    'a search while an order takes stock keeps the old stock only until that order commits',
    async () => {
      await t.services.mallCatalogue.ensureCatalogue();
      const first = async () => (await t.call(M.getRequestParam, { keyword: '耳机', page: 1, page_size: 1 })).data.list[0];
      const before = await first();
      const detail = await t.call(M.getDetail, { id: before.id });
      const sku = detail.data.skus.find((s: { stock: number }) => s.stock > 0)!;
      const port = createMallCataloguePort((ids) => t.services.mallCatalogue.catalogue.goodsChanged(ids));
      await t.services.db.transaction(async (tx) => {
        await port.takeStock(tx, sku.id, 1);
        // Not committed yet: the search reads the old stock and keeps that view.
        expect((await first()).stock).toBe(before.stock);
      });
      expect((await first()).stock).toBe(before.stock - 1);
    },
  );

  it('air over 100 kg asks for customer service', async () => {
    const u = await makeUser(t);
    await defaultAddress(t, u.id);
    const heavy = await product(t, { weightG: 60_000 });
    const r = await t.call(
      M.createOrder,
      { product_id: heavy.id, quantity: 2, shipping_mode: 'AIR', idempotency_key: key() },
      { token: u.token },
    );
    expect(r.code).toBe(Code.AIR_TOO_HEAVY);
    const info = await t.call(M.getTradeInfo, { product_id: heavy.id, quantity: 2 }, { token: u.token });
    expect(info.data.shipping_modes.find((m: { mode: string }) => m.mode === 'AIR')).toMatchObject({ allowed: false });
  });
});

describe('the order centre', () => {
  it('lists, counts and shows only my orders', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    await defaultAddress(t, me.id);
    const p = await product(t);
    const made = await t.call(M.createOrder, { product_id: p.id, shipping_mode: 'SEA', idempotency_key: key() }, { token: me.token });
    const id = made.data.orders[0].id;
    const list = await t.call(M.getRecords, { status: 'waiting_pay' }, { token: me.token });
    expect(list.data).toMatchObject({ total: 1 });
    expect((await t.call(M.getRecords, {}, { token: other.token })).data.total).toBe(0);
    const counts = await t.call(M.getRecordsCount, {}, { token: me.token });
    expect(counts.data).toMatchObject({ total: 1, counts: { waiting_pay: 1, done: 0 } });
    expect((await t.call(M.getRecordDetail, { id }, { token: me.token })).data.order_sn).toBe(made.data.orders[0].order_sn);
    for (const call of [M.getRecordDetail, M.getLogistics, M.cancelOrder] as const)
      expect((await t.call(call, { id }, { token: other.token })).code).toBe(Code.MALL_ORDER_NOT_FOUND);
    const lg = await t.call(M.getLogistics, { id }, { token: me.token, lang: 'zh_CN' });
    expect(lg.data.events[0].text).toBe('订单已提交');
    expect((await t.call(M.getWxPay, { ids: [id], idempotency_key: key() }, { token: other.token })).code).toBe(Code.MALL_ORDER_NOT_FOUND);
  });
});
