import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok, staffLogin } from '../../test/fixtures.ts';

const M = contract.mall;
const A = contract.mallAdmin;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.mallCatalogue.ensureCatalogue();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const search = async (keyword: string, lang: 'en' | 'zh_CN' = 'en') => ok(t.call(M.getRequestParam, { keyword, page_size: 5 }, { lang }));
const suggest = async (keyword: string, lang: 'en' | 'zh_CN' = 'en') =>
  (await ok(t.call(M.searchSuggest, { keyword }, { lang }))).list as { text: string; category_id: number | null }[];

describe('a search that finds nothing is never a dead end', () => {
  it('a typo too far to read at once comes back as "did you mean", with its category and the paste-a-link way', async () => {
    const r = await search('tisshu');
    expect(r.total).toBe(0);
    expect(r.instead.did_you_mean).toBe('tissue');
    expect(r.instead.paste_link).toBe(true);
    // tissue finds the wipes, which live under Diapers (母婴).
    expect(r.instead.categories.map((c: { name: { en: string } }) => c.name.en)).toContain('Diapers');
    expect((await search(r.instead.did_you_mean)).total).toBeGreaterThan(0);
  });

  it('nothing near: the nearest categories by name, else the top ones; never an empty offer', async () => {
    const shoes = await search('鞋柜', 'zh_CN');
    expect(shoes.total).toBe(0);
    expect(shoes.instead.categories.map((c: { name: { zh_CN: string } }) => c.name.zh_CN)).toEqual(
      expect.arrayContaining(['鞋包', '运动鞋']),
    );
    const none = await search('qzxv');
    expect(none.total).toBe(0);
    expect(none.instead.did_you_mean).toBe('');
    expect(none.instead.categories.length).toBeGreaterThan(0);
    expect(none.instead.paste_link).toBe(true);
    const zh = await search('榴莲', 'zh_CN');
    expect(zh.total).toBe(0);
    expect(zh.instead.categories.length).toBeGreaterThan(0);
  });

  it('a search that finds goods carries no offer', async () => {
    expect((await search('纸巾')).instead).toBeNull();
  });
});

describe('suggestions as the customer types', () => {
  it('by prefix, pinyin, pinyin initials and the tail of a Chinese name; categories in the asker’s language', async () => {
    expect((await suggest('蓝')).map((s) => s.text)).toContain('蓝牙耳机');
    expect((await suggest('lany')).map((s) => s.text)).toContain('蓝牙耳机');
    expect((await suggest('lyej')).map((s) => s.text)).toContain('蓝牙耳机');
    expect((await suggest('耳机')).map((s) => s.text)).toContain('蓝牙耳机');
    const ear = await suggest('ear');
    expect(ear.find((s) => s.text === 'Earphones')?.category_id).toEqual(expect.any(Number));
    expect(ear.map((s) => s.text)).toContain('Bluetooth Earphones');
    const zh = await suggest('erj', 'zh_CN');
    expect(zh.find((s) => s.category_id !== null)?.text).toBe('耳机');
    expect(ear.length).toBeLessThanOrEqual(8);
  });

  it('suggests only words that find goods, and nothing for nothing', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('qzxv')).toEqual([]);
    // 纸巾 is a word of the lexicon, but no product is called so: the suggestion is the wipes.
    expect((await suggest('纸')).map((s) => s.text)).not.toContain('纸巾');
    expect((await suggest('shij')).map((s) => s.text)).toContain('湿巾');
  });
});

describe('a product is listed at the lowest price it can be bought at', () => {
  it('a SKU without stock does not set the price (list, detail, search); none in stock: sold out', async () => {
    const content = await staffLogin(t, 'content', 'search-help-content');
    const made = await ok(
      t.call(
        A.adminSaveMallProduct,
        {
          title: '拼邮测试保温饭盒',
          title_en: 'Pinyou Test Lunch Box',
          images: ['/api/files/mall/cup-0.svg'],
          weight_g: 300,
          rebate: '0',
          skus: [
            { name: '小号', name_en: 'Small', price: '195.90', stock: 0 },
            { name: '大号', name_en: 'Large', price: '205.90', stock: 4 },
          ],
        },
        { token: content },
      ),
    );
    const listed = { amount_minor: 20590, currency: 'RMB' };
    expect(made.price).toEqual(listed);
    const found = (await search('lunch box')).list.find((p: { id: number }) => p.id === made.id);
    expect(found).toMatchObject({ price: listed, sold_out: false });
    expect(await ok(t.call(M.getDetail, { id: made.id }))).toMatchObject({ price: listed, sold_out: false });
    // Sorting by price goes by the listed price too.
    const cheap = await ok(t.call(M.getRequestParam, { keyword: 'lunch box', sort: 'price_asc', max_price: 200 }));
    expect(cheap.list.map((p: { id: number }) => p.id)).not.toContain(made.id);
    // The last buyable one gone: sold out, shown at the lowest price of all.
    await ok(t.call(A.adminSetMallStock, { sku_id: made.skus[1].id, stock: 0 }, { token: content }));
    expect(await ok(t.call(M.getDetail, { id: made.id }))).toMatchObject({ price: { amount_minor: 19590 }, sold_out: true, stock: 0 });
    await ok(t.call(A.adminSetMallStock, { sku_id: made.skus[0].id, stock: 2 }, { token: content }));
    expect(await ok(t.call(M.getDetail, { id: made.id }))).toMatchObject({ price: { amount_minor: 19590 }, sold_out: false });
  });
});
