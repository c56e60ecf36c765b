import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zInt, zRequired, zStr } from '../schemas.ts';
import { zAmountMinorUpTo } from './wallet.fields.ts';
import { zPriceMinor } from '../money-schema.ts';
import {
  mallCategorySchema,
  mallOrderSchema,
  mallOrderStatuses,
  mallProductDetailSchema,
  mallProductSchema,
  mallSettingsSchema,
  mallSlideSchema,
  mallSources,
} from './mall.objects.ts';

const A = '/api/admin/mall';
const staffMall = ['service', 'warehouse'] as const;

/** A staff view of an order: the customer and the bill too. */
export const adminMallOrderSchema = mallOrderSchema.extend({ user_id: z.number().int(), user_account: z.string() });

/** Staff type yuan ("12.30", at most ¥1,000,000): becomes RMB fen. */
const maxFen = 100_000_000;
const skuInput = z.object({
  id: zId.optional(),
  name: zStr(60).default(''),
  name_en: zStr(60).default(''),
  image: zStr(500).default(''),
  /** Unit price in yuan ("12.30"), more than 0. */
  price: zAmountMinorUpTo(maxFen),
  stock: zInt(0, 1_000_000),
});

export const mallAdminContract = {
  adminMallProducts: endpoint({
    path: `${A}/products`,
    auth: 'staff',
    roles: ['content'],
    read: true,
    summary: 'Goods of every source (search, filter by source, category, on sale)',
    request: z.object({
      keyword: zStr(100).default(''),
      source: z.enum(mallSources).optional(),
      category_id: zId.optional(),
      on_sale: zBoolish.optional(),
      ...pageRequest,
    }),
    response: pageOf(mallProductSchema),
  }),
  adminMallProduct: endpoint({
    path: `${A}/products/detail`,
    auth: 'staff',
    roles: ['content'],
    read: true,
    summary: 'One product with its SKUs',
    request: z.object({ id: zId }),
    response: mallProductDetailSchema,
  }),
  adminSaveMallProduct: endpoint({
    path: `${A}/products/save`,
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit an own-shop product (platform goods: only on/off sale and category)',
    request: z.object({
      id: zId.optional(),
      title: zRequired(120),
      title_en: zStr(120).default(''),
      category_id: zId.optional(),
      images: z.array(zStr(500)).min(1, { message: 'rule.required' }).max(9),
      description: zStr(5000).default(''),
      description_en: zStr(5000).default(''),
      shop_name: zStr(60).default(''),
      weight_g: zInt(1, 1_000_000),
      /** Mainland freight per unit in yuan ("0" when free). */
      inland_freight: zPriceMinor(maxFen).default(0),
      air_allowed: zBoolish.default(true),
      /** Rebate per unit in yuan ("0" for none). */
      rebate: zPriceMinor(maxFen).default(0),
      on_sale: zBoolish.default(true),
      skus: z.array(skuInput).min(1, { message: 'rule.required' }).max(50),
    }),
    response: mallProductDetailSchema,
  }),
  adminSetMallProductOnSale: endpoint({
    path: `${A}/products/on-sale`,
    auth: 'staff',
    roles: ['content'],
    summary: 'Put goods on or off sale',
    request: z.object({ ids: z.array(zId).min(1).max(200), on_sale: zBoolish }),
    response: z.object({ updated: z.number().int() }),
  }),
  adminSetMallStock: endpoint({
    path: `${A}/products/stock`,
    auth: 'staff',
    roles: ['content', 'warehouse'],
    summary: "Set an own-shop SKU's stock",
    request: z.object({ sku_id: zId, stock: zInt(0, 1_000_000) }),
    response: z.object({ sku_id: z.number().int(), stock: z.number().int() }),
  }),
  adminMallCategories: endpoint({
    path: `${A}/categories`,
    auth: 'staff',
    roles: ['content'],
    read: true,
    summary: 'Every category (on and off)',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(mallCategorySchema) }),
  }),
  adminSaveMallCategory: endpoint({
    path: `${A}/categories/save`,
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit a category',
    request: z.object({
      id: zId.optional(),
      parent_id: zId.optional(),
      name_zh: zRequired(30),
      name_en: zRequired(30),
      icon: zStr(500).default(''),
      sort: zInt(0, 9999).default(0),
      on: zBoolish.default(true),
    }),
    response: mallCategorySchema,
  }),
  adminMallSlides: endpoint({
    path: `${A}/slides`,
    auth: 'staff',
    roles: ['content'],
    read: true,
    summary: 'Every mall slide',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(mallSlideSchema) }),
  }),
  adminSaveMallSlide: endpoint({
    path: `${A}/slides/save`,
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit a mall slide',
    request: z.object({
      id: zId.optional(),
      image: zRequired(500),
      title_zh: zStr(60).default(''),
      title_en: zStr(60).default(''),
      link_type: z.enum(['product', 'category', 'search', 'url', 'none']),
      link: zStr(500).default(''),
      sort: zInt(0, 9999).default(0),
      on: zBoolish.default(true),
    }),
    response: mallSlideSchema,
  }),
  adminDeleteMallSlide: endpoint({
    path: `${A}/slides/delete`,
    auth: 'staff',
    roles: ['content'],
    summary: 'Delete a mall slide',
    request: z.object({ id: zId }),
    response: z.object({ deleted: z.boolean() }),
  }),
  adminMallSettings: endpoint({
    path: `${A}/settings`,
    auth: 'staff',
    roles: ['content', 'finance'],
    read: true,
    summary: 'Sources on/off with their rebate share, the pay-in-time window, hot keywords',
    request: z.object({}).passthrough(),
    response: mallSettingsSchema,
  }),
  adminSaveMallSettings: endpoint({
    path: `${A}/settings/save`,
    auth: 'staff',
    roles: ['finance'],
    summary: 'Change the mall settings',
    request: z.object({
      sources: z.array(z.object({ source: z.enum(mallSources), on: zBoolish, rebate_percent: z.coerce.number().min(0).max(50) })).max(5),
      pay_within_minutes: zInt(5, 7 * 24 * 60),
      hot_keywords: z.array(zStr(30)).max(20),
    }),
    response: mallSettingsSchema,
  }),
  adminMallOrders: endpoint({
    path: `${A}/orders`,
    auth: 'staff',
    roles: [...staffMall],
    read: true,
    summary: 'Mall orders by status, source, order sn / customer',
    request: z.object({
      status: z.enum(mallOrderStatuses).optional(),
      source: z.enum(mallSources).optional(),
      keyword: zStr(60).default(''),
      ...pageRequest,
    }),
    response: pageOf(adminMallOrderSchema).extend({ counts: z.record(z.enum(mallOrderStatuses), z.number().int()) }),
  }),
  adminMallOrder: endpoint({
    path: `${A}/orders/detail`,
    auth: 'staff',
    roles: [...staffMall],
    read: true,
    summary: 'One mall order',
    request: z.object({ id: zId }),
    response: adminMallOrderSchema,
  }),
  adminPurchaseMallOrder: endpoint({
    path: `${A}/orders/purchase`,
    auth: 'staff',
    roles: ['service'],
    summary: 'Record that a paid order was bought on the platform (its order number) or picked from our stock',
    request: z.object({ id: zId, platform_order_no: zStr(64).default('') }),
    response: adminMallOrderSchema,
  }),
  adminShipMallOrder: endpoint({
    path: `${A}/orders/ship`,
    auth: 'staff',
    roles: [...staffMall],
    summary: "Enter the courier and tracking number: the goods become the customer's declared parcel on its way to the warehouse",
    request: z.object({ id: zId, carrier: zRequired(40), tracking_no: zRequired(40) }),
    response: adminMallOrderSchema,
  }),
  adminReviewMallCancel: endpoint({
    path: `${A}/orders/cancel-review`,
    auth: 'staff',
    roles: ['service'],
    summary: 'Confirm (refund, coupon back) or refuse (with a reason the customer sees) a cancellation request',
    request: z
      .object({ id: zId, approve: zBoolish, reason: zStr(140).default('') })
      .refine((v) => v.approve || v.reason.length > 0, { message: 'rule.required', path: ['reason'] }),
    response: adminMallOrderSchema,
  }),
  adminCancelMallOrder: endpoint({
    path: `${A}/orders/cancel`,
    auth: 'staff',
    roles: ['service'],
    summary: 'Cancel a paid order we cannot buy (sold out on the platform): refunded to the wallet at once',
    request: z.object({ id: zId, reason: zRequired(140) }),
    response: adminMallOrderSchema,
  }),
} as const;
