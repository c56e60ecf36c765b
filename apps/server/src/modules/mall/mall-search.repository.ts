import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mallCategories, mallProducts, mallSearchIndex, mallSearchWords } from './mall-catalogue.schema.ts';
import { INDEX_VERSION, indexTokens, latinOf, type QueryTerm } from './mall-search.ts';

/** Products indexed per statement. */
const CHUNK = 1000;

/** Rebuilds the search index rows of these products: titles, English titles, category names, shop name, descriptions. */
export async function reindexProducts(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const cats = await tx.select().from(mallCategories);
  const catById = new Map(cats.map((c) => [c.id, c]));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const products = await tx.select().from(mallProducts).where(inArray(mallProducts.id, chunk));
    const rows: (typeof mallSearchIndex.$inferInsert)[] = [];
    const latin = new Set<string>();
    for (const p of products) {
      const tokens = new Map<string, number>();
      const merge = (m: Map<string, number>) => m.forEach((w, t) => tokens.set(t, Math.max(tokens.get(t) ?? 0, w)));
      merge(indexTokens(p.title, 10));
      merge(indexTokens(p.titleEn, 10));
      let c = p.categoryId ? catById.get(p.categoryId) : undefined;
      for (let depth = 0; c && depth < 3; depth++) {
        merge(indexTokens(`${c.nameZh} ${c.nameEn}`, 5));
        c = c.parentId ? catById.get(c.parentId) : undefined;
      }
      merge(indexTokens(p.shopName, 3));
      // The description counts, below every title and category word.
      merge(indexTokens(p.description, 2, true));
      merge(indexTokens(p.descriptionEn, 2, true));
      // Heaviest first: ranking looks tokens up by position, and title words are what queries hit most.
      const sorted = [...tokens].sort((a, b) => b[1] - a[1]);
      rows.push({ productId: p.id, tokens: sorted.map(([t]) => t), weights: sorted.map(([, w]) => w), version: INDEX_VERSION });
      for (const t of latinOf(tokens.keys())) latin.add(t);
    }
    await tx.delete(mallSearchIndex).where(inArray(mallSearchIndex.productId, chunk));
    if (rows.length) await tx.insert(mallSearchIndex).values(rows);
    const words = [...latin];
    for (let j = 0; j < words.length; j += CHUNK)
      await tx
        .insert(mallSearchWords)
        .values(words.slice(j, j + CHUNK).map((word) => ({ word })))
        .onConflictDoNothing();
  }
  // New GIN entries wait in the index's pending list, which every search then reads through until vacuum:
  // after a bulk, merge them into the index now.
  if (ids.length >= CHUNK) await tx.execute(sql`select gin_clean_pending_list('mall_search_index_tokens_idx'::regclass)`);
}

/** Products with no index row or one built by another tokenizer version, by id. */
export async function productIdsToReindex(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: mallProducts.id })
    .from(mallProducts)
    .leftJoin(mallSearchIndex, sql`${mallSearchIndex.productId} = ${mallProducts.id}`)
    .where(or(isNull(mallSearchIndex.productId), ne(mallSearchIndex.version, INDEX_VERSION)))
    .orderBy(asc(mallProducts.id));
  return rows.map((r) => r.id);
}

/** The index's Latin words added after `afterId` (all of them from 0), with their ids. */
export async function latinWordsAfter(tx: Tx, afterId: number) {
  return tx.select().from(mallSearchWords).where(gt(mallSearchWords.id, afterId)).orderBy(asc(mallSearchWords.id));
}

/** A text[] literal as one parameter (index tokens hold no quote, backslash, comma or brace). */
const textArray = (tokens: string[]) => sql`${`{${tokens.map((t) => `"${t}"`).join(',')}}`}::text[]`;

/** Goods having a token of this term. */
const hasTerm = (t: QueryTerm) => sql`${mallSearchIndex.tokens} && ${textArray(t.tokens)}`;

/** The best weight × quality among the term's tokens in the product's row (0 when it has none). */
const termWeight = (t: QueryTerm) =>
  sql`greatest(${sql.join(
    t.tokens.map(
      (tok, n) =>
        sql`coalesce(${mallSearchIndex.weights}[array_position(${mallSearchIndex.tokens}, ${tok}::text)], 0) * ${sql.raw(String(Math.round(t.quality[n] ?? 10)))}`,
    ),
    sql`, `,
  )})`;

/** A product a query matches, with what the search filters and sorts on. */
export interface SearchMatch {
  id: number;
  /** 1000 per matched term plus, per term, the best weight × quality of its tokens. */
  score: number;
  onSale: boolean;
  source: string;
  categoryId: number | null;
  priceMinor: number;
  sales: number;
  createdAt: number;
}

/** What a match carries besides its score: what the filters and sorts of a search read. */
const matchColumns = {
  id: mallProducts.id,
  onSale: mallProducts.onSale,
  source: mallProducts.source,
  categoryId: mallProducts.categoryId,
  priceMinor: mallProducts.priceMinor,
  sales: mallProducts.sales,
  createdAt: mallProducts.createdAt,
};

/**
 * Every product having a token of each term (`all`), or of any term, with its score: 1000 per matched term
 * (all the query's words first) plus, per term, the best weight × quality of its tokens in the product's row
 * (a title word over a description word, the word typed over a synonym or a correction).
 */
export async function matchingProducts(tx: Tx, terms: QueryTerm[], all: boolean): Promise<SearchMatch[]> {
  if (!terms.length) return [];
  const score = sql.join(
    terms.map((t) => sql`(least(${termWeight(t)}, 1) * 1000 + ${termWeight(t)})`),
    sql` + `,
  );
  const match = all ? and(...terms.map(hasTerm))! : hasTerm({ tokens: terms.flatMap((t) => t.tokens), quality: [], shown: '' });
  const rows = await tx
    .select({ ...matchColumns, score: sql<number>`${score}`.mapWith(Number) })
    .from(mallSearchIndex)
    .innerJoin(mallProducts, sql`${mallProducts.id} = ${mallSearchIndex.productId}`)
    .where(match);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

/** Goods whose platform item id is the keyword, scored above every other match. */
export async function productsWithItemId(tx: Tx, itemId: string): Promise<SearchMatch[]> {
  const rows = await tx.select(matchColumns).from(mallProducts).where(eq(mallProducts.itemId, itemId));
  return rows.map((r) => ({ ...r, score: 1e9, createdAt: r.createdAt.getTime() }));
}
