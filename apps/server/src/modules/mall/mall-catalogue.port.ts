import { and, eq, gte, sql } from 'drizzle-orm';
import type { MallSource } from '@pinyou/contract';
import { afterCommit } from '../../db/after-commit.ts';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { mallProducts, mallSkus } from './mall-catalogue.schema.ts';
import { syncListPrices } from './mall-catalogue.repository.ts';

/** What the cart and orders need to know of one SKU today. */
export interface PricedSku {
  productId: number;
  skuId: number;
  source: MallSource;
  itemId: string;
  shopName: string;
  title: string;
  titleEn: string;
  image: string;
  skuName: string;
  skuNameEn: string;
  priceMinor: number;
  stock: number;
  onSale: boolean;
  airAllowed: boolean;
  weightG: number;
  inlandFreightMinor: number;
  rebateMinor: number;
}

/**
 * How the cart and orders read the catalogue and hold stock, inside the caller's transaction. The
 * catalogue part of the mall owns the product tables; orders never write them except through here.
 */
export interface MallCataloguePort {
  /** The SKU (or, without skuId, the product's only SKU) at today's price; PRODUCT_NOT_FOUND / SKU_REQUIRED. */
  priced(tx: Tx, productId: number, skuId?: number | null): Promise<PricedSku>;
  /** Takes `qty` from stock, or OUT_OF_STOCK (never below 0, safe under concurrent orders). */
  takeStock(tx: Tx, skuId: number, qty: number): Promise<void>;
  /** Gives stock back (a cancelled or expired order). */
  returnStock(tx: Tx, skuId: number, qty: number): Promise<void>;
  /** Counts sales of paid orders on their products (the orders' sales job, a batch at a time). */
  addSales(tx: Tx, sold: { productId: number; quantity: number }[]): Promise<void>;
}

/**
 * The port over the catalogue's tables; `changed` hears which goods' stock or sales moved, so what the
 * catalogue keeps of their list views is read again (ProductViewsCache). It hears it once the caller's
 * transaction has committed: a search in between would read the old stock and keep it.
 */
export const createMallCataloguePort = (changed: (productIds: number[]) => void): MallCataloguePort => ({
  async priced(tx, productId, skuId) {
    const [p] = await tx.select().from(mallProducts).where(eq(mallProducts.id, productId));
    if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
    const skus = await tx.select().from(mallSkus).where(eq(mallSkus.productId, productId));
    const sku = skuId ? skus.find((s) => s.id === skuId) : skus.length === 1 ? skus[0] : undefined;
    if (skuId && !sku) throw new DomainError('PRODUCT_NOT_FOUND');
    if (!sku) throw new DomainError('SKU_REQUIRED');
    return {
      productId: p.id,
      skuId: sku.id,
      source: p.source as MallSource,
      itemId: p.itemId,
      shopName: p.shopName,
      title: p.title,
      titleEn: p.titleEn || p.title,
      image: sku.image || p.image,
      skuName: sku.name,
      skuNameEn: sku.nameEn,
      priceMinor: sku.priceMinor,
      stock: sku.stock,
      onSale: p.onSale,
      airAllowed: p.airAllowed,
      weightG: p.weightG,
      inlandFreightMinor: p.inlandFreightMinor,
      rebateMinor: p.rebateMinor,
    };
  },
  async takeStock(tx, skuId, qty) {
    const r = await tx
      .update(mallSkus)
      .set({ stock: sql`${mallSkus.stock} - ${qty}` })
      .where(and(eq(mallSkus.id, skuId), gte(mallSkus.stock, qty)))
      .returning({ productId: mallSkus.productId });
    if (r.length) {
      await syncListPrices(tx, [r[0].productId]);
      afterCommit(tx, () => changed([r[0].productId]));
    } else {
      const [s] = await tx.select({ stock: mallSkus.stock }).from(mallSkus).where(eq(mallSkus.id, skuId));
      throw new DomainError('OUT_OF_STOCK', { stock: s?.stock ?? 0 });
    }
  },
  async returnStock(tx, skuId, qty) {
    const r = await tx
      .update(mallSkus)
      .set({ stock: sql`${mallSkus.stock} + ${qty}` })
      .where(eq(mallSkus.id, skuId))
      .returning({ productId: mallSkus.productId });
    await syncListPrices(
      tx,
      r.map((x) => x.productId),
    );
    afterCommit(tx, () => changed(r.map((x) => x.productId)));
  },
  async addSales(tx, sold) {
    if (!sold.length) return;
    const rows = sql.join(
      sold.map((x) => sql`(${x.productId}::int, ${x.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${mallProducts} set sales = ${mallProducts.sales} + v.q from (values ${rows}) as v(id, q) where ${mallProducts.id} = v.id`,
    );
    afterCommit(tx, () => changed(sold.map((x) => x.productId)));
  },
});
