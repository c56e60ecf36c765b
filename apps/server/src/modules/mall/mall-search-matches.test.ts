import { describe, expect, it, vi } from 'vitest';
import { MatchesCache, QueryMatches } from './mall-search-matches.ts';
import type { SearchMatch } from './mall-search.repository.ts';

const match = (id: number, over: Partial<SearchMatch> = {}): SearchMatch => ({
  id,
  score: 1000,
  onSale: true,
  source: id % 2 ? 'jd' : 'taobao',
  categoryId: null,
  priceMinor: id * 100,
  sales: 0,
  createdAt: id,
  ...over,
});

describe('a query’s matches, paged under filters', () => {
  const all = Array.from({ length: 50 }, (_, i) => match(i + 1));

  it('pages the matches that pass, in the sort’s order, with how many pass', () => {
    const q = new QueryMatches(all);
    const jd = (m: SearchMatch) => m.source === 'jd';
    expect(q.page('price_desc', 'jd', jd, 0, 3)).toEqual({ ids: [49, 47, 45], total: 25 });
    expect(q.page('price_desc', 'jd', jd, 24, 3)).toEqual({ ids: [1], total: 25 });
    expect(q.page('price_asc', 'jd', jd, 0, 2)).toEqual({ ids: [1, 3], total: 25 });
    expect(q.page('newest', 'all', () => true, 0, 2)).toEqual({ ids: [50, 49], total: 50 });
    expect(q.page('price_asc', 'jd', jd, 60, 20)).toEqual({ ids: [], total: 25 });
  });

  it('tests each match once to count a filter, then slices what passed; another sort stops at its page', () => {
    const q = new QueryMatches(all);
    const keep = vi.fn((m: SearchMatch) => m.priceMinor >= 2000);
    expect(q.page('price_asc', 'min 20', keep, 0, 5).ids).toEqual([20, 21, 22, 23, 24]);
    expect(q.page('price_asc', 'min 20', keep, 5, 5).ids).toEqual([25, 26, 27, 28, 29]);
    expect(keep).toHaveBeenCalledTimes(50);
    // Another sort under the same filter: the count is known, so only the matches up to the page's last are tested.
    expect(q.page('price_desc', 'min 20', keep, 0, 1)).toEqual({ ids: [50], total: 31 });
    expect(keep).toHaveBeenCalledTimes(51);
    expect(q.page('price_desc', 'min 20', keep, 29, 5)).toEqual({ ids: [21, 20], total: 31 });
    expect(keep).toHaveBeenCalledTimes(51 + 50);
    // The same pages as a fresh list would give, under a filter that lets few through.
    const odd = (m: SearchMatch) => m.id % 7 === 0;
    const fresh = new QueryMatches(all);
    expect(q.page('newest', 'sevens', odd, 0, 50)).toEqual({ ids: [49, 42, 35, 28, 21, 14, 7], total: 7 });
    expect(q.page('price_asc', 'sevens', odd, 2, 3)).toEqual(fresh.page('price_asc', 'sevens', odd, 2, 3));
    expect(q.page('price_asc', 'sevens', odd, 2, 3)).toEqual({ ids: [21, 28, 35], total: 7 });
  });

  it('keeps only the most recently used filters', () => {
    const q = new QueryMatches(all);
    const keep = vi.fn(() => true);
    for (let f = 0; f < 9; f++) q.page('default', `f${f}`, keep, 0, 1); // f0 is the ninth back: forgotten
    expect(keep).toHaveBeenCalledTimes(9 * 50);
    q.page('default', 'f8', keep, 0, 1);
    expect(keep).toHaveBeenCalledTimes(9 * 50);
    // f0's list is gone but its count is kept: its first page tests matches only up to the page's last.
    expect(q.page('default', 'f0', keep, 0, 1)).toEqual({ ids: [1], total: 50 });
    expect(keep).toHaveBeenCalledTimes(9 * 50 + 1);
  });
});

describe('recent queries’ matches', () => {
  it('shares one lookup per query, also while it runs, and forgets all on clear', async () => {
    const cache = new MatchesCache();
    const load = vi.fn(async () => [match(1), match(2)]);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size).toEqual({ queries: 1, matches: 2 });
    cache.clear();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed lookup', async () => {
    const cache = new MatchesCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.size.queries).toBe(0);
    expect((await cache.get('k', async () => [match(7)])).all.map((m) => m.id)).toEqual([7]);
  });

  it('drops the oldest queries when they hold too many matches', async () => {
    const cache = new MatchesCache();
    const many = (n: number) => async () => Array.from({ length: n }, (_, i) => match(i + 1));
    await cache.get('a', many(150_000));
    await cache.get('b', many(150_000));
    expect(cache.size).toEqual({ queries: 2, matches: 300_000 });
    await cache.get('c', many(150_000)); // 450,000 held is past the bound: 'a' goes
    expect(cache.size).toEqual({ queries: 2, matches: 300_000 });
    const reload = vi.fn(many(1));
    await cache.get('b', reload);
    expect(reload).not.toHaveBeenCalled();
    await cache.get('a', reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
