import { and, asc, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MallSort } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { mallCategories, mallProducts, mallSearchIndex, mallSearchWords } from './mall-catalogue.schema.ts';
import { INDEX_VERSION, indexTokens, latinOf, type QueryTerm } from './mall-search.ts';

/** Products indexed per statement. */
const CHUNK = 1000;

/** Rebuilds the search index rows of these products: titles, English titles, category names, shop name. */
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
  // New GIN entries wait in the index's pending list, which every search then reads through (a bulk index
  // left ~20 ms per query on PostgreSQL until vacuum): after a bulk, merge them into the index now.
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

/** The weight of the term's heaviest token in the product's row (0 when it has none). */
const termWeight = (t: QueryTerm) =>
  sql.join(
    t.tokens.map((tok) => sql`coalesce(${mallSearchIndex.weights}[array_position(${mallSearchIndex.tokens}, ${tok}::text)], 0)`),
    sql`, `,
  );

/** Whether any product (on sale or not, any source) has a token of every term. */
export async function anyProductMatchingAll(tx: Tx, terms: QueryTerm[]): Promise<boolean> {
  const rows = await tx
    .select({ id: mallSearchIndex.productId })
    .from(mallSearchIndex)
    .where(and(...terms.map(hasTerm)))
    .limit(1);
  return rows.length > 0;
}

export interface RankedQuery {
  terms: QueryTerm[];
  /** Every term must match (else any term). */
  all: boolean;
  /** Filters on mall_products. */
  where: SQL[];
  sort: MallSort;
  offset: number;
  limit: number;
  /** Goods found whatever their tokens, ranked above everything (the staff's search by item id). */
  alsoIds?: number[];
}

/**
 * One page of the goods matching the terms, ranked (1000 per matched term plus the weight of its heaviest
 * token) and sorted: their ids in order, and how many match in all. The matches and their sort keys are
 * materialized once (the count needs them all anyway), then sorted; the products' rows are read for the page only.
 */
export async function rankedProductIds(tx: Tx, q: RankedQuery): Promise<{ ids: number[]; total: number }> {
  // When every term matches, 1000 per term is the same for all: the weights alone rank.
  const score = !q.terms.length
    ? sql`0`
    : sql.join(
        q.terms.map((t) =>
          q.all ? sql`greatest(${termWeight(t)})` : sql`(least(greatest(${termWeight(t)}), 1) * 1000 + greatest(${termWeight(t)}))`,
        ),
        sql` + `,
      );
  const also = q.alsoIds?.length ? q.alsoIds : null;
  const rank = also ? sql`case when ${inArray(mallProducts.id, also)} then 1e9 else ${score} end` : score;
  const match = !q.terms.length
    ? sql`false`
    : q.all
      ? and(...q.terms.map(hasTerm))!
      : hasTerm({ tokens: q.terms.flatMap((t) => t.tokens), shown: '' });
  const r = await tx.execute(sql`
    with m as materialized (
      select ${mallProducts.id} as id, ${mallProducts.priceMinor} as price, ${mallProducts.sales} as sales,
        ${mallProducts.createdAt} as created, ${rank} as score
      from ${mallProducts} ${also ? sql`left join` : sql`join`} ${mallSearchIndex} on ${mallSearchIndex.productId} = ${mallProducts.id}
      where ${and(also ? or(match, inArray(mallProducts.id, also)) : match, ...q.where)}
    )
    select (select count(*)::int from m) as total,
      (select array_agg(id order by n) from (
        select id, row_number() over (order by ${orderOf(q.sort)}) as n from m order by ${orderOf(q.sort)}
        limit ${q.limit} offset ${q.offset}) page) as ids`);
  const [row] = (r as unknown as { rows: { total: number; ids: number[] | null }[] }).rows;
  return { total: Number(row.total), ids: (row.ids ?? []).map(Number) };
}

/** The sort of each choice, on the columns of `m` above. */
function orderOf(sort: MallSort): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`price asc, score desc, id asc`;
    case 'price_desc':
      return sql`price desc, score desc, id asc`;
    case 'newest':
      return sql`created desc, id desc`;
    case 'sales':
      return sql`sales desc, score desc, id asc`;
    default:
      return sql`score desc, sales desc, id asc`;
  }
}
