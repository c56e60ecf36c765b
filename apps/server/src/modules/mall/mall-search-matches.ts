import type { MallSort } from '@pinyou/contract';
import type { SearchMatch } from './mall-search.repository.ts';

/** How long a query's matches are reused (goods changed through this server are forgotten at once). */
export const MATCHES_TTL_MS = 30_000;
/** How many queries' matches are kept (the oldest go first)… */
const MATCHES_KEPT = 300;
/** …and how many matches they may hold in all (each query also keeps up to 5 sorts and FILTERS_KEPT filtered lists). */
const MATCHES_HELD = 400_000;
/** Per query: the sort-and-filter combinations whose passing matches are kept, so their pages are slices. */
const FILTERS_KEPT = 8;
/** Per query: how many filters' counts are kept (a number each). */
const COUNTS_KEPT = 256;

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

/** A query's matches, each sort computed once, and the matches passing a few recent filters kept in order. */
export class QueryMatches {
  private sorted = new Map<MallSort, SearchMatch[]>();
  private passing = new Map<string, SearchMatch[]>();
  /** How many matches pass each recent filter (the same under every sort). */
  private counts = new Map<string, number>();
  constructor(readonly all: SearchMatch[]) {}

  inOrder(sort: MallSort): SearchMatch[] {
    let l = this.sorted.get(sort);
    if (!l) {
      l = [...this.all].sort((a, b) => compareMatches(sort, a, b));
      this.sorted.set(sort, l);
    }
    return l;
  }

  /**
   * One page of the matches that pass `keep`, in the sort's order, and how many pass. `filter` names what `keep`
   * lets through (the same name, the same test). The first time a filter is seen every match is tested, to count
   * them, and those passing are kept in order, so the pages a shopper turns through slice one list. Under a filter
   * already counted, another sort tests its matches in order only up to the page's last one.
   */
  page(sort: MallSort, filter: string, keep: (m: SearchMatch) => boolean, offset: number, limit: number) {
    const key = `${sort}\n${filter}`;
    let l = this.passing.get(key);
    const total = this.counts.get(filter);
    if (!l && total !== undefined) {
      const ids: number[] = [];
      let passed = 0;
      for (const m of this.inOrder(sort)) {
        if (!keep(m) || passed++ < offset) continue;
        ids.push(m.id);
        if (ids.length === limit) break;
      }
      return { ids, total };
    }
    if (l)
      this.passing.delete(key); // most recently used last
    else {
      l = this.inOrder(sort).filter(keep);
      this.counts.delete(filter);
      this.counts.set(filter, l.length);
      if (this.counts.size > COUNTS_KEPT) this.counts.delete(this.counts.keys().next().value!);
    }
    this.passing.set(key, l);
    if (this.passing.size > FILTERS_KEPT) this.passing.delete(this.passing.keys().next().value!);
    return { ids: l.slice(offset, offset + limit).map((m) => m.id), total: l.length };
  }
}

/**
 * Recent queries' matches, so a popular query is not matched and ranked again for every page, sort and filter:
 * the same query (its terms' tokens) within MATCHES_TTL_MS shares one lookup, even while it is running.
 */
export class MatchesCache {
  private entries = new Map<string, { at: number; matches: Promise<QueryMatches>; held: number }>();
  private held = 0;

  get(key: string, load: () => Promise<SearchMatch[]>): Promise<QueryMatches> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= MATCHES_TTL_MS) return hit.matches;
    const entry = { at: now, matches: null as unknown as Promise<QueryMatches>, held: 0 };
    entry.matches = load().then(
      (l) => {
        if (this.entries.get(key) === entry) {
          entry.held = l.length;
          this.held += l.length;
          this.trim();
        }
        return new QueryMatches(l);
      },
      (e: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw e;
      },
    );
    this.forget(key);
    this.entries.set(key, entry);
    this.trim();
    return entry.matches;
  }

  clear() {
    this.entries.clear();
    this.held = 0;
  }

  private forget(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.held -= e.held;
    this.entries.delete(key);
  }

  /** The oldest go while there are too many, or they hold too many matches (but the newest always stays). */
  private trim() {
    while (this.entries.size > MATCHES_KEPT || (this.held > MATCHES_HELD && this.entries.size > 1))
      this.forget(this.entries.keys().next().value!);
  }

  /** How many queries are kept and how many matches they hold (for tests). */
  get size() {
    return { queries: this.entries.size, matches: this.held };
  }
}
