import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { mall as mallConstants, minorToDecimal, type MallSource } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import { mallCategories, mallProducts, mallSkus, mallSlides } from './mall-catalogue.schema.ts';
import { categoryView, productById, productByItem, slideView, syncListPrices } from './mall-catalogue.repository.ts';
import { productIdsToReindex, reindexProducts } from './mall-search.repository.ts';
import type { MallCatalogueService } from './mall-catalogue.service.ts';
import { getMallSettings, saveMallSettings, type MallSettings } from './mall-settings.ts';
import type { MallSourceProvider, ProviderItem } from './mall-providers.ts';
import { changes, type AuditPort, type AuditRecord } from '../audit/index.ts';

export interface SaveProductInput {
  id?: number;
  title: string;
  title_en: string;
  category_id?: number;
  images: string[];
  description: string;
  description_en: string;
  shop_name: string;
  weight_g: number;
  /** RMB fen per unit (the contract turns the yuan staff type into fen), as are rebate and the SKUs' price. */
  inland_freight: number;
  air_allowed: boolean;
  rebate: number;
  on_sale: boolean;
  skus: { id?: number; name: string; name_en: string; image: string; price: number; stock: number }[];
}

const minRebate = Math.round(mallConstants.rebateMinimum * 100);

/** The staff side of the catalogue: goods, categories, slides, settings. Roles are enforced by the pipeline. */
export class MallCatalogueAdmin {
  constructor(
    private readonly d: {
      db: Db;
      catalogue: MallCatalogueService;
      providers: Partial<Record<MallSource, MallSourceProvider>>;
      audit?: AuditPort | null;
    },
  ) {}

  /** A staff write's before/after, in its own transaction. */
  private async audit(tx: Tx, entry: Omit<AuditRecord, 'action'> & { action: `admin/mall/${string}` }) {
    await this.d.audit?.record(tx, entry);
  }

  /** A product as the audit log keeps it: its row and its SKUs' names, prices and stock. */
  private async productSnapshot(tx: Tx, id: number) {
    const p = await productById(tx, id);
    if (!p) return null;
    const skus = await tx
      .select({ id: mallSkus.id, name: mallSkus.name, priceMinor: mallSkus.priceMinor, stock: mallSkus.stock })
      .from(mallSkus)
      .where(eq(mallSkus.productId, id))
      .orderBy(asc(mallSkus.id));
    return { ...p, skus };
  }

  products(i: { keyword: string; source?: MallSource; category_id?: number; on_sale?: boolean; page: number; page_size: number }) {
    return this.d.catalogue.find({ ...i, sort: 'newest' }, true).then(({ read_as: _r, ...page }) => page);
  }

  async product(id: number) {
    const p = await productById(this.d.db, id);
    if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
    return this.d.catalogue.detailView(p);
  }

  private async checkCategory(tx: Tx, id: number | undefined) {
    if (id === undefined) return;
    const [c] = await tx.select({ id: mallCategories.id }).from(mallCategories).where(eq(mallCategories.id, id));
    if (!c) throw new ValidationError('rule.invalid', { field: 'category_id' });
  }

  /** Own-shop goods: everything; platform goods: only on/off sale and the category. */
  async saveProduct(i: SaveProductInput) {
    if (i.rebate > 0 && i.rebate < minRebate)
      throw new ValidationError('rule.tooSmall', { field: 'rebate', min: minorToDecimal(minRebate) });
    const id = await this.d.db.transaction(async (tx) => {
      await this.checkCategory(tx, i.category_id);
      const before = i.id !== undefined ? await this.productSnapshot(tx, i.id) : null;
      const record = async (productId: number) =>
        this.audit(tx, {
          action: 'admin/mall/products/save',
          objectType: 'mall_product',
          objectId: productId,
          ...changes(before, await this.productSnapshot(tx, productId), ['source', 'itemId', 'title']),
        });
      if (i.id !== undefined) {
        const p = before;
        if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
        if (p.source !== 'self') {
          await tx
            .update(mallProducts)
            .set({ onSale: i.on_sale, categoryId: i.category_id ?? p.categoryId, updatedAt: new Date() })
            .where(eq(mallProducts.id, p.id));
          await record(p.id);
          return p.id;
        }
      }
      const price = Math.min(...i.skus.map((s) => s.price));
      const fields = {
        title: i.title,
        titleEn: i.title_en,
        image: i.images[0],
        images: i.images,
        description: i.description,
        descriptionEn: i.description_en,
        shopName: i.shop_name || '拼邮自营',
        categoryId: i.category_id ?? null,
        priceMinor: price,
        originalPriceMinor: price,
        rebateMinor: i.rebate,
        inlandFreightMinor: i.inland_freight,
        weightG: i.weight_g,
        airAllowed: i.air_allowed,
        onSale: i.on_sale,
        updatedAt: new Date(),
      };
      let productId: number;
      if (i.id !== undefined) {
        productId = i.id;
        await tx.update(mallProducts).set(fields).where(eq(mallProducts.id, productId));
      } else {
        const [row] = await tx
          .insert(mallProducts)
          .values({ ...fields, source: 'self', itemId: `tmp-${randomUUID()}` })
          .returning({ id: mallProducts.id });
        productId = row.id;
        await tx
          .update(mallProducts)
          .set({ itemId: `S${100_000 + productId}` })
          .where(eq(mallProducts.id, productId));
      }
      const existing = await tx.select({ id: mallSkus.id }).from(mallSkus).where(eq(mallSkus.productId, productId));
      const known = new Set(existing.map((s) => s.id));
      for (const s of i.skus) if (s.id !== undefined && !known.has(s.id)) throw new DomainError('PRODUCT_NOT_FOUND');
      const keep = i.skus.filter((s) => s.id !== undefined).map((s) => s.id!);
      await tx
        .delete(mallSkus)
        .where(keep.length ? and(eq(mallSkus.productId, productId), notInArray(mallSkus.id, keep)) : eq(mallSkus.productId, productId));
      for (const s of i.skus) {
        const v = { name: s.name, nameEn: s.name_en, image: s.image, priceMinor: s.price, stock: s.stock };
        if (s.id !== undefined) await tx.update(mallSkus).set(v).where(eq(mallSkus.id, s.id));
        else await tx.insert(mallSkus).values({ ...v, productId });
      }
      await syncListPrices(tx, [productId]);
      await record(productId);
      return productId;
    });
    await reindexProducts(this.d.db, [id]);
    this.d.catalogue.invalidateSearch();
    return this.product(id);
  }

  async setOnSale(ids: number[], onSale: boolean) {
    const result = await this.d.db.transaction(async (tx) => {
      const before = await tx
        .select({ id: mallProducts.id, title: mallProducts.title, onSale: mallProducts.onSale })
        .from(mallProducts)
        .where(inArray(mallProducts.id, ids))
        .for('update');
      const r = await tx
        .update(mallProducts)
        .set({ onSale, updatedAt: new Date() })
        .where(inArray(mallProducts.id, ids))
        .returning({ id: mallProducts.id });
      for (const p of before)
        await this.audit(tx, {
          action: 'admin/mall/products/on-sale',
          objectType: 'mall_product',
          objectId: p.id,
          before: { title: p.title, on_sale: p.onSale },
          after: { title: p.title, on_sale: onSale },
        });
      return { updated: r.length };
    });
    this.d.catalogue.invalidateSearch();
    return result;
  }

  async setStock(skuId: number, stock: number) {
    const set = await this.d.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ sku: mallSkus, source: mallProducts.source })
        .from(mallSkus)
        .innerJoin(mallProducts, eq(mallProducts.id, mallSkus.productId))
        .where(eq(mallSkus.id, skuId))
        .for('update', { of: mallSkus });
      if (!row) throw new DomainError('PRODUCT_NOT_FOUND');
      if (row.source !== 'self') throw new ValidationError('rule.invalid', { field: 'sku_id' });
      await tx.update(mallSkus).set({ stock }).where(eq(mallSkus.id, skuId));
      await syncListPrices(tx, [row.sku.productId]);
      // The SKU's stock is what changed; the log files it under the SKU's id.
      await this.audit(tx, {
        action: 'admin/mall/products/stock',
        objectType: 'mall_sku',
        objectId: skuId,
        before: { product_id: row.sku.productId, name: row.sku.name, stock: row.sku.stock },
        after: { product_id: row.sku.productId, name: row.sku.name, stock },
      });
      return { productId: row.sku.productId, view: { sku_id: skuId, stock } };
    });
    this.d.catalogue.goodsChanged([set.productId]);
    return set.view;
  }

  async categories() {
    const rows = await this.d.db.select().from(mallCategories).orderBy(asc(mallCategories.sort), asc(mallCategories.id));
    return { list: rows.map(categoryView) };
  }

  async saveCategory(i: { id?: number; parent_id?: number; name_zh: string; name_en: string; icon: string; sort: number; on: boolean }) {
    const db = this.d.db;
    if (i.parent_id !== undefined) {
      const [parent] = await db.select().from(mallCategories).where(eq(mallCategories.id, i.parent_id));
      // Two levels: a parent must be a top category, and not the category itself.
      if (!parent || parent.parentId !== null || parent.id === i.id) throw new ValidationError('rule.invalid', { field: 'parent_id' });
    }
    const v = { parentId: i.parent_id ?? null, nameZh: i.name_zh, nameEn: i.name_en, icon: i.icon, sort: i.sort, on: i.on };
    const record = (tx: Tx, before: typeof mallCategories.$inferSelect | null, row: typeof mallCategories.$inferSelect) =>
      this.audit(tx, {
        action: 'admin/mall/categories/save',
        objectType: 'mall_category',
        objectId: row.id,
        ...changes(before, row, ['nameZh']),
      });
    if (i.id !== undefined) {
      const id = i.id;
      if (i.parent_id !== undefined) {
        const [child] = await db.select({ id: mallCategories.id }).from(mallCategories).where(eq(mallCategories.parentId, id)).limit(1);
        if (child) throw new ValidationError('rule.invalid', { field: 'parent_id' });
      }
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(mallCategories).where(eq(mallCategories.id, id)).for('update');
        if (!before) throw new DomainError('PRODUCT_NOT_FOUND');
        const [row] = await tx.update(mallCategories).set(v).where(eq(mallCategories.id, id)).returning();
        await record(tx, before, row);
        return row;
      });
      const goods = await db.select({ id: mallProducts.id }).from(mallProducts).where(eq(mallProducts.categoryId, row.id));
      await reindexProducts(
        db,
        goods.map((g) => g.id),
      );
      this.d.catalogue.invalidateSearch();
      return categoryView(row);
    }
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.insert(mallCategories).values(v).returning();
      await record(tx, null, row);
      return row;
    });
    return categoryView(row);
  }

  async slides() {
    const rows = await this.d.db.select().from(mallSlides).orderBy(asc(mallSlides.sort), asc(mallSlides.id));
    return { list: rows.map(slideView) };
  }

  async saveSlide(i: {
    id?: number;
    image: string;
    title_zh: string;
    title_en: string;
    link_type: string;
    link: string;
    sort: number;
    on: boolean;
  }) {
    if (i.link_type !== 'none' && !i.link) throw new ValidationError('rule.required', { field: 'link' });
    if ((i.link_type === 'product' || i.link_type === 'category') && !/^\d+$/.test(i.link))
      throw new ValidationError('rule.invalid', { field: 'link' });
    const v = { image: i.image, titleZh: i.title_zh, titleEn: i.title_en, linkType: i.link_type, link: i.link, sort: i.sort, on: i.on };
    const row = await this.d.db.transaction(async (tx) => {
      const before = i.id !== undefined ? (await tx.select().from(mallSlides).where(eq(mallSlides.id, i.id)).for('update'))[0] : null;
      if (i.id !== undefined && !before) throw new DomainError('PRODUCT_NOT_FOUND');
      const [row] =
        i.id !== undefined
          ? await tx.update(mallSlides).set(v).where(eq(mallSlides.id, i.id)).returning()
          : await tx.insert(mallSlides).values(v).returning();
      await this.audit(tx, {
        action: 'admin/mall/slides/save',
        objectType: 'mall_slide',
        objectId: row.id,
        ...changes(before, row, ['titleZh']),
      });
      return row;
    });
    return slideView(row);
  }

  async deleteSlide(id: number) {
    return this.d.db.transaction(async (tx) => {
      const [before] = await tx.delete(mallSlides).where(eq(mallSlides.id, id)).returning();
      if (before)
        await this.audit(tx, { action: 'admin/mall/slides/delete', objectType: 'mall_slide', objectId: id, ...changes(before, null) });
      return { deleted: !!before };
    });
  }

  settings() {
    return getMallSettings(this.d.db);
  }

  async saveSettings(i: MallSettings) {
    const seen = new Set<string>();
    for (const s of i.sources) {
      if (seen.has(s.source)) throw new ValidationError('rule.invalid', { field: 'sources' });
      seen.add(s.source);
    }
    const hot = [...new Set(i.hot_keywords.map((k) => k.trim()).filter(Boolean))];
    const saved = await this.d.db.transaction(async (tx) => {
      const before = await getMallSettings(tx);
      const after = await saveMallSettings(tx, { ...i, hot_keywords: hot });
      await this.audit(tx, { action: 'admin/mall/settings/save', objectType: 'mall_settings', objectId: 1, ...changes(before, after) });
      return after;
    });
    this.d.catalogue.forgetSettings();
    return saved;
  }

  /**
   * Indexes the goods the search index lacks or holds from another tokenizer version (after the migration
   * that replaced the index, or a tokenizer change); one transaction per 5,000 goods. Returns how many.
   */
  async refreshSearchIndex(): Promise<number> {
    const ids = await productIdsToReindex(this.d.db);
    for (let i = 0; i < ids.length; i += 5000) await this.d.db.transaction((tx) => reindexProducts(tx, ids.slice(i, i + 5000)));
    if (ids.length) this.d.catalogue.invalidateSearch();
    return ids.length;
  }

  /**
   * Goods a real platform client finds for a keyword become (or refresh) catalogue goods with one SKU and
   * their search tokens. Sources without keys have no client: their goods are the seeded sandbox catalogue.
   */
  async importFromProviders(keyword: string, source?: MallSource): Promise<number> {
    const providers = Object.values(this.d.providers).filter(
      (p) => p && !p.sandbox && (!source || p.source === source),
    ) as MallSourceProvider[];
    const ids: number[] = [];
    for (const provider of providers) {
      let items: ProviderItem[] = [];
      try {
        items = await provider.search(keyword, 1, 20);
      } catch {
        continue; // the platform is unreachable: the catalogue we hold still answers
      }
      for (const it of items.filter((x) => x.itemId && x.priceMinor > 0)) ids.push(await this.upsertItem(it));
    }
    if (ids.length) {
      await reindexProducts(this.d.db, ids);
      this.d.catalogue.invalidateSearch();
    }
    return ids.length;
  }

  private async upsertItem(it: ProviderItem): Promise<number> {
    return this.d.db.transaction(async (tx) => {
      const fields = {
        title: it.title,
        image: it.image,
        images: it.images.length ? it.images : [it.image],
        shopName: it.shopName,
        priceMinor: it.priceMinor,
        originalPriceMinor: Math.max(it.priceMinor, it.originalPriceMinor),
        sales: it.sales,
        rebateMinor: it.rebateMinor >= minRebate ? it.rebateMinor : 0,
        updatedAt: new Date(),
      };
      const old = await productByItem(tx, it.source, it.itemId);
      if (old) {
        await tx.update(mallProducts).set(fields).where(eq(mallProducts.id, old.id));
        await tx.update(mallSkus).set({ priceMinor: it.priceMinor }).where(eq(mallSkus.productId, old.id));
        return old.id;
      }
      const [row] = await tx
        .insert(mallProducts)
        .values({ ...fields, source: it.source, itemId: it.itemId, inlandFreightMinor: it.source === 'jd' ? 600 : 0 })
        .returning({ id: mallProducts.id });
      await tx.insert(mallSkus).values({ productId: row.id, priceMinor: it.priceMinor, stock: 999 });
      return row.id;
    });
  }
}
