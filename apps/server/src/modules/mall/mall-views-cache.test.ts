import { describe, expect, it } from 'vitest';
import { ProductViewsCache, VIEWS_TTL_MS, type ProductListView } from './mall-views-cache.ts';

const view = (id: number, title = `goods ${id}`) => ({ id, title }) as unknown as ProductListView;

describe('kept list views of goods', () => {
  it('gives back what was kept at the same rate, until it is too old', () => {
    let now = 1_000;
    const c = new ProductViewsCache(() => now);
    c.keep([view(1), view(2)], '5.2', c.stamp());
    expect(c.lookup([2, 3, 1], '5.2').map((v) => v?.id)).toEqual([2, undefined, 1]);
    expect(c.lookup([1], '5.3')).toEqual([undefined]); // the exchange rate changed: SGD prices are read again
    now += VIEWS_TTL_MS + 1;
    expect(c.lookup([1, 2], '5.2')).toEqual([undefined, undefined]);
  });

  it('forgets some goods or all of them', () => {
    const c = new ProductViewsCache();
    c.keep([view(1), view(2), view(3)], '5.2', c.stamp());
    c.forget([2]);
    expect(c.lookup([1, 2, 3], '5.2').map((v) => v?.id)).toEqual([1, undefined, 3]);
    c.forget();
    expect(c.size).toBe(0);
  });

  it('does not keep views read before a forget (they may show the old stock)', () => {
    const c = new ProductViewsCache();
    const stamp = c.stamp();
    c.forget([1]); // e.g. an order took stock while the views were being read
    c.keep([view(1, 'old')], '5.2', stamp);
    expect(c.lookup([1], '5.2')).toEqual([undefined]);
    c.keep([view(1, 'new')], '5.2', c.stamp());
    expect(c.lookup([1], '5.2')[0]?.title).toBe('new');
  });
});
