import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Bill } from '../wallet/index.ts';
import { markOrdersPaid } from './mall-orders.repository.ts';
import { defaultAddress, key, makeUser, topUp } from './mall-orders.test-kit.ts';

const M = contract.mall;
const W = contract.wallet;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.mallCatalogue.ensureCatalogue();
});

/** A seeded product as the search list shows it (the list views the catalogue keeps), and an SKU in stock. */
async function goods() {
  const list = async () => (await t.call(M.getRequestParam, { keyword: '耳机', page: 1, page_size: 1 })).data.list[0];
  const first = await list();
  const detail = await t.call(M.getDetail, { id: first.id });
  const sku = detail.data.skus.find((s: { stock: number }) => s.stock >= 10)!;
  const listed = async () => {
    const r = await t.call(M.getRequestParam, { keyword: '耳机', page: 1, page_size: 20 });
    return r.data.list.find((p: { id: number }) => p.id === first.id) as { sales: number; stock: number };
  };
  return { id: first.id as number, skuId: sku.id as number, sales: first.sales as number, listed };
}

async function orderOf(productId: number, skuId: number, quantity: number) {
  const u = await makeUser(t);
  await defaultAddress(t, u.id);
  await topUp(t, u.id, 1_000_000);
  const r = await t.call(
    M.createOrder,
    { product_id: productId, sku_id: skuId, quantity, shipping_mode: 'SEA', idempotency_key: key() },
    { token: u.token },
  );
  expect(r.code, r.msg).toBe(0);
  return { u, id: r.data.orders[0].id as number, billId: r.data.bill_ids[0] as number };
}

const pay = (o: { u: { token: string }; billId: number }) =>
  t.call(W.ordersPay, { bill_ids: [o.billId], idempotency_key: key() }, { token: o.u.token });

describe("a product's sales", () => {
  it('count a paid order right after its payment commits, once, and the list views show it', async () => {
    const g = await goods();
    const o = await orderOf(g.id, g.skuId, 3);
    expect((await g.listed()).sales).toBe(g.sales);
    const paid = await pay(o);
    expect(paid.code, paid.msg).toBe(0);
    // Counted by a fold in its own transaction once the payment committed, not by the payment itself.
    await t.services.mallOrders.fulfilment.salesCounted();
    expect((await g.listed()).sales).toBe(g.sales + 3);
    // Folded once: another fold (the minute's job) finds nothing.
    expect(await t.services.mallOrders.fulfilment.foldSales()).toBe(0);
    await t.jobs.runDue();
    expect((await g.listed()).sales).toBe(g.sales + 3);
  });

  it("a fold counts sales an earlier one did not (a crash between a payment and its fold: the minute's job)", async () => {
    const g = await goods();
    const o = await orderOf(g.id, g.skuId, 2);
    // The order marked paid as the payment's handler does, with no fold after it: as if the process ended there.
    await t.services.db.transaction((tx) => markOrdersPaid(tx, [o.id], new Date()));
    expect((await g.listed()).sales).toBe(g.sales);
    expect(await t.services.mallOrders.fulfilment.foldSales()).toBe(1);
    expect((await g.listed()).sales).toBe(g.sales + 2);
  });

  it('a refund gives the stock back and leaves the counted sale, as refunds always have', async () => {
    const g = await goods();
    const o = await orderOf(g.id, g.skuId, 2);
    expect((await pay(o)).code).toBe(0);
    await t.services.mallOrders.fulfilment.foldSales();
    const stock = (await g.listed()).stock;
    const c = await t.call(M.cancelOrder, { id: o.id, reason: 'changed my mind' }, { token: o.u.token });
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: 'cancelled' });
    await t.services.mallOrders.fulfilment.foldSales();
    expect(await g.listed()).toMatchObject({ sales: g.sales + 2, stock: stock + 2 });
  });

  it('a run of payments is counted in a few folds, not one after every payment', async () => {
    const g = await goods();
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await orderOf(g.id, g.skuId, 1));
    const folds = vi.spyOn(t.services.mallOrders.fulfilment, 'foldSales');
    try {
      for (const o of orders) expect((await pay(o)).code).toBe(0);
      await t.services.mallOrders.fulfilment.salesCounted();
      expect((await g.listed()).sales).toBe(g.sales + 5);
      expect(folds.mock.calls.length).toBeLessThan(5);
    } finally {
      folds.mockRestore();
    }
  });

  it('two payments of the same goods at once both succeed and both count', async () => {
    const g = await goods();
    const a = await orderOf(g.id, g.skuId, 1);
    const b = await orderOf(g.id, g.skuId, 2);
    const [ra, rb] = await Promise.all([pay(a), pay(b)]);
    expect([ra.code, rb.code], `${ra.msg} ${rb.msg}`).toEqual([0, 0]);
    await t.services.mallOrders.fulfilment.salesCounted();
    expect((await g.listed()).sales).toBe(g.sales + 3);
  });

  // PostgreSQL: a payment no longer waits on another payment of the same goods (it used to add to the product's
  // row and hold it until COMMIT). PGlite's one connection would make the second payment wait for the first.
  it.skipIf(!process.env.DATABASE_URL)('a payment of the goods goes through while another one is not yet committed', async () => {
    const g = await goods();
    const a = await orderOf(g.id, g.skuId, 1);
    const b = await orderOf(g.id, g.skuId, 2);
    const f = t.services.mallOrders.fulfilment;
    await expect(
      t.services.db.transaction(async (tx) => {
        await f.paid(tx, [{ refId: a.id, paidAt: new Date() } as Bill]);
        const rb = await pay(b);
        expect(rb.code, rb.msg).toBe(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await f.foldSales();
    expect((await g.listed()).sales).toBe(g.sales + 2);
    // The rolled-back payment recorded nothing; the order still waits and can be paid.
    expect((await pay(a)).code).toBe(0);
    await f.foldSales();
    expect((await g.listed()).sales).toBe(g.sales + 3);
  });

  // Last: it stops the fulfilment's folds for the rest of this app.
  it("closing drops a fold still waiting for its turn; its sales are left for the minute's job", async () => {
    const g = await goods();
    const a = await orderOf(g.id, g.skuId, 1);
    const b = await orderOf(g.id, g.skuId, 2);
    const f = t.services.mallOrders.fulfilment;
    expect((await pay(a)).code).toBe(0);
    await f.salesCounted();
    // The next payment's fold waits for the gap since the last one.
    expect((await pay(b)).code).toBe(0);
    const warn = vi.spyOn(console, 'warn');
    try {
      const started = Date.now();
      await f.stop();
      expect(Date.now() - started).toBeLessThan(400);
      expect((await g.listed()).sales).toBe(g.sales + 1);
      expect((await pay(await orderOf(g.id, g.skuId, 4))).code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(warn).not.toHaveBeenCalled();
      // The minute's job counts what the dropped fold would have.
      expect(await f.foldSales()).toBe(1);
      expect((await g.listed()).sales).toBe(g.sales + 7);
    } finally {
      warn.mockRestore();
    }
  });
});
