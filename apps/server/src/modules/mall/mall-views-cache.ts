import type { productView } from './mall-catalogue.repository.ts';
import { MATCHES_TTL_MS } from './mall-search-matches.ts';

export type ProductListView = ReturnType<typeof productView>;

/** How long a product's list view is reused: as long as the search's matches. */
export const VIEWS_TTL_MS = MATCHES_TTL_MS;
/** How many views are kept (the oldest go first); a view is about 1 KB. */
const VIEWS_KEPT = 20_000;

/**
 * Recent list views of goods by id, so the pages of popular searches, sorts and filters, which show the same
 * goods again and again, do not read them from the database for every request. What changes goods through
 * this server forgets them at once (staff edits and syncs forget all, stock and sales forget the product);
 * another server's change is seen within VIEWS_TTL_MS, as with the matches. A product's detail, cart and
 * checkout always read the database.
 */
export class ProductViewsCache {
  private entries = new Map<number, { at: number; rate: string; view: ProductListView }>();
  /** Bumped by every forget, so views read before it are not kept after it. */
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The kept view of each id, or undefined where none is kept, it is too old or was made at another rate. */
  lookup(ids: number[], rate: string): (ProductListView | undefined)[] {
    const now = this.now();
    return ids.map((id) => {
      const e = this.entries.get(id);
      return e && e.rate === rate && now - e.at <= VIEWS_TTL_MS ? e.view : undefined;
    });
  }

  /** What to hand to keep() with views read from now on. */
  stamp(): number {
    return this.generation;
  }

  /** Keeps views read since `stamp`, unless something was forgotten in between (they may be older than that). */
  keep(views: ProductListView[], rate: string, stamp: number) {
    if (stamp !== this.generation) return;
    const at = this.now();
    for (const view of views) {
      this.entries.delete(view.id); // newest last, so the oldest go first
      this.entries.set(view.id, { at, rate, view });
    }
    while (this.entries.size > VIEWS_KEPT) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets these goods' views, or every view. */
  forget(ids?: Iterable<number>) {
    this.generation++;
    if (!ids) this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }

  get size() {
    return this.entries.size;
  }
}
