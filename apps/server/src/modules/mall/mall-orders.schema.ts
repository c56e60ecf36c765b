import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One line of a customer's cart: a SKU and how many. One line per (user, SKU). */
export const mallCartItems = pgTable(
  'mall_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price (RMB fen) when it was put in the cart. */
    addedPriceMinor: integer('added_price_minor').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mall_cart_user_sku_uq').on(t.userId, t.skuId), index('mall_cart_user_idx').on(t.userId)],
);

/** What an order line keeps of the goods when it was bought. */
export interface MallOrderLine {
  productId: number;
  skuId: number;
  title: string;
  titleEn: string;
  image: string;
  skuName: string;
  /** Absent on lines bought before English SKU names were kept. */
  skuNameEn?: string;
  quantity: number;
  priceMinor: number;
  rebateMinor: number;
  weightG: number;
  airAllowed: boolean;
}

/** A mall order: the goods of one source bought through us (RMB fen), paid by one wallet bill. */
export const mallOrders = pgTable(
  'mall_orders',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull(),
    userId: integer('user_id').notNull(),
    source: text('source').notNull(),
    shopName: text('shop_name').notNull().default(''),
    status: text('status').notNull().default('waiting_pay'),
    items: jsonb('items').$type<MallOrderLine[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    goodsTotalMinor: integer('goods_total_minor').notNull(),
    inlandFreightMinor: integer('inland_freight_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    rebateMinor: integer('rebate_minor').notNull().default(0),
    /** SGD cents credited to the wallet as the rebate (0 until done; reversed on refund). */
    rebateSgdMinor: integer('rebate_sgd_minor').notNull().default(0),
    rebateCredited: boolean('rebate_credited').notNull().default(false),
    shippingMode: text('shipping_mode').notNull(),
    deliverTo: text('deliver_to').notNull().default(''),
    groupId: integer('group_id'),
    leaderName: text('leader_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    billId: integer('bill_id'),
    payBefore: timestamp('pay_before', { withTimezone: true }),
    requestId: integer('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    platformOrderNo: text('platform_order_no').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    parcelId: integer('parcel_id'),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelRefusedReason: text('cancel_refused_reason').notNull().default(''),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundMinor: integer('refund_minor').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mall_orders_sn_uq').on(t.orderSn),
    index('mall_orders_user_idx').on(t.userId, t.id),
    index('mall_orders_status_idx').on(t.status, t.id),
  ],
);

/** One createOrder request (the idempotency key): the same key returns the same orders. */
export const mallOrderRequests = pgTable(
  'mall_order_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mall_order_requests_uq').on(t.userId, t.idempotencyKey)],
);

/** A WeChat payment of orders: a wallet top-up (out_trade_no) whose arrival pays the orders' bills. */
export const mallWxpays = pgTable(
  'mall_wxpays',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    orderIds: integer('order_ids').array().notNull(),
    billIds: integer('bill_ids').array().notNull(),
    amountSgdMinor: integer('amount_sgd_minor').notNull(),
    payUrl: text('pay_url'),
    jsapi: jsonb('jsapi').$type<Record<string, string> | null>(),
    /** pending → paid (money arrived; the bills paid when still payable) | closed. */
    status: text('status').notNull().default('pending'),
    /** Why the bills were not paid on arrival (e.g. the orders expired): the money stays in the balance. */
    outcome: text('outcome').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mall_wxpays_key_uq').on(t.userId, t.idempotencyKey), uniqueIndex('mall_wxpays_no_uq').on(t.outTradeNo)],
);

/**
 * Goods paid for and not yet counted in their product's `sales`: the paid handler only appends here, and a fold
 * in its own transaction adds the rows to `mall_products.sales` once the payment committed (MallFulfilment.foldSoon;
 * the minute's job catches what a crash left). Adding to the product row inside the payment locked that row
 * until the payment's COMMIT, so every payment of one product (a flash sale) waited for the one before it.
 */
export const mallSalesDeltas = pgTable('mall_sales_deltas', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
