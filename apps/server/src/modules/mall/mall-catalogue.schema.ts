import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * Search index, one row per product: the tokens of its titles, category names and shop name (Chinese words,
 * bigrams and characters, English words, pinyin), built in the application so it behaves the same on PGlite
 * and PostgreSQL. `weights[i]` says how strongly `tokens[i]` speaks for the product (a title word outweighs a
 * category word); tokens are stored heaviest first. A GIN index on `tokens` finds the goods of a query (`&&`),
 * and ranking reads the weights of the matched tokens in the same row. `version` is the tokenizer's version
 * the row was built with: start-up rebuilds rows of another version and products without a row.
 */
export const mallSearchIndex = pgTable(
  'mall_search_index',
  {
    productId: integer('product_id').primaryKey(),
    tokens: text('tokens').array().notNull(),
    weights: smallint('weights').array().notNull(),
    version: integer('version').notNull(),
  },
  (t) => [index('mall_search_index_tokens_idx').using('gin', t.tokens)],
);

/**
 * The Latin words of the index (English words and pinyin), for reading typos and joined pinyin in queries.
 * Only grows (a word whose goods are gone just finds nothing); `id` lets the service read only new words.
 */
export const mallSearchWords = pgTable('mall_search_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull().unique(),
});

/** Goods a signed-in customer viewed: one row per (user, product), moved to the top on each view. */
export const mallFootprints = pgTable(
  'mall_footprints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mall_footprints_user_product_uq').on(t.userId, t.productId),
    index('mall_footprints_user_idx').on(t.userId, t.viewedAt),
  ],
);

/** A signed-in customer's searches: one row per (user, keyword), newest first. */
export const mallSearchHistory = pgTable(
  'mall_search_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    keyword: text('keyword').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mall_search_history_user_kw_uq').on(t.userId, t.keyword)],
);

/** Mall home slides. */
export const mallSlides = pgTable('mall_slides', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  titleZh: text('title_zh').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  linkType: text('link_type').notNull().default('none'),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  on: boolean('on').notNull().default(true),
});

/** The mall settings (one row, id 1): sources on/off and their rebate share, pay-in-time window, hot keywords. */
export const mallSettingsTable = pgTable('mall_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
