import { z } from 'zod';
import { moneySchema } from '../money-schema.ts';
import { zId, zIdListOf, zInt, zStr } from '../schemas.ts';

// The vocabulary lives in its own zod-free module: a screen that needs only a list of statuses or sources
// (the home screen's recommended goods, through the mall model) should not pull the validation library in.
import { mallOrderStatuses, mallShippingModes, mallSorts, mallSources } from './mall.vocab.ts';
export * from './mall.vocab.ts';

const text2 = z.object({ en: z.string(), zh_CN: z.string() });

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

/** How many of one item a cart line or order may hold (number box minimum 1, §5). */
export const zMallQuantity = z.coerce
  .number({ message: 'rule.quantity' })
  .int({ message: 'rule.quantity' })
  .min(1, { message: 'rule.quantity' })
  .max(999, { message: 'rule.quantity' });

/** RMB price filter in yuan, up to 2 decimals. */
export const zYuan = z.coerce
  .number({ message: 'rule.notNumber' })
  .min(0, { message: 'rule.tooSmall' })
  .max(1_000_000, { message: 'rule.tooBig' })
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { message: 'rule.amount' });

/** Ids as an array or as "1,2,3" text. */
export const zMallIds = zIdListOf('rule.chooseGoods');

// ---------------------------------------------------------------------------------------------
// Views. Every amount is Money ({ amount_minor, currency }): RMB fen for goods, SGD cents where the field says so.
// ---------------------------------------------------------------------------------------------

export const mallCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: text2,
  icon: z.string(),
  sort: z.number().int(),
  on: z.boolean(),
});
export type MallCategory = z.infer<typeof mallCategorySchema>;

export const mallSlideSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  title: text2,
  /** What a tap opens: a product, a category's goods list, a search, or a web page. */
  link_type: z.enum(['product', 'category', 'search', 'url', 'none']),
  link: z.string(),
  sort: z.number().int(),
  on: z.boolean(),
});

export const mallProductSchema = z.object({
  id: z.number().int(),
  source: z.enum(mallSources),
  /** The platform's own item id (sku id for JD, goods sign for PDD, offer id for 1688, num_iid for Taobao). */
  item_id: z.string(),
  title: z.string(),
  /** English title when we have one (own shop, seeded goods); else the same as title. */
  title_en: z.string(),
  image: z.string(),
  shop_name: z.string(),
  category_id: z.number().int().nullable(),
  /** The lowest price among SKUs in stock (RMB); when none is in stock, the lowest of all, and sold_out. */
  price: moneySchema,
  /** The price before the platform's discount (RMB; equal to price when none). */
  original_price: moneySchema,
  /** price in SGD at the settings' exchange rate, for showing "≈ S$". */
  price_sgd: moneySchema,
  sales: z.number().int(),
  /** Rebate per unit (RMB; 0 when none; at least the §9 minimum when any). */
  rebate: moneySchema,
  stock: z.number().int(),
  /** No SKU has stock: nothing can be bought now (shown as sold out). */
  sold_out: z.boolean(),
  /** Mainland shipping to our warehouse is free (JD over ¥59, §9, or the seller's offer). */
  free_shipping: z.boolean(),
  /** Can travel by air (not sensitive or special goods). */
  air_allowed: z.boolean(),
  on_sale: z.boolean(),
  created_at: z.string(),
});
export type MallProduct = z.infer<typeof mallProductSchema>;

/**
 * The data of ITEM_NOT_IN_CATALOGUE: a pasted link or share text was recognised but its item is not one of our
 * goods. `title` is what the share text quoted ('' for a bare link or id), for searching by title instead.
 */
export const mallNotInCatalogueSchema = z.object({ source: z.enum(mallSources), item_id: z.string(), title: z.string() });
export type MallNotInCatalogue = z.infer<typeof mallNotInCatalogueSchema>;

export const mallSkuSchema = z.object({
  id: z.number().int(),
  /** e.g. "黑色 / 128G"; "" for a product without options. */
  name: z.string(),
  name_en: z.string(),
  image: z.string(),
  price: moneySchema,
  stock: z.number().int(),
});

export const mallProductDetailSchema = mallProductSchema.extend({
  images: z.array(z.string()),
  description: z.string(),
  description_en: z.string(),
  skus: z.array(mallSkuSchema),
  /** Mainland freight to our warehouse for one unit (RMB; 0 when free). */
  inland_freight: moneySchema,
  /** Weight of one unit in grams (estimates the air/sea share). */
  weight_g: z.number().int(),
  /** Working days to Singapore, per mode (§9). */
  delivery_days: z.object({ sea: z.tuple([z.number(), z.number()]), air: z.tuple([z.number(), z.number()]) }),
  /** Whether the seller's customer service can be reached (getTaobaoPreSaleIm). */
  seller_im: z.boolean(),
  exchange_rate: z.string(),
  in_cart: z.number().int(),
});
export type MallProductDetail = z.infer<typeof mallProductDetailSchema>;

export const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  sku_id: z.number().int().nullable(),
  source: z.enum(mallSources),
  shop_name: z.string(),
  title: z.string(),
  title_en: z.string(),
  image: z.string(),
  sku_name: z.string(),
  /** The SKU's English name ('' when it has none: show sku_name). */
  sku_name_en: z.string(),
  quantity: z.number().int(),
  /** Today's unit price (RMB). */
  price: moneySchema,
  /** The unit price when it was put in the cart; differs from price when the price changed since. */
  added_price: moneySchema,
  stock: z.number().int(),
  selected: z.boolean(),
  /** Off sale, out of stock or gone: cannot be settled. */
  available: z.boolean(),
  air_allowed: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  /** Lines grouped by source, then seller. */
  groups: z.array(z.object({ source: z.enum(mallSources), shop_name: z.string(), items: z.array(cartItemSchema) })),
  count: z.number().int(),
  selected_count: z.number().int(),
  selected_total: moneySchema,
  exchange_rate: z.string(),
});

export const mallOrderItemSchema = z.object({
  product_id: z.number().int(),
  sku_id: z.number().int().nullable(),
  title: z.string(),
  title_en: z.string(),
  image: z.string(),
  sku_name: z.string(),
  /** The SKU's English name ('' when it has none: show sku_name). */
  sku_name_en: z.string(),
  quantity: z.number().int(),
  /** Unit price (RMB). */
  price: moneySchema,
  /** Rebate of the line (RMB: the per-unit rebate × quantity). */
  rebate: moneySchema,
});

export const mallOrderSchema = z.object({
  id: z.number().int(),
  order_sn: z.string(),
  source: z.enum(mallSources),
  shop_name: z.string(),
  status: z.enum(mallOrderStatuses),
  items: z.array(mallOrderItemSchema),
  item_count: z.number().int(),
  goods_total: moneySchema,
  inland_freight: moneySchema,
  /** What the order costs (RMB: goods + inland freight). */
  total: moneySchema,
  /** Rebate credited to the wallet when the order is done (RMB; shown in SGD in the transactions). */
  rebate: moneySchema,
  rebate_credited: z.boolean(),
  shipping_mode: z.enum(mallShippingModes),
  /** Door delivery: receiver, phone and address; group: the leader's name and place. */
  deliver_to: z.string(),
  group_id: z.number().int().nullable(),
  leader_name: z.string(),
  remark: z.string(),
  bill_id: z.number().int().nullable(),
  pay_before: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  purchased_at: z.string().nullable(),
  platform_order_no: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  shipped_at: z.string().nullable(),
  /** Our parcel (declared for the customer) once the goods are on their way to the warehouse. */
  parcel_id: z.number().int().nullable(),
  packed_at: z.string().nullable(),
  done_at: z.string().nullable(),
  cancel_reason: z.string(),
  cancel_refused_reason: z.string(),
  cancelled_at: z.string().nullable(),
  /** What was refunded to the wallet (RMB; 0 when nothing). */
  refund: moneySchema,
  /** What the customer may do now. */
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  /** After purchase a cancellation is a request staff confirm (cancel_pending). */
  cancel_needs_confirmation: z.boolean(),
});
export type MallOrderView = z.infer<typeof mallOrderSchema>;

export const mallLogisticsSchema = z.object({
  order_id: z.number().int(),
  status: z.enum(mallOrderStatuses),
  /** Mainland leg: the platform's courier to our warehouse. */
  carrier: z.string(),
  tracking_no: z.string(),
  events: z.array(z.object({ time: z.string(), text: z.string() })),
  /** International leg: our parcel and its stage (sea/air stages of §4), when there is one. */
  parcel_id: z.number().int().nullable(),
  parcel_status: z.string(),
  stage: z.string().nullable(),
});

export const footprintSchema = z.object({ id: z.number().int(), viewed_at: z.string(), product: mallProductSchema });

export const mallSettingsSchema = z.object({
  /** Sources shown to customers; a source switched off is hidden from search and refused in the cart. */
  sources: z.array(z.object({ source: z.enum(mallSources), on: z.boolean(), rebate_percent: z.number() })),
  /** Unpaid orders expire after this many minutes (pay-in-time message, §8). */
  pay_within_minutes: z.number().int(),
  hot_keywords: z.array(z.string()),
});

/** What a search that found nothing offers instead: never a dead end. */
export const searchInsteadSchema = z.object({
  /** The keyword with its unknown words replaced by the nearest known ones ('' when none is near). */
  did_you_mean: z.string(),
  /** The categories nearest to the keyword (the top ones when nothing is near). */
  categories: z.array(mallCategorySchema),
  /** Offer to paste a product link or share text from JD, Taobao, 1688 or PDD. */
  paste_link: z.boolean(),
});
export type MallSearchInstead = z.infer<typeof searchInsteadSchema>;

/** One suggestion under the search box: a word to search, or a category to open. */
export const searchSuggestionSchema = z.object({
  /** In the language of the request when the suggestion has both (a category), else as indexed. */
  text: z.string(),
  /** Set when the suggestion is a category: open its list rather than search. */
  category_id: z.number().int().nullable(),
});
export type MallSearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchRequest = {
  keyword: zStr(100).default(''),
  source: z.enum(mallSources).optional(),
  category_id: zId.optional(),
  sort: z.enum(mallSorts).default('default'),
  min_price: zYuan.optional(),
  max_price: zYuan.optional(),
  page: zInt(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
};
