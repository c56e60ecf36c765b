import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { moneySchema } from '../money-schema.ts';
import { zBoolish, zId, zRequired, zStr } from '../schemas.ts';
import { zIdempotencyKey } from './wallet.contract.ts';
import {
  cartItemSchema,
  cartSchema,
  footprintSchema,
  mallCategorySchema,
  mallLogisticsSchema,
  mallOrderSchema,
  mallOrderStatuses,
  mallProductDetailSchema,
  mallProductSchema,
  mallShippingModes,
  mallSlideSchema,
  mallSources,
  mallOrderItemSchema,
  searchInsteadSchema,
  searchRequest,
  searchSuggestionSchema,
  zMallIds,
  zMallQuantity,
} from './mall.objects.ts';

export * from './mall.objects.ts';
export { mallAdminContract } from './mall-admin.contract.ts';

const P = '/api/applet/mall';

const cartCount = z.object({ cart_count: z.number().int() });

/** One settlement (per source an order), as shown on `cartSettlement` and as `createOrder` will create it. */
export const tradeInfoSchema = z.object({
  orders: z.array(
    z.object({
      source: z.enum(mallSources),
      shop_name: z.string(),
      items: z.array(mallOrderItemSchema.extend({ cart_id: z.number().int().nullable(), price_changed: z.boolean() })),
      goods_total: moneySchema,
      inland_freight: moneySchema,
      rebate: moneySchema,
      total: moneySchema,
    }),
  ),
  goods_total: moneySchema,
  inland_freight: moneySchema,
  rebate: moneySchema,
  /** What the orders cost (RMB); createOrder takes it back as expected_total. */
  total: moneySchema,
  /** The total in SGD at today's rate (the wallet pays in SGD). */
  total_sgd: moneySchema,
  exchange_rate: z.string(),
  /** Which modes the goods may take to Singapore, and why not when refused (e.g. sensitive goods by air). */
  shipping_modes: z.array(z.object({ mode: z.enum(mallShippingModes), allowed: z.boolean(), reason: z.string() })),
  default_address: z
    .object({ id: z.number().int(), receiver: z.string(), phone: z.string(), district: z.string(), address: z.string() })
    .nullable(),
  group: z.object({ id: z.number().int(), name: z.string(), leader_name: z.string(), address: z.string() }).nullable(),
  /** Some price changed since the goods were put in the cart: the customer sees the new one before paying. */
  price_changed: z.boolean(),
  /** Usable mall coupons: applied when paying (the wallet's pay call takes coupon_id). */
  coupons: z.array(z.object({ id: z.number().int(), name: z.string(), discount: moneySchema, usable: z.boolean() })),
  pay_within_minutes: z.number().int(),
  /**
   * Roughly what the freight to Singapore will cost by `mode` (the requested one, else the first allowed), from the
   * goods' weight by the parcels' rate cards; billed separately once the parcel is weighed at the warehouse.
   * Null when no mode is allowed or no rate card prices it.
   */
  freight_estimate: z
    .object({
      mode: z.enum(mallShippingModes),
      /** SGD, without GST (charged with the pack's bill). */
      amount: moneySchema,
      /** The goods' weight and the weight the estimate charges (kg, text like "1.50"). */
      weight_kg: z.string(),
      chargeable_weight_kg: z.string(),
    })
    .nullable(),
});

/** What to settle: selected cart lines, or one item bought at once ("buy now"). */
const settleWhat = {
  cart_ids: zMallIds.optional(),
  product_id: zId.optional(),
  sku_id: zId.optional(),
  quantity: zMallQuantity.optional(),
};
const oneOf = (v: { cart_ids?: number[]; product_id?: number }) => (v.cart_ids?.length ?? 0) > 0 || v.product_id !== undefined;

export const mallContract = {
  getIndex: endpoint({
    path: `${P}/getIndex`,
    auth: 'optional',
    summary: 'Mall home: top categories, slides, hot keywords, sources and the first recommendations',
    request: z.object({}).passthrough(),
    response: z.object({
      categories: z.array(mallCategorySchema),
      slides: z.array(mallSlideSchema),
      hot_keywords: z.array(z.string()),
      sources: z.array(z.enum(mallSources)),
      recommend: z.array(mallProductSchema),
      exchange_rate: z.string(),
    }),
  }),
  getCategory: endpoint({
    path: `${P}/getCategory`,
    auth: 'optional',
    summary: 'Categories: the top level, or the children of parent_id',
    request: z.object({ parent_id: zId.optional() }),
    response: z.object({ list: z.array(mallCategorySchema) }),
  }),
  getRequestParam: endpoint({
    path: `${P}/getRequestParam`,
    auth: 'optional',
    summary: 'Search goods by name: Chinese, English or pinyin, typos tolerated; sorted and filtered',
    request: z.object(searchRequest),
    response: pageOf(mallProductSchema).extend({
      keyword: z.string(),
      /** When the keyword was a known typo or pinyin, what it was read as. */
      read_as: z.string(),
      /** When nothing was found, what to try instead (null when something was found). */
      instead: searchInsteadSchema.nullable(),
    }),
  }),
  searchSuggest: endpoint({
    path: `${P}/searchSuggest`,
    auth: 'optional',
    summary: 'Suggestions as the customer types: words and categories beginning with, or sounding like, the text typed',
    request: z.object({ keyword: zStr(50).default('') }),
    response: z.object({ list: z.array(searchSuggestionSchema) }),
  }),
  slideList: endpoint({
    path: `${P}/slideList`,
    auth: 'optional',
    summary: 'Mall slides (on sale, in order)',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(mallSlideSchema) }),
  }),
  searchCategory: endpoint({
    path: `${P}/searchCategory`,
    auth: 'optional',
    summary: "A category's goods list (and its sub-categories'), sorted and filtered",
    request: z.object({ ...searchRequest, category_id: zId }),
    response: pageOf(mallProductSchema).extend({ category: mallCategorySchema }),
  }),
  getDetail: endpoint({
    path: `${P}/getDetail`,
    auth: 'optional',
    summary: "A product's detail; a signed-in viewer's footprint is recorded",
    request: z.object({ id: zId }),
    response: mallProductDetailSchema,
  }),
  getPDDUrl: endpoint({
    path: `${P}/getPDDUrl`,
    auth: 'optional',
    summary: "A PDD product's promotion link (duoduojinbao), or a pasted PDD link/share text recognised",
    request: z
      .object({ id: zId.optional(), text: zStr(2000).optional() })
      .refine((v) => v.id !== undefined || !!v.text, { message: 'rule.required', path: ['text'] }),
    response: z.object({ product_id: z.number().int().nullable(), url: z.string(), mobile_url: z.string() }),
  }),
  getJDBySkuid: endpoint({
    path: `${P}/getJDBySkuid`,
    auth: 'optional',
    summary: 'Recognise a JD sku id, or any pasted platform link or share text (JD, Taobao/Tmall, 1688, PDD): the product to open',
    request: z
      .object({ sku_id: zStr(40).optional(), text: zStr(2000).optional() })
      .refine((v) => !!v.sku_id || !!v.text, { message: 'rule.required', path: ['text'] }),
    response: z.object({ product: mallProductSchema }),
  }),
  putIntoShoppingCart: endpoint({
    path: `${P}/putIntoShoppingCart`,
    auth: 'user',
    summary: 'Put goods in the cart (adds to the line of the same SKU; bounded by stock)',
    request: z.object({ product_id: zId, sku_id: zId.optional(), quantity: zMallQuantity.default(1) }),
    response: cartCount.extend({ item: cartItemSchema }),
  }),
  showShoppingCart: endpoint({
    path: `${P}/showShoppingCart`,
    auth: 'user',
    summary: "The caller's cart, grouped by source and seller, at today's prices",
    request: z.object({}).passthrough(),
    response: cartSchema,
  }),
  removeCargofromShoppingCart: endpoint({
    path: `${P}/removeCargofromShoppingCart`,
    auth: 'user',
    summary: 'Remove cart lines',
    request: z.object({ ids: zMallIds }),
    response: cartCount,
  }),
  updateCargoShoppingCart: endpoint({
    path: `${P}/updateCargoShoppingCart`,
    auth: 'user',
    summary: "Change a line's quantity (1..stock) or select / unselect lines",
    request: z
      .object({ ids: zMallIds, quantity: zMallQuantity.optional(), selected: zBoolish.optional() })
      .refine((v) => v.quantity !== undefined || v.selected !== undefined, { message: 'rule.required', path: ['quantity'] }),
    response: cartSchema,
  }),
  showShoppingCartCount: endpoint({
    path: `${P}/showShoppingCartCount`,
    auth: 'optional',
    summary: 'How many goods are in the cart (0 when signed out)',
    request: z.object({}).passthrough(),
    response: z.object({ count: z.number().int() }),
  }),
  getTradeInfo: endpoint({
    path: `${P}/getTradeInfo`,
    auth: 'user',
    summary: "Settlement: per source an order at today's prices, inland freight, rebate, modes to Singapore, address or leader, coupons",
    request: z.object({ ...settleWhat, shipping_mode: z.enum(mallShippingModes).optional() }).refine(oneOf, {
      message: 'rule.chooseGoods',
      path: ['cart_ids'],
    }),
    response: tradeInfoSchema,
  }),
  createOrder: endpoint({
    path: `${P}/createOrder`,
    auth: 'user',
    summary: 'Create the orders (one per source) and their bills; the same idempotency key returns the same orders',
    request: z
      .object({
        ...settleWhat,
        shipping_mode: z.enum(mallShippingModes, { message: 'rule.shippingMode' }),
        address_id: zId.optional(),
        remark: zStr(140).default(''),
        /** The total the customer saw (getTradeInfo's total, RMB): a different total today means prices changed (refused). */
        expected_total: moneySchema.optional(),
        idempotency_key: zIdempotencyKey,
      })
      .refine(oneOf, { message: 'rule.chooseGoods', path: ['cart_ids'] }),
    response: z.object({
      orders: z.array(mallOrderSchema),
      bill_ids: z.array(z.number().int()),
      total: moneySchema,
      total_sgd: moneySchema,
      pay_before: z.string().nullable(),
    }),
  }),
  getRecords: endpoint({
    path: `${P}/getRecords`,
    auth: 'user',
    summary: "The caller's mall orders, newest first, by status",
    request: z.object({ status: z.enum(mallOrderStatuses).optional(), ...pageRequest }),
    response: pageOf(mallOrderSchema),
  }),
  getRecordsCount: endpoint({
    path: `${P}/getRecordsCount`,
    auth: 'user',
    summary: "How many of the caller's orders are in each status",
    request: z.object({}).passthrough(),
    response: z.object({ counts: z.record(z.enum(mallOrderStatuses), z.number().int()), total: z.number().int() }),
  }),
  getRecordDetail: endpoint({
    path: `${P}/getRecordDetail`,
    auth: 'user',
    summary: 'One of the caller’s orders',
    request: z.object({ id: zId }),
    response: mallOrderSchema,
  }),
  cancelOrder: endpoint({
    path: `${P}/cancelOrder`,
    auth: 'user',
    summary: 'Cancel: unpaid or not yet bought at once (refund to the wallet, coupon returned); after purchase a request staff confirm',
    request: z.object({ id: zId, reason: zStr(140).default('') }),
    response: mallOrderSchema,
  }),
  cancelJdOrder: endpoint({
    path: `${P}/cancelJdOrder`,
    auth: 'user',
    summary: 'Cancel a JD order (as cancelOrder; after purchase JD must confirm)',
    request: z.object({ id: zId, reason: zStr(140).default('') }),
    response: mallOrderSchema,
  }),
  cancelSelfShopOrder: endpoint({
    path: `${P}/cancelSelfShopOrder`,
    auth: 'user',
    summary: 'Cancel an own-shop order before it ships: refunded at once and the stock returned',
    request: z.object({ id: zId, reason: zStr(140).default('') }),
    response: mallOrderSchema,
  }),
  getWxPay: endpoint({
    path: `${P}/getWxPay`,
    auth: 'user',
    summary: "Pay orders by WeChat Pay: the order's amount is topped up by WeChat and the bills paid from it on arrival",
    request: z.object({ ids: zMallIds, idempotency_key: zIdempotencyKey }),
    response: z.object({
      out_trade_no: z.string(),
      amount_sgd: moneySchema,
      /** WeChat JSAPI parameters (inside WeChat) or the sandbox / H5 page to open. */
      jsapi: z.record(z.string(), z.string()).nullable(),
      pay_url: z.string().nullable(),
      /** Inside the mini-program's web view: the mini-program page that takes the payment and comes back. */
      mini_program_path: z.string(),
    }),
  }),
  getWxPayResult: endpoint({
    path: `${P}/getWxPayResult`,
    auth: 'user',
    summary: 'Whether a WeChat payment of orders arrived (and the orders were paid)',
    request: z.object({ out_trade_no: zRequired(64) }),
    response: z.object({ status: z.enum(['pending', 'paid', 'closed']), orders: z.array(mallOrderSchema) }),
  }),
  getLogistics: endpoint({
    path: `${P}/getLogistics`,
    auth: 'user',
    summary: "An order's mainland courier events and, once it is our parcel, its stage to Singapore",
    request: z.object({ id: zId }),
    response: mallLogisticsSchema,
  }),
  getTaobaoPreSaleIm: endpoint({
    path: `${P}/getTaobaoPreSaleIm`,
    auth: 'optional',
    summary: "The seller's customer-service link for a product (Taobao/Tmall Wangwang, JD, 1688, PDD; ours for the own shop)",
    request: z.object({ id: zId }),
    response: z.object({ url: z.string(), kind: z.enum(['link', 'ours']) }),
  }),
  getFootprintList: endpoint({
    path: `${P}/getFootprintList`,
    auth: 'user',
    summary: "The caller's footprints (goods viewed), newest first",
    request: z.object({ ...pageRequest }),
    response: pageOf(footprintSchema),
  }),
  deleteFootprints: endpoint({
    path: `${P}/deleteFootprints`,
    auth: 'user',
    summary: 'Remove some footprints, or all of them',
    request: z.object({ ids: zMallIds.optional(), all: zBoolish.optional() }),
    response: z.object({ removed: z.number().int() }),
  }),
  getSearchHistory: endpoint({
    path: `${P}/getSearchHistory`,
    auth: 'optional',
    summary: "The caller's recent searches and the hot keywords",
    request: z.object({}).passthrough(),
    response: z.object({ history: z.array(z.string()), hot: z.array(z.string()) }),
  }),
  clearSearchHistory: endpoint({
    path: `${P}/clearSearchHistory`,
    auth: 'user',
    summary: "Forget the caller's searches",
    request: z.object({}).passthrough(),
    response: z.object({ removed: z.number().int() }),
  }),
  getRecommendGoods: endpoint({
    path: '/api/applet/getRecommendGoods',
    auth: 'optional',
    summary: 'Recommended goods (home and mall), paged',
    request: z.object({ ...pageRequest }),
    response: pageOf(mallProductSchema),
  }),
} as const;
