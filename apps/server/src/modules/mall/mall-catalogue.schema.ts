import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Mall categories (two levels). Names in both languages. */
export const mallCategories = pgTable('mall_categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  on: boolean('on').notNull().default(true),
});

/**
 * Goods of every source. Platform goods are the platform's items as our catalogue knows them (seeded in the
 * sandbox, fetched through the provider otherwise); own-shop goods ('self') are ours. Prices in RMB fen.
 */
export const mallProducts = pgTable(
  'mall_products',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    image: text('image').notNull().default(''),
    images: text('images').array().notNull().default([]),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    shopName: text('shop_name').notNull().default(''),
    categoryId: integer('category_id'),
    priceMinor: integer('price_minor').notNull(),
    originalPriceMinor: integer('original_price_minor').notNull(),
    sales: integer('sales').notNull().default(0),
    rebateMinor: integer('rebate_minor').notNull().default(0),
    inlandFreightMinor: integer('inland_freight_minor').notNull().default(0),
    weightG: integer('weight_g').notNull().default(500),
    airAllowed: boolean('air_allowed').notNull().default(true),
    onSale: boolean('on_sale').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mall_products_source_item_uq').on(t.source, t.itemId), index('mall_products_category_idx').on(t.categoryId)],
);

/** A product's options (colour / size...). Every product has at least one SKU; stock lives here. */
export const mallSkus = pgTable(
  'mall_skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    image: text('image').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [index('mall_skus_product_idx').on(t.productId)],
);
