import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { defaultAddress, key, makeUser, product } from './mall-orders.test-kit.ts';

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

/** Each refusal names what is actually wrong, in both languages (issue: every one of these said something else). */
describe('mall refusals say the real reason', () => {
  it('a GROUP order by a customer in no group: join a group first (as the settlement says), not sensitive goods', async () => {
    const u = await makeUser(t);
    await defaultAddress(t, u.id);
    const p = await product(t, { stock: 3 });
    const info = await t.call(M.getTradeInfo, { product_id: p.id }, { token: u.token });
    const group = info.data.shipping_modes.find((m: { mode: string }) => m.mode === 'GROUP');
    const en = await t.call(M.createOrder, { product_id: p.id, shipping_mode: 'GROUP', idempotency_key: key() }, { token: u.token });
    expect(en.code).toBe(Code.JOIN_GROUP_FIRST);
    expect(en.msg).toBe('Join a group first to ship with a group leader');
    expect(en.msg).toBe(group.reason);
    const zh = await t.call(
      M.createOrder,
      { product_id: p.id, shipping_mode: 'GROUP', idempotency_key: key() },
      { token: u.token, lang: 'zh_CN' },
    );
    expect(zh.code).toBe(Code.JOIN_GROUP_FIRST);
    expect(zh.msg).toBe('请先加入团，才能随团长集运');
    expect(zh.msg).not.toMatch(/海运/);
  });

  it('sensitive goods by air still say they go by sea', async () => {
    const u = await makeUser(t);
    await defaultAddress(t, u.id);
    const p = await product(t, { stock: 3, airAllowed: false });
    const r = await t.call(M.createOrder, { product_id: p.id, shipping_mode: 'AIR', idempotency_key: key() }, { token: u.token });
    expect(r.code).toBe(Code.SHIPPING_MODE_NOT_ALLOWED);
    expect(r.msg).toMatch(/by sea/);
  });

  it('an unknown address_id says the address is unknown; no address at all asks to set one', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const p = await product(t, { stock: 3 });
    const none = await t.call(M.createOrder, { product_id: p.id, shipping_mode: 'SEA', idempotency_key: key() }, { token: u.token });
    expect(none.code).toBe(Code.ADDRESS_REQUIRED);
    await defaultAddress(t, u.id);
    const theirs = await defaultAddress(t, other.id);
    for (const address_id of [999_999, theirs]) {
      const en = await t.call(
        M.createOrder,
        { product_id: p.id, shipping_mode: 'SEA', address_id, idempotency_key: key() },
        { token: u.token },
      );
      expect(en.code).toBe(Code.ADDRESS_NOT_FOUND);
      expect(en.msg).toMatch(/address does not exist/);
      const zh = await t.call(
        M.createOrder,
        { product_id: p.id, shipping_mode: 'SEA', address_id, idempotency_key: key() },
        { token: u.token, lang: 'zh_CN' },
      );
      expect(zh.msg).toMatch(/收货地址不存在/);
    }
  });

  it('an unknown category says the category is unknown, not the product', async () => {
    const en = await t.call(M.searchCategory, { category_id: 999_999 });
    expect(en.code).toBe(Code.CATEGORY_NOT_FOUND);
    expect(en.msg).toBe('This category does not exist');
    const zh = await t.call(M.searchCategory, { category_id: 999_999 }, { lang: 'zh_CN' });
    expect(zh.msg).toBe('该分类不存在');
  });
});
