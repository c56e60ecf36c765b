import type { MallSort } from '@pinyou/contract';
import type { SearchMatch } from './mall-search.repository.ts';

/** How long a query's matches are reused (goods changed through this server are forgotten at once). */
export const MATCHES_TTL_MS = 30_000;
/** How many queries' matches are kept (the oldest go first). */
const MATCHES_KEPT = 300;

/** The order of each sort: price and sales first when asked for, else relevance; then the score; then id. */
export function compareMatches(sort: MallSort, a: SearchMatch, b: SearchMatch): number {
  const s = b.score - a.score;
  switch (sort) {
    case 'price_asc':
      return a.priceMinor - b.priceMinor || s || a.id - b.id;
    case 'price_desc':
      return b.priceMinor - a.priceMinor || s || a.id - b.id;
    case 'newest':
      return b.createdAt - a.createdAt || b.id - a.id;
    case 'sales':
      return b.sales - a.sales || s || a.id - b.id;
    default:
      return s || b.sales - a.sales || a.id - b.id;
  }
}

/** A query's matches, each sort computed once. */
export class QueryMatches {
  private sorted = new Map<MallSort, SearchMatch[]>();
  constructor(readonly all: SearchMatch[]) {}

  inOrder(sort: MallSort): SearchMatch[] {
    let l = this.sorted.get(sort);
    if (!l) {
      l = [...this.all].sort((a, b) => compareMatches(sort, a, b));
      this.sorted.set(sort, l);
    }
    return l;
  }

  /** One page of the matches that pass `keep`, in the sort's order, and how many pass. */
  page(sort: MallSort, keep: (m: SearchMatch) => boolean, offset: number, limit: number) {
    const ids: number[] = [];
    let total = 0;
    for (const m of this.inOrder(sort)) {
      if (!keep(m)) continue;
      if (total >= offset && ids.length < limit) ids.push(m.id);
      total++;
    }
    return { ids, total };
  }
}

/**
 * Recent queries' matches, so a popular query is not matched and ranked again for every page, sort and filter:
 * the same query (its terms' tokens) within MATCHES_TTL_MS shares one lookup, even while it is running.
 */
export class MatchesCache {
  private entries = new Map<string, { at: number; matches: Promise<QueryMatches> }>();

  get(key: string, load: () => Promise<SearchMatch[]>): Promise<QueryMatches> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= MATCHES_TTL_MS) return hit.matches;
    const matches = load().then(
      (l) => new QueryMatches(l),
      (e: unknown) => {
        this.entries.delete(key);
        throw e;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, { at: now, matches });
    if (this.entries.size > MATCHES_KEPT) this.entries.delete(this.entries.keys().next().value!);
    return matches;
  }

  clear() {
    this.entries.clear();
  }
}
