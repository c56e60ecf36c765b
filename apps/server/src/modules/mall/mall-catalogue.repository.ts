import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mall as mallConstants, type MallSource } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { formatMinor, rmbToSgdMinor } from '../wallet/index.ts';
import { mallCategories, mallProducts, mallSearchTokens, mallSkus, mallSlides } from './mall-catalogue.schema.ts';
import { indexTokens } from './mall-search.ts';

export type ProductRow = typeof mallProducts.$inferSelect;
export type SkuRow = typeof mallSkus.$inferSelect;
export type CategoryRow = typeof mallCategories.$inferSelect;
export type SlideRow = typeof mallSlides.$inferSelect;

/** Whether mainland shipping costs nothing: JD over ¥59 (§9), else the seller's own offer. */
export function freeShipping(p: Pick<ProductRow, 'source' | 'priceMinor' | 'inlandFreightMinor'>): boolean {
  if (p.source === 'jd') return p.priceMinor >= mallConstants.jdFreeShippingOverRmbMinor || p.inlandFreightMinor === 0;
  return p.inlandFreightMinor === 0;
}

export const categoryView = (c: CategoryRow) => ({
  id: c.id,
  parent_id: c.parentId,
  name: { en: c.nameEn, zh_CN: c.nameZh },
  icon: c.icon,
  sort: c.sort,
  on: c.on,
});

export const slideView = (s: SlideRow) => ({
  id: s.id,
  image: s.image,
  title: { en: s.titleEn, zh_CN: s.titleZh },
  link_type: s.linkType as 'product' | 'category' | 'search' | 'url' | 'none',
  link: s.link,
  sort: s.sort,
  on: s.on,
});

/** The list view of a product: lowest SKU price and total stock come from its SKUs. */
export function productView(p: ProductRow, skus: SkuRow[], rate: string) {
  const price = skus.length ? Math.min(...skus.map((s) => s.priceMinor)) : p.priceMinor;
  return {
    id: p.id,
    source: p.source as MallSource,
    item_id: p.itemId,
    title: p.title,
    title_en: p.titleEn || p.title,
    image: p.image,
    shop_name: p.shopName,
    category_id: p.categoryId,
    currency: 'RMB' as const,
    price_minor: price,
    price: formatMinor(price),
    original_price_minor: Math.max(price, p.originalPriceMinor),
    price_sgd_minor: rmbToSgdMinor(price, rate),
    sales: p.sales,
    rebate_minor: p.rebateMinor,
    stock: skus.reduce((a, s) => a + s.stock, 0),
    free_shipping: freeShipping({ ...p, priceMinor: price }),
    air_allowed: p.airAllowed,
    on_sale: p.onSale,
    created_at: p.createdAt.toISOString(),
  };
}

export async function skusOf(tx: Tx, productIds: number[]): Promise<Map<number, SkuRow[]>> {
  const out = new Map<number, SkuRow[]>();
  if (!productIds.length) return out;
  const rows = await tx.select().from(mallSkus).where(inArray(mallSkus.productId, productIds)).orderBy(asc(mallSkus.id));
  for (const r of rows) {
    const l = out.get(r.productId) ?? [];
    l.push(r);
    out.set(r.productId, l);
  }
  return out;
}

/** Products in list views, in the given order. */
export async function productViews(tx: Tx, products: ProductRow[], rate: string) {
  const skus = await skusOf(
    tx,
    products.map((p) => p.id),
  );
  return products.map((p) => productView(p, skus.get(p.id) ?? [], rate));
}

export async function productById(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [p] = await tx.select().from(mallProducts).where(eq(mallProducts.id, id));
  return p;
}

export async function productByItem(tx: Tx, source: MallSource, itemId: string): Promise<ProductRow | undefined> {
  const [p] = await tx
    .select()
    .from(mallProducts)
    .where(and(eq(mallProducts.source, source), eq(mallProducts.itemId, itemId)));
  return p;
}

/** Rebuilds the search tokens of these products: titles, English titles, category names, shop name. */
export async function reindexProducts(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const products = await tx.select().from(mallProducts).where(inArray(mallProducts.id, ids));
  const cats = await tx.select().from(mallCategories);
  const catById = new Map(cats.map((c) => [c.id, c]));
  const rows: { token: string; productId: number; weight: number }[] = [];
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
    for (const [token, weight] of tokens) rows.push({ token, productId: p.id, weight });
  }
  await tx.delete(mallSearchTokens).where(inArray(mallSearchTokens.productId, ids));
  for (let i = 0; i < rows.length; i += 2000)
    await tx
      .insert(mallSearchTokens)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
}

/** Every distinct Latin token (English words and pinyin), for typo and pinyin reading of queries. */
export async function latinVocabulary(tx: Tx): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ token: mallSearchTokens.token })
    .from(mallSearchTokens)
    .where(sql`${mallSearchTokens.token} ~ '^[a-z0-9]+$'`);
  return new Set(rows.map((r) => r.token));
}

export async function tokenRows(tx: Tx, tokens: string[]) {
  if (!tokens.length) return [];
  return tx
    .select({ token: mallSearchTokens.token, productId: mallSearchTokens.productId, weight: mallSearchTokens.weight })
    .from(mallSearchTokens)
    .where(inArray(mallSearchTokens.token, tokens));
}

/** A category and every category under it (two levels). */
export async function categoryAndChildren(tx: Tx, id: number): Promise<number[]> {
  const rows = await tx
    .select({ id: mallCategories.id })
    .from(mallCategories)
    .where(sql`${mallCategories.id} = ${id} or ${mallCategories.parentId} = ${id}`);
  return rows.map((r) => r.id);
}
