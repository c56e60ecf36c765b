import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, mall as mallConstants, rmbToSgdMinor } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';
import * as accountRepo from '../account/account.repository.ts';
import { expectMoneyOnly } from './mall-orders.test-kit.ts';

const M = contract.mall;
const A = contract.mallAdmin;

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.mallCatalogue.ensureCatalogue();
}, 120_000);

const code = async (p: Promise<{ code: number }>) => (await p).code;

async function user() {
  seq++;
  const u = await accountRepo.insertUser(t.services.db, {
    userAccount: `mc${seq}x${Date.now().toString(36)}`,
    nickname: `U${seq}`,
    referrerId: null,
  });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  return { id: u.id, token: s.token };
}

async function staff(role: 'content' | 'warehouse' | 'finance' | 'service') {
  seq++;
  return staffLogin(t, role, `mcs${role}${seq}`);
}

/** A seeded product of a source (through the staff list, any state). */
async function productOf(source: 'jd' | 'taobao' | '1688' | 'pdd' | 'self', where: (p: any) => boolean = () => true) {
  const list = (await t.services.mallCatalogue.catalogue.find({ keyword: '', source, sort: 'default', page: 1, page_size: 400 }, true))
    .list;
  const p = list.find(where);
  if (!p) throw new Error(`no ${source} product`);
  return p;
}

describe('home, categories, slides, recommendations', () => {
  it('getIndex shows top categories, slides, hot keywords, the five sources, recommendations and the rate', async () => {
    const d = await ok(t.call(M.getIndex, {}));
    expect(d.categories.length).toBe(10);
    expect(d.categories.every((c: any) => c.parent_id === null && c.name.en && c.name.zh_CN)).toBe(true);
    expect(d.slides.length).toBe(3);
    expect(d.hot_keywords.length).toBeGreaterThan(0);
    expect(d.sources.sort()).toEqual(['1688', 'jd', 'pdd', 'self', 'taobao']);
    expect(d.recommend.length).toBe(10);
    expect(d.exchange_rate).toMatch(/^\d+\.\d+$/);
  });

  it('the catalogue holds 300+ goods of all five sources, with SKUs, stock, rebates of 0 or at least ¥0.06, and goods not allowed by air', async () => {
    const all = (await t.services.mallCatalogue.catalogue.find({ keyword: '', sort: 'default', page: 1, page_size: 1000 }, true)).list;
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(all.map((p) => p.source)).size).toBe(5);
    expect(all.every((p) => p.rebate.amount_minor === 0 || p.rebate.amount_minor >= mallConstants.rebateMinimum * 100)).toBe(true);
    expect(all.some((p) => !p.air_allowed)).toBe(true);
    expect(all.every((p) => p.image.startsWith('/api/files/mall/'))).toBe(true);
    const img = await t.app.inject({ method: 'GET', url: all[0].image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect((await t.app.inject({ method: 'GET', url: '/api/files/mall/nothing-here.svg' })).statusCode).toBe(404);
  });

  it('getCategory lists the top level or the children of a parent; a bad parent id is refused', async () => {
    const top = await ok(t.call(M.getCategory, {}));
    expect(top.list.length).toBe(10);
    const kids = await ok(t.call(M.getCategory, { parent_id: top.list[0].id }));
    expect(kids.list.length).toBeGreaterThan(1);
    expect(kids.list.every((c: any) => c.parent_id === top.list[0].id)).toBe(true);
    expect(await code(t.call(M.getCategory, { parent_id: 'abc' }))).toBe(Code.VALIDATION);
  });

  it('slideList shows slides that are on, in order', async () => {
    const d = await ok(t.call(M.slideList, {}));
    expect(d.list.map((s: any) => s.sort)).toEqual([0, 1, 2]);
  });

  it('getRecommendGoods pages through on-sale goods', async () => {
    const p1 = await ok(t.call(M.getRecommendGoods, { page: 1, page_size: 5 }));
    const p2 = await ok(t.call(M.getRecommendGoods, { page: 2, page_size: 5 }));
    expect(p1.list.length).toBe(5);
    expect(p1.total).toBeGreaterThanOrEqual(300);
    expect(p1.list.map((p: any) => p.id)).not.toEqual(expect.arrayContaining(p2.list.map((p: any) => p.id)));
    expect(await code(t.call(M.getRecommendGoods, { page: 0 }))).toBe(Code.VALIDATION);
  });
});

describe('search and category lists', () => {
  it('searchCategory lists a top category with its sub-categories, sorted and filtered', async () => {
    const top = (await ok(t.call(M.getCategory, {}))).list[0];
    const kids = (await ok(t.call(M.getCategory, { parent_id: top.id }))).list.map((c: any) => c.id);
    const d = await ok(t.call(M.searchCategory, { category_id: top.id, sort: 'price_asc', page_size: 50 }));
    expect(d.category.id).toBe(top.id);
    expect(d.total).toBeGreaterThan(20);
    expect(d.list.every((p: any) => kids.includes(p.category_id))).toBe(true);
    const prices = d.list.map((p: any) => p.price.amount_minor);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const jd = await ok(t.call(M.searchCategory, { category_id: top.id, source: 'jd', min_price: 50, max_price: 300 }));
    expect(jd.list.every((p: any) => p.source === 'jd' && p.price.amount_minor >= 5000 && p.price.amount_minor <= 30000)).toBe(true);
    expect(await code(t.call(M.searchCategory, { category_id: 999999 }))).toBe(Code.CATEGORY_NOT_FOUND);
    expect(await code(t.call(M.searchCategory, {}))).toBe(Code.VALIDATION);
  });

  it('getRequestParam sorts by sales, price and newest and filters by source and price', async () => {
    const bySales = await ok(t.call(M.getRequestParam, { keyword: '耳机', sort: 'sales', page_size: 20 }));
    const sales = bySales.list.map((p: any) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const desc = await ok(t.call(M.getRequestParam, { keyword: 'earphones', sort: 'price_desc' }));
    const prices = desc.list.map((p: any) => p.price.amount_minor);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const newest = await ok(t.call(M.getRequestParam, { keyword: '', sort: 'newest', page_size: 5 }));
    const times = newest.list.map((p: any) => p.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const filtered = await ok(t.call(M.getRequestParam, { keyword: '耳机', source: 'taobao', min_price: 10, max_price: 1000 }));
    expect(filtered.list.length).toBeGreaterThan(0);
    expect(filtered.list.every((p: any) => p.source === 'taobao' && p.price.amount_minor >= 1000 && p.price.amount_minor <= 100000)).toBe(
      true,
    );
    const none = await ok(t.call(M.getRequestParam, { keyword: 'zzqqxx' }));
    expect(none.total).toBe(0);
    expect(await code(t.call(M.getRequestParam, { keyword: 'a', page_size: 51 }))).toBe(Code.VALIDATION);
    expect(await code(t.call(M.getRequestParam, { keyword: 'a', min_price: -1 }))).toBe(Code.VALIDATION);
    expect(await code(t.call(M.getRequestParam, { keyword: 'a', sort: 'random' }))).toBe(Code.VALIDATION);
  });

  it('search history keeps the newest 20 keywords; searching an old one again brings it first', async () => {
    const a = await user();
    const b = await user();
    await ok(t.call(M.getRequestParam, { keyword: 'other' }, { token: b.token }));
    for (let i = 1; i <= 22; i++) await ok(t.call(M.getRequestParam, { keyword: `kw${i}` }, { token: a.token }));
    const newest = Array.from({ length: 20 }, (_, i) => `kw${22 - i}`);
    expect((await ok(t.call(M.getSearchHistory, {}, { token: a.token }))).history).toEqual(newest);
    await ok(t.call(M.getRequestParam, { keyword: 'kw5' }, { token: a.token }));
    expect((await ok(t.call(M.getSearchHistory, {}, { token: a.token }))).history).toEqual(['kw5', ...newest.filter((k) => k !== 'kw5')]);
    await ok(t.call(M.getRequestParam, { keyword: 'kw1' }, { token: a.token })); // gone before: back first, the oldest goes
    expect((await ok(t.call(M.getSearchHistory, {}, { token: a.token }))).history).toEqual([
      'kw1',
      'kw5',
      ...newest.filter((k) => k !== 'kw5').slice(0, 18),
    ]);
    expect((await ok(t.call(M.getSearchHistory, {}, { token: b.token }))).history).toEqual(['other']);
  });

  it('search history is kept per signed-in user, newest first, and cleared on request; hot keywords for everyone', async () => {
    const a = await user();
    const b = await user();
    await ok(t.call(M.getRequestParam, { keyword: '充电宝' }, { token: a.token }));
    await ok(t.call(M.getRequestParam, { keyword: 'yoga mat' }, { token: a.token }));
    await ok(t.call(M.getRequestParam, { keyword: '充电宝' }, { token: a.token }));
    await ok(t.call(M.getRequestParam, { keyword: '连衣裙' }, { token: b.token }));
    await ok(t.call(M.getRequestParam, { keyword: 'anonymous' }));
    const h = await ok(t.call(M.getSearchHistory, {}, { token: a.token }));
    expect(h.history).toEqual(['充电宝', 'yoga mat']);
    expect(h.hot.length).toBeGreaterThan(0);
    const anon = await ok(t.call(M.getSearchHistory, {}));
    expect(anon.history).toEqual([]);
    expect(await code(t.call(M.clearSearchHistory, {}))).toBe(Code.LOGIN_REQUIRED);
    expect((await ok(t.call(M.clearSearchHistory, {}, { token: a.token }))).removed).toBe(2);
    expect((await ok(t.call(M.getSearchHistory, {}, { token: a.token }))).history).toEqual([]);
    expect((await ok(t.call(M.getSearchHistory, {}, { token: b.token }))).history).toEqual(['连衣裙']);
  });
});

describe('detail, footprints, seller link', () => {
  it('getDetail shows SKUs, RMB with S$ at the settings rate, delivery days by language, freight rules', async () => {
    const cheapJd = await productOf('jd', (p) => p.price.amount_minor < mallConstants.jdFreeShippingOverRmbMinor);
    const dearJd = await productOf('jd', (p) => p.price.amount_minor >= mallConstants.jdFreeShippingOverRmbMinor);
    const en = await ok(t.call(M.getDetail, { id: dearJd.id }, { lang: 'en' }));
    const rate = (await t.services.settings.get()).exchange_rate;
    expect(en.exchange_rate).toBe(rate);
    expect(en.price_sgd).toEqual({ amount_minor: rmbToSgdMinor(en.price.amount_minor, rate), currency: 'SGD' });
    expect(en.free_shipping).toBe(true);
    expect(en.inland_freight).toEqual({ amount_minor: 0, currency: 'RMB' });
    expect(en.delivery_days).toEqual({ sea: [7, 14], air: [3, 7] });
    expect(en.skus.length).toBeGreaterThan(0);
    // Listed at the lowest price it can be bought at: SKUs without stock do not count while any has stock.
    const buyable = en.skus.filter((s: any) => s.stock > 0);
    expect(en.price.amount_minor).toBe(Math.min(...(buyable.length ? buyable : en.skus).map((s: any) => s.price.amount_minor)));
    expect(en.sold_out).toBe(buyable.length === 0);
    expect(en.in_cart).toBe(0);
    // Every amount of the product is Money in its own currency (RMB, S$ for price_sgd); no *_minor or decimal string left.
    expectMoneyOnly(en, ['price', 'original_price', 'price_sgd', 'rebate', 'inland_freight']);
    const zh = await ok(t.call(M.getDetail, { id: cheapJd.id }, { lang: 'zh_CN' }));
    expect(zh.delivery_days.air).toEqual([3, 7]);
    expect(zh.free_shipping).toBe(false);
    expect(zh.inland_freight.amount_minor).toBeGreaterThan(0);
    expect(await code(t.call(M.getDetail, { id: 999999 }))).toBe(Code.PRODUCT_NOT_FOUND);
    expect(await code(t.call(M.getDetail, {}))).toBe(Code.VALIDATION);
  });

  it('viewing records footprints per user, newest first; users see and delete only their own', async () => {
    const a = await user();
    const b = await user();
    const p1 = await productOf('taobao');
    const p2 = await productOf('pdd');
    await ok(t.call(M.getDetail, { id: p1.id }, { token: a.token }));
    await ok(t.call(M.getDetail, { id: p2.id }, { token: a.token }));
    await ok(t.call(M.getDetail, { id: p1.id }, { token: a.token }));
    await ok(t.call(M.getDetail, { id: p2.id }, { token: b.token }));
    await ok(t.call(M.getDetail, { id: p2.id })); // signed out: nothing recorded
    const fa = await ok(t.call(M.getFootprintList, {}, { token: a.token }));
    expect(fa.total).toBe(2);
    expect(fa.list.map((f: any) => f.product.id)).toEqual([p1.id, p2.id]);
    const fb = await ok(t.call(M.getFootprintList, {}, { token: b.token }));
    expect(fb.list.map((f: any) => f.product.id)).toEqual([p2.id]);
    expect(await code(t.call(M.getFootprintList, {}))).toBe(Code.LOGIN_REQUIRED);
    // b cannot delete a's footprints
    expect((await ok(t.call(M.deleteFootprints, { ids: fa.list.map((f: any) => f.id) }, { token: b.token }))).removed).toBe(0);
    expect((await ok(t.call(M.deleteFootprints, { ids: String(fa.list[0].id) }, { token: a.token }))).removed).toBe(1);
    expect((await ok(t.call(M.deleteFootprints, { all: true }, { token: a.token }))).removed).toBe(1);
    expect((await ok(t.call(M.getFootprintList, {}, { token: a.token }))).total).toBe(0);
    expect((await ok(t.call(M.getFootprintList, {}, { token: b.token }))).total).toBe(1);
    expect(await code(t.call(M.deleteFootprints, {}, { token: a.token }))).toBe(Code.VALIDATION);
    expect(await code(t.call(M.deleteFootprints, { all: true }))).toBe(Code.LOGIN_REQUIRED);
  });

  it("getTaobaoPreSaleIm gives the platform seller's link, or ours for the own shop", async () => {
    const tb = await ok(t.call(M.getTaobaoPreSaleIm, { id: (await productOf('taobao')).id }));
    expect(tb.kind).toBe('link');
    expect(tb.url).toContain('site=cntaobao');
    const jd = await ok(t.call(M.getTaobaoPreSaleIm, { id: (await productOf('jd')).id }));
    expect(jd.url).toContain('jd.com');
    const own = await ok(t.call(M.getTaobaoPreSaleIm, { id: (await productOf('self')).id }));
    expect(own.kind).toBe('ours');
    expect(await code(t.call(M.getTaobaoPreSaleIm, { id: 999999 }))).toBe(Code.PRODUCT_NOT_FOUND);
  });
});

describe('pasted links and share texts', () => {
  it('recognises sku ids and links of every platform', async () => {
    const jd = await productOf('jd');
    const tb = await productOf('taobao');
    const ali = await productOf('1688');
    const pdd = await productOf('pdd');
    const open = async (text: string) => (await ok(t.call(M.getJDBySkuid, { text }))).product;
    expect((await ok(t.call(M.getJDBySkuid, { sku_id: jd.item_id }))).product.id).toBe(jd.id);
    expect((await open(`https://item.jd.com/${jd.item_id}.html?utm=1`)).id).toBe(jd.id);
    expect((await open(`看看这个 https://item.m.jd.com/product/${jd.item_id}.html`)).id).toBe(jd.id);
    expect((await open(`https://item.taobao.com/item.htm?spm=a1z10&id=${tb.item_id}`)).id).toBe(tb.id);
    expect((await open(`https://detail.tmall.com/item.htm?id=${tb.item_id}&skuId=1`)).id).toBe(tb.id);
    expect((await open(`https://detail.1688.com/offer/${ali.item_id}.html`)).id).toBe(ali.id);
    expect((await open(`https://mobile.yangkeduo.com/goods.html?goods_id=${pdd.item_id}&page_from=1`)).id).toBe(pdd.id);
  });

  it('a Taobao share text opens the goods its title names; an item not in the catalogue is said so, never other goods', async () => {
    const tb = await productOf('taobao');
    const share = `【淘宝】https://m.tb.cn/h.5AbCdEf?tk=XyZ12345 「${tb.title}」\n点击链接直接打开 或者 淘宝搜索直接打开`;
    const r = (await ok(t.call(M.getJDBySkuid, { text: share }))).product;
    expect(r.id).toBe(tb.id);
    // Recognised, but not one of our goods (the sandbox has no platform keys): a coded, translated answer with
    // what was recognised, so the app can offer a search by title.
    const notHeld = async (input: { text?: string; sku_id?: string }, lang: 'en' | 'zh_CN' = 'en') => {
      const res = await t.call(M.getJDBySkuid, input, { lang });
      expect(res.code, res.msg).toBe(Code.ITEM_NOT_IN_CATALOGUE);
      return res as unknown as { msg: string; data: { source: string; item_id: string; title: string } };
    };
    const link = await notHeld({ text: 'https://item.jd.com/99999999999.html' });
    expect(link.msg).toContain('not in our catalogue');
    expect(link.data).toEqual({ source: 'jd', item_id: '99999999999', title: '' });
    expect((await notHeld({ sku_id: '100012043978' }, 'zh_CN')).msg).toBe('该商品暂未收录，请按商品名称搜索');
    expect((await notHeld({ text: 'https://detail.tmall.com/item.htm?id=6543210987654' })).data).toMatchObject({ source: 'taobao' });
    const unknownShare = await notHeld({ text: '【淘宝】https://m.tb.cn/h.9ZzYyXx 「量子纠缠 反重力 悬浮 飞碟」 点击链接直接打开' });
    expect(unknownShare.data).toEqual({ source: 'taobao', item_id: '', title: '量子纠缠 反重力 悬浮 飞碟' });
    expect((await notHeld({ text: '￥Ab12Cd34Ef￥ 复制这段描述后打开淘宝' })).data).toEqual({ source: 'taobao', item_id: '', title: '' });
    // A PDD link not held: the same answer from getPDDUrl.
    expect((await t.call(M.getPDDUrl, { text: 'https://mobile.yangkeduo.com/goods.html?goods_id=987654321' })).code).toBe(
      Code.ITEM_NOT_IN_CATALOGUE,
    );
    expect(await code(t.call(M.getJDBySkuid, { text: 'hello there, nothing to see' }))).toBe(Code.LINK_NOT_RECOGNISED);
    expect(await code(t.call(M.getJDBySkuid, { text: 'https://example.com/item/123' }))).toBe(Code.LINK_NOT_RECOGNISED);
    expect(await code(t.call(M.getJDBySkuid, {}))).toBe(Code.VALIDATION);
  });

  it('getPDDUrl gives the promotion link of a PDD product or a pasted PDD link; other sources are refused', async () => {
    const pdd = await productOf('pdd');
    const byId = await ok(t.call(M.getPDDUrl, { id: pdd.id }));
    expect(byId.product_id).toBe(pdd.id);
    expect(byId.url).toContain(`goods_id=${pdd.item_id}`);
    const byText = await ok(t.call(M.getPDDUrl, { text: `https://mobile.yangkeduo.com/goods.html?goods_id=${pdd.item_id}` }));
    expect(byText.product_id).toBe(pdd.id);
    expect(await code(t.call(M.getPDDUrl, { id: (await productOf('jd')).id }))).toBe(Code.LINK_NOT_RECOGNISED);
    expect(await code(t.call(M.getPDDUrl, { id: 999999 }))).toBe(Code.PRODUCT_NOT_FOUND);
    expect(await code(t.call(M.getPDDUrl, {}))).toBe(Code.VALIDATION);
  });
});

describe('staff calls', () => {
  it('content staff list and open goods; other roles and customers are refused', async () => {
    const content = await staff('content');
    const wh = await staff('warehouse');
    const u = await user();
    const d = await ok(t.call(A.adminMallProducts, { source: 'self', page_size: 5 }, { token: content }));
    expect(d.list.every((p: any) => p.source === 'self')).toBe(true);
    const byItem = await ok(t.call(A.adminMallProducts, { keyword: d.list[0].item_id }, { token: content }));
    expect(byItem.list[0].id).toBe(d.list[0].id);
    const one = await ok(t.call(A.adminMallProduct, { id: d.list[0].id }, { token: content }));
    expect(one.skus.length).toBeGreaterThan(0);
    expect(await code(t.call(A.adminMallProducts, {}, { token: wh }))).toBe(Code.FORBIDDEN);
    expect(await code(t.call(A.adminMallProducts, {}, { token: u.token }))).not.toBe(0);
    expect(await code(t.call(A.adminMallProducts, {}))).not.toBe(0);
    expect(await code(t.call(A.adminMallProduct, { id: 999999 }, { token: content }))).toBe(Code.PRODUCT_NOT_FOUND);
  });

  it('own-shop goods are created and edited (searchable at once); platform goods only change sale state and category', async () => {
    const content = await staff('content');
    const cat = (await ok(t.call(A.adminMallCategories, {}, { token: content }))).list.find((c: any) => c.parent_id !== null);
    const input = {
      title: '拼邮定制帆布袋',
      title_en: 'Pinyou Canvas Tote',
      category_id: cat.id,
      images: ['/api/files/mall/backpack-0.svg'],
      weight_g: 200,
      rebate: '0',
      skus: [
        { name: '米白', name_en: 'Ivory', price: '39.00', stock: 10 },
        { name: '黑色', name_en: 'Black', price: '42', stock: 5 },
      ],
    };
    const made = await ok(t.call(A.adminSaveMallProduct, input, { token: content }));
    expect(made.source).toBe('self');
    expect(made.price).toEqual({ amount_minor: 3900, currency: 'RMB' });
    expect(made.skus.map((s: any) => s.price.amount_minor)).toEqual([3900, 4200]);
    expect(made.stock).toBe(15);
    const found = await ok(t.call(M.getRequestParam, { keyword: 'canvas tote' }));
    expect(found.list[0]?.id, JSON.stringify(found).slice(0, 600)).toBe(made.id);
    // The cart line carries both names of the chosen SKU, so an English reader sees "Black", not 黑色.
    const buyer = await user();
    const line = (await ok(t.call(M.putIntoShoppingCart, { product_id: made.id, sku_id: made.skus[1].id }, { token: buyer.token }))).item;
    expect([line.sku_name, line.sku_name_en]).toEqual(['黑色', 'Black']);
    expect((await ok(t.call(M.getRequestParam, { keyword: '帆布袋' }))).list[0].id).toBe(made.id);
    const edited = await ok(
      t.call(
        A.adminSaveMallProduct,
        { ...input, id: made.id, skus: [{ id: made.skus[0].id, name: '米白', price: '35.00', stock: 3 }] },
        { token: content },
      ),
    );
    expect(edited.skus.length).toBe(1);
    expect(edited.price.amount_minor).toBe(3500);
    expect(await code(t.call(A.adminSaveMallProduct, { ...input, rebate: '0.03' }, { token: content }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSaveMallProduct, { ...input, skus: [] }, { token: content }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSaveMallProduct, { ...input, category_id: 999999 }, { token: content }))).toBe(Code.VALIDATION);
    const jd = await productOf('jd');
    const pj = await ok(t.call(A.adminSaveMallProduct, { ...input, id: jd.id, on_sale: false }, { token: content }));
    expect(pj.title).toBe(jd.title);
    expect(pj.on_sale).toBe(false);
  });

  it('on/off sale hides goods from customers; stock is set on own-shop SKUs only (content or warehouse)', async () => {
    const content = await staff('content');
    const wh = await staff('warehouse');
    const fin = await staff('finance');
    const own = await productOf('self', (p) => p.on_sale);
    const r = await ok(t.call(A.adminSetMallProductOnSale, { ids: [own.id], on_sale: false }, { token: content }));
    expect(r.updated).toBe(1);
    const s = await ok(t.call(M.getRequestParam, { keyword: own.title_en, page_size: 50 }));
    expect(s.list.map((p: any) => p.id)).not.toContain(own.id);
    expect((await ok(t.call(M.getDetail, { id: own.id }))).on_sale).toBe(false);
    const sku = (await ok(t.call(A.adminMallProduct, { id: own.id }, { token: content }))).skus[0];
    expect(await ok(t.call(A.adminSetMallStock, { sku_id: sku.id, stock: 42 }, { token: wh }))).toEqual({ sku_id: sku.id, stock: 42 });
    const jdSku = (await ok(t.call(A.adminMallProduct, { id: (await productOf('jd')).id }, { token: content }))).skus[0];
    expect(await code(t.call(A.adminSetMallStock, { sku_id: jdSku.id, stock: 1 }, { token: content }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSetMallStock, { sku_id: 999999, stock: 1 }, { token: content }))).toBe(Code.PRODUCT_NOT_FOUND);
    expect(await code(t.call(A.adminSetMallStock, { sku_id: sku.id, stock: -1 }, { token: content }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSetMallStock, { sku_id: sku.id, stock: 1 }, { token: fin }))).toBe(Code.FORBIDDEN);
    expect(await code(t.call(A.adminSetMallProductOnSale, { ids: [], on_sale: true }, { token: content }))).toBe(Code.VALIDATION);
    // A search shows the stock staff set at once (the list views it keeps are forgotten).
    await ok(t.call(A.adminSetMallProductOnSale, { ids: [own.id], on_sale: true }, { token: content }));
    const listed = async () =>
      (await ok(t.call(M.getRequestParam, { keyword: own.title_en, page_size: 50 }))).list.find((p: any) => p.id === own.id);
    const shown = (await listed()).stock;
    await ok(t.call(A.adminSetMallStock, { sku_id: sku.id, stock: 7 }, { token: wh }));
    expect((await listed()).stock).toBe(shown - 42 + 7);
  });

  it('categories: two levels, created and edited by content staff', async () => {
    const content = await staff('content');
    const wh = await staff('warehouse');
    const all = (await ok(t.call(A.adminMallCategories, {}, { token: content }))).list;
    const top = all.find((c: any) => c.parent_id === null);
    const child = all.find((c: any) => c.parent_id !== null);
    const made = await ok(t.call(A.adminSaveMallCategory, { parent_id: top.id, name_zh: '新品', name_en: 'New' }, { token: content }));
    expect(made.parent_id).toBe(top.id);
    const off = await ok(
      t.call(A.adminSaveMallCategory, { id: made.id, parent_id: top.id, name_zh: '新品', name_en: 'New', on: false }, { token: content }),
    );
    expect(off.on).toBe(false);
    expect((await ok(t.call(M.getCategory, { parent_id: top.id }))).list.map((c: any) => c.id)).not.toContain(made.id);
    expect(
      await code(t.call(A.adminSaveMallCategory, { parent_id: child.id, name_zh: '三级', name_en: 'Third' }, { token: content })),
    ).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSaveMallCategory, { name_zh: '', name_en: 'x' }, { token: content }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSaveMallCategory, { name_zh: 'x', name_en: 'x' }, { token: wh }))).toBe(Code.FORBIDDEN);
  });

  it('slides: created, edited, listed and deleted', async () => {
    const content = await staff('content');
    const made = await ok(
      t.call(
        A.adminSaveMallSlide,
        { image: '/api/files/mall/slide-0.svg', title_zh: '新', title_en: 'New', link_type: 'search', link: '耳机', sort: 9 },
        { token: content },
      ),
    );
    expect((await ok(t.call(A.adminMallSlides, {}, { token: content }))).list.map((s: any) => s.id)).toContain(made.id);
    const hidden = await ok(
      t.call(A.adminSaveMallSlide, { id: made.id, image: made.image, link_type: 'none', on: false }, { token: content }),
    );
    expect(hidden.on).toBe(false);
    expect((await ok(t.call(M.slideList, {}))).list.map((s: any) => s.id)).not.toContain(made.id);
    expect(await code(t.call(A.adminSaveMallSlide, { image: 'x', link_type: 'product', link: 'abc' }, { token: content }))).toBe(
      Code.VALIDATION,
    );
    expect(await code(t.call(A.adminSaveMallSlide, { image: 'x', link_type: 'teleport' }, { token: content }))).toBe(Code.VALIDATION);
    expect((await ok(t.call(A.adminDeleteMallSlide, { id: made.id }, { token: content }))).deleted).toBe(true);
    expect((await ok(t.call(A.adminDeleteMallSlide, { id: made.id }, { token: content }))).deleted).toBe(false);
  });

  it('settings: finance saves them; a source switched off disappears for customers and its links are refused', async () => {
    const content = await staff('content');
    const fin = await staff('finance');
    const s = await ok(t.call(A.adminMallSettings, {}, { token: content }));
    expect(s.pay_within_minutes).toBe(30);
    expect(s.sources.length).toBe(5);
    const next = {
      sources: s.sources.map((x: any) => (x.source === 'jd' ? { ...x, on: false } : x)),
      pay_within_minutes: 45,
      hot_keywords: ['耳机', '耳机', ' 零食 '],
    };
    expect(await code(t.call(A.adminSaveMallSettings, next, { token: content }))).toBe(Code.FORBIDDEN);
    const saved = await ok(t.call(A.adminSaveMallSettings, next, { token: fin }));
    expect(saved.pay_within_minutes).toBe(45);
    expect(saved.hot_keywords).toEqual(['耳机', '零食']);
    expect((await t.services.mallCatalogue.mallSettings()).pay_within_minutes).toBe(45);
    expect((await ok(t.call(M.getIndex, {}))).sources).not.toContain('jd');
    expect((await ok(t.call(M.getSearchHistory, {}))).hot).toEqual(['耳机', '零食']);
    const found = await ok(t.call(M.getRequestParam, { keyword: '耳机', page_size: 50 }));
    expect(found.list.some((p: any) => p.source === 'jd')).toBe(false);
    const jd = await productOf('jd');
    expect(await code(t.call(M.getJDBySkuid, { sku_id: jd.item_id }))).toBe(Code.SOURCE_OFF);
    expect(await code(t.call(A.adminSaveMallSettings, { ...next, pay_within_minutes: 1 }, { token: fin }))).toBe(Code.VALIDATION);
    expect(await code(t.call(A.adminSaveMallSettings, { ...next, sources: [next.sources[0], next.sources[0]] }, { token: fin }))).toBe(
      Code.VALIDATION,
    );
  });
});
