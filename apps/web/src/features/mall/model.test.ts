import { describe, expect, it } from 'vitest';
import en from '../../locales/mall/en.json';
import zh from '../../locales/mall/zh_CN.json';
import {
  cancelCallOf,
  clampQuantity,
  deliveryDays,
  lineSkuNameIn,
  detailPathOf,
  filterFromParams,
  filterToParams,
  formatCountdown,
  groupByDay,
  inlandShipping,
  looksLikeProductLink,
  msLeft,
  parseIds,
  priceRangeProblem,
  quantityBounds,
  rmbToSgdMinor,
  settleKeyFor,
  endSettle,
  settleSignature,
} from './model.ts';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('mall model', () => {
  it('opens each source on its own detail page; PDD on the Taobao-like one', () => {
    expect(detailPathOf.jd).toBe('pages/cart_sub/cargojdDetail');
    expect(detailPathOf.taobao).toBe('pages/cart_sub/cargotbDetail');
    expect(detailPathOf.pdd).toBe('pages/cart_sub/cargotbDetail');
    expect(detailPathOf['1688']).toBe('pages/cart_sub/cargo1688Detail');
    expect(detailPathOf.self).toBe('pages/cart_sub/cargoltzyDetail');
  });

  it('converts RMB fen to SGD cents at "RMB per S$1", refusing a broken rate', () => {
    expect(rmbToSgdMinor(5300, '5.30')).toBe(1000);
    expect(rmbToSgdMinor(1250, '5.3')).toBe(236);
    expect(rmbToSgdMinor(100, '0')).toBeNull();
    expect(rmbToSgdMinor(100, 'abc')).toBeNull();
  });

  it('JD ships free over ¥59; other sources show their freight', () => {
    const fee = { amount_minor: 600, currency: 'RMB' } as const;
    const over = { amount_minor: 5_900, currency: 'RMB' } as const;
    const p = { free_shipping: false, inland_freight: fee };
    expect(inlandShipping('jd', p, 5_000)).toEqual({ kind: 'freeOver', over, freight: fee });
    expect(inlandShipping('jd', p, 5_901)).toEqual({ kind: 'free' });
    expect(inlandShipping('jd', p, 5_900)).toEqual({ kind: 'freeOver', over, freight: fee });
    expect(inlandShipping('taobao', p, 100_000)).toEqual({ kind: 'paid', freight: fee });
    expect(inlandShipping('taobao', { free_shipping: true, inland_freight: fee }, 1)).toEqual({ kind: 'free' });
  });

  it('delivery estimates: sea 7–14; air 3–7, one figure in both languages', () => {
    expect(deliveryDays('sea')).toEqual([7, 14]);
    expect(deliveryDays('sea')).toEqual([7, 14]);
    expect(deliveryDays('air')).toEqual([3, 7]);
    expect(deliveryDays('air')).toEqual([3, 7]);
  });

  it('a line shows the SKU in English when it has an English name, else as bought', () => {
    expect(lineSkuNameIn({ sku_name: '黑色', sku_name_en: 'Black' }, 'en')).toBe('Black');
    expect(lineSkuNameIn({ sku_name: '黑色', sku_name_en: 'Black' }, 'zh_CN')).toBe('黑色');
    expect(lineSkuNameIn({ sku_name: '黑色', sku_name_en: '' }, 'en')).toBe('黑色');
  });

  it('number box: at least 1, at most the stock', () => {
    expect(quantityBounds(5)).toEqual({ min: 1, max: 5, canBuy: true });
    expect(quantityBounds(0)).toEqual({ min: 1, max: 1, canBuy: false });
    expect(quantityBounds(5000).max).toBe(999);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it('tells a pasted link or share text from search words', () => {
    expect(looksLikeProductLink('【淘宝】https://m.tb.cn/h.abc123 「蓝牙耳机 无线」')).toBe(true);
    expect(looksLikeProductLink('￥AbCdEfGh12￥ 复制这段话打开手淘')).toBe(true);
    expect(looksLikeProductLink('https://item.jd.com/100012043978.html')).toBe(true);
    expect(looksLikeProductLink('detail.1688.com/offer/123.html')).toBe(true);
    expect(looksLikeProductLink('蓝牙耳机')).toBe(false);
    expect(looksLikeProductLink('bluetooth earphones')).toBe(false);
    expect(looksLikeProductLink('lanya erji')).toBe(false);
    expect(looksLikeProductLink('  ')).toBe(false);
  });

  it('cancels through the source’s own call', () => {
    expect(cancelCallOf('jd')).toBe('cancelJdOrder');
    expect(cancelCallOf('self')).toBe('cancelSelfShopOrder');
    expect(cancelCallOf('taobao')).toBe('cancelOrder');
    expect(cancelCallOf('pdd')).toBe('cancelOrder');
    expect(cancelCallOf('1688')).toBe('cancelOrder');
  });

  it('counts down to pay_before and stops at zero', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(msLeft('2026-11-23T10:15:00Z', now)).toBe(15 * 60_000);
    expect(msLeft('2026-11-23T09:00:00Z', now)).toBe(0);
    expect(msLeft(null, now)).toBeNull();
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
  });

  it('groups footprints by Singapore day, newest day first, order kept', () => {
    const days = groupByDay([
      { id: 1, viewed_at: '2026-11-23T15:30:00Z' }, // 23:30 SGT on the 23rd
      { id: 2, viewed_at: '2026-11-23T01:00:00Z' },
      { id: 3, viewed_at: '2026-11-22T17:00:00Z' }, // 01:00 SGT on the 23rd
      { id: 4, viewed_at: '2026-11-22T10:00:00Z' },
    ]);
    expect(days.map((d) => [d.day, d.items.map((i) => i.id)])).toEqual([
      ['2026-11-23', [1, 2, 3]],
      ['2026-11-22', [4]],
    ]);
  });

  it('price filter: numbers with up to 2 decimals, lowest not above highest', () => {
    expect(priceRangeProblem('', '')).toBeNull();
    expect(priceRangeProblem('10', '99.5')).toBeNull();
    expect(priceRangeProblem('abc', '')).toBe('notNumber');
    expect(priceRangeProblem('1.234', '')).toBe('notNumber');
    expect(priceRangeProblem('100', '10')).toBe('order');
  });

  it('keeps the goods filter in the query string and back', () => {
    const f = { sort: 'price_desc' as const, source: 'jd' as const, minPrice: '10', maxPrice: '200' };
    expect(filterFromParams(new URLSearchParams(filterToParams(f)))).toEqual(f);
    expect(filterFromParams(new URLSearchParams('sort=bogus&source=amazon'))).toEqual({
      sort: 'default',
      source: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it('one idempotency key per settlement attempt until it succeeds', () => {
    const store = new MemoryStorage() as unknown as Storage;
    const sig = settleSignature({ cartIds: [3, 1] }, 'SEA');
    expect(sig).toBe(settleSignature({ cartIds: [1, 3] }, 'SEA'));
    expect(sig).not.toBe(settleSignature({ cartIds: [1, 3] }, 'AIR'));
    const k1 = settleKeyFor(sig, store);
    expect(k1.length).toBeGreaterThanOrEqual(8);
    expect(settleKeyFor(sig, store)).toBe(k1);
    endSettle(sig, store);
    expect(settleKeyFor(sig, store)).not.toBe(k1);
  });

  it('parses id lists', () => {
    expect(parseIds('1, 2,x,-3,4')).toEqual([1, 2, 4]);
    expect(parseIds(null)).toEqual([]);
  });
});

describe('mall strings', () => {
  const keys = (o: unknown, prefix = ''): string[] =>
    Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  it('has every key in both languages, none empty', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    const values = (o: unknown): string[] =>
      Object.values(o as Record<string, unknown>).flatMap((v) => (v && typeof v === 'object' ? values(v) : [String(v)]));
    expect(values(en).filter((v) => !v.trim())).toEqual([]);
    expect(values(zh).filter((v) => !v.trim())).toEqual([]);
  });
});
