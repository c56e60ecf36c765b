import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mall as mallConstants, rmb, rmbToSgdMinor, sgd, type MallSource } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { mallCategories, mallProducts, mallSkus, mallSlides } from './mall-catalogue.schema.ts';

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

/**
 * The price a product is listed at: the lowest among its SKUs in stock (a SKU that cannot be bought does not
 * set it); when none is in stock, the lowest of all, and the product is sold out.
 */
export function listPrice(p: Pick<ProductRow, 'priceMinor'>, skus: Pick<SkuRow, 'priceMinor' | 'stock'>[]) {
  const buyable = skus.filter((s) => s.stock > 0);
  const from = buyable.length ? buyable : skus;
  return { priceMinor: from.length ? Math.min(...from.map((s) => s.priceMinor)) : p.priceMinor, soldOut: !buyable.length };
}

/** The list view of a product: the list price (listPrice) and total stock come from its SKUs. */
export function productView(p: ProductRow, skus: SkuRow[], rate: string) {
  const { priceMinor: price, soldOut } = listPrice(p, skus);
  return {
    id: p.id,
    source: p.source as MallSource,
    item_id: p.itemId,
    title: p.title,
    title_en: p.titleEn || p.title,
    image: p.image,
    shop_name: p.shopName,
    category_id: p.categoryId,
    price: rmb(price),
    original_price: rmb(Math.max(price, p.originalPriceMinor)),
    price_sgd: sgd(rmbToSgdMinor(price, rate)),
    sales: p.sales,
    rebate: rmb(p.rebateMinor),
    stock: skus.reduce((a, s) => a + s.stock, 0),
    sold_out: soldOut,
    free_shipping: freeShipping({ ...p, priceMinor: price }),
    air_allowed: p.airAllowed,
    on_sale: p.onSale,
    created_at: p.createdAt.toISOString(),
  };
}

/**
 * Keeps the products' own price (what search sorts and filters by) at their list price after their SKUs'
 * stock or prices changed.
 */
export async function syncListPrices(tx: Tx, productIds: number[]) {
  if (!productIds.length) return;
  await tx.execute(sql`update ${mallProducts} p set price_minor = coalesce(
      (select min(s.price_minor) from ${mallSkus} s where s.product_id = p.id and s.stock > 0),
      (select min(s.price_minor) from ${mallSkus} s where s.product_id = p.id),
      p.price_minor)
    where p.id in (${sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
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

/**
 * The list views of these products, in the order of `ids` (ids of no product are left out); one statement,
 * built once (preparedOnce; every search page runs it): the products by primary key, and their skus.
 */
export async function productViewsByIds(tx: Tx, ids: number[], rate: string) {
  if (!ids.length) return [];
  const rows = await productsWithSkus(tx).execute({ ids });
  const byId = new Map<number, { p: ProductRow; skus: SkuRow[] }>();
  for (const r of rows) {
    const e = byId.get(r.p.id) ?? { p: r.p, skus: [] };
    if (r.s) e.skus.push(r.s);
    byId.set(r.p.id, e);
  }
  return ids.flatMap((id) => {
    const e = byId.get(id);
    return e ? [productView(e.p, e.skus, rate)] : [];
  });
}

const productsWithSkus = preparedOnce((tx) =>
  tx
    .select({ p: mallProducts, s: mallSkus })
    .from(mallProducts)
    .leftJoin(mallSkus, eq(mallSkus.productId, mallProducts.id))
    .where(sql`${mallProducts.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(mallSkus.id))
    .prepare('mall_products_with_skus'),
);

export async function productByItem(tx: Tx, source: MallSource, itemId: string): Promise<ProductRow | undefined> {
  const [p] = await tx
    .select()
    .from(mallProducts)
    .where(and(eq(mallProducts.source, source), eq(mallProducts.itemId, itemId)));
  return p;
}

/** Every category's id and parent. */
export async function categoryTree(tx: Tx): Promise<{ id: number; parentId: number | null }[]> {
  return tx.select({ id: mallCategories.id, parentId: mallCategories.parentId }).from(mallCategories);
}
