import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { MallOrderStatus, MallSource } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { mallCartItems, mallOrderRequests, mallOrders, mallSalesDeltas, mallWxpays } from './mall-orders.schema.ts';
import { executeNamed } from '../../db/prepared.ts';
import { containing } from '../../db/contains.ts';

export type CartRow = typeof mallCartItems.$inferSelect;
export type OrderRow = typeof mallOrders.$inferSelect;
export type WxpayRow = typeof mallWxpays.$inferSelect;

// ---- cart --------------------------------------------------------------------------------------

export function cartOf(tx: Tx, userId: number) {
  return tx.select().from(mallCartItems).where(eq(mallCartItems.userId, userId)).orderBy(desc(mallCartItems.id));
}

export async function cartCount(tx: Tx, userId: number) {
  const [{ n }] = await tx.select({ n: count() }).from(mallCartItems).where(eq(mallCartItems.userId, userId));
  return n;
}

/** How many of one product the user has in the cart, over all its SKUs (the detail page's `in_cart`). */
export async function cartQuantityOfProduct(tx: Tx, userId: number, productId: number) {
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(sum(${mallCartItems.quantity}), 0)::int` })
    .from(mallCartItems)
    .where(and(eq(mallCartItems.userId, userId), eq(mallCartItems.productId, productId)));
  return n;
}

/** The caller's own lines among `ids` (others' lines are simply not found). */
export function ownLines(tx: Tx, userId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as CartRow[]);
  return tx
    .select()
    .from(mallCartItems)
    .where(and(eq(mallCartItems.userId, userId), inArray(mallCartItems.id, ids)))
    .orderBy(asc(mallCartItems.id));
}

export async function lineOfSku(tx: Tx, userId: number, skuId: number) {
  const [row] = await tx
    .select()
    .from(mallCartItems)
    .where(and(eq(mallCartItems.userId, userId), eq(mallCartItems.skuId, skuId)))
    .for('update');
  return row ?? null;
}

export async function insertLine(tx: Tx, v: typeof mallCartItems.$inferInsert) {
  const [row] = await tx.insert(mallCartItems).values(v).returning();
  return row;
}

export async function updateLine(tx: Tx, id: number, v: Partial<typeof mallCartItems.$inferInsert>) {
  const [row] = await tx.update(mallCartItems).set(v).where(eq(mallCartItems.id, id)).returning();
  return row;
}

export async function deleteLines(tx: Tx, userId: number, ids: number[]) {
  if (!ids.length) return 0;
  const r = await tx
    .delete(mallCartItems)
    .where(and(eq(mallCartItems.userId, userId), inArray(mallCartItems.id, ids)))
    .returning({ id: mallCartItems.id });
  return r.length;
}

// ---- orders ------------------------------------------------------------------------------------

export async function insertOrder(tx: Tx, v: typeof mallOrders.$inferInsert) {
  const [row] = await tx.insert(mallOrders).values(v).returning();
  return row;
}

export async function findOrder(tx: Tx, id: number, lock = false) {
  const q = tx.select().from(mallOrders).where(eq(mallOrders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: number, v: Partial<typeof mallOrders.$inferInsert>) {
  const [row] = await tx.update(mallOrders).set(v).where(eq(mallOrders.id, id)).returning();
  return row;
}

/**
 * Orders' bills were paid (inside the payment's transaction): each order moves to waiting_ship and its goods are
 * appended to the sales not yet counted, for all of a payment's (or a batch of payments') orders in ONE statement.
 * The orders' own UPDATE is the check and the lock: only an order still waiting for payment moves (under
 * concurrency PostgreSQL re-checks the WHERE on the locked row). No product row is touched, so payments of the
 * same goods do not queue behind each other. Returns the ids of the orders that moved.
 */
export async function markOrdersPaid(tx: Tx, ids: number[], paidAt: Date): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const res = await executeNamed<{ id: number }>(
    tx,
    sql`with o as (
        update ${mallOrders} set status = 'waiting_ship', paid_at = ${paidAt.toISOString()}::timestamptz
        where ${mallOrders.id} = any(${sql.param(ids)}::int[]) and ${mallOrders.status} = 'waiting_pay'
        returning id, items
      ), s as (
        insert into ${mallSalesDeltas} (product_id, quantity)
        select (i->>'productId')::int, (i->>'quantity')::int from o, jsonb_array_elements(o.items) i
      )
      select id from o`,
  );
  return new Set(res.rows.map((r) => Number(r.id)));
}

/**
 * Takes every sale not yet counted, summed by product (deleted here: the caller's transaction counts them on the
 * products, or rolls back and leaves them). A second taker at the same time waits on these rows, then skips them.
 */
export async function takeSalesDeltas(tx: Tx): Promise<{ productId: number; quantity: number }[]> {
  const res = await tx.execute(
    sql`with d as (delete from ${mallSalesDeltas} returning product_id, quantity)
      select product_id as "productId", sum(quantity)::int as quantity from d group by product_id order by product_id`,
  );
  return (res as unknown as { rows: { productId: number; quantity: number }[] }).rows;
}

export function ordersByIds(tx: Tx, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as OrderRow[]);
  return tx.select().from(mallOrders).where(inArray(mallOrders.id, ids)).orderBy(asc(mallOrders.id));
}

export function ordersOfRequest(tx: Tx, requestId: number) {
  return tx.select().from(mallOrders).where(eq(mallOrders.requestId, requestId)).orderBy(asc(mallOrders.id));
}

export interface OrderFilter {
  userId?: number;
  status?: MallOrderStatus;
  source?: MallSource;
  /** Order sn or tracking / platform order number (staff). */
  keyword?: string;
  userIds?: number[];
}

function where(f: OrderFilter) {
  const k = f.keyword ? containing(f.keyword) : null;
  return and(
    f.userId !== undefined ? eq(mallOrders.userId, f.userId) : undefined,
    f.status ? eq(mallOrders.status, f.status) : undefined,
    f.source ? eq(mallOrders.source, f.source) : undefined,
    k
      ? or(
          ilike(mallOrders.orderSn, k),
          ilike(mallOrders.trackingNo, k),
          ilike(mallOrders.platformOrderNo, k),
          f.userIds?.length ? inArray(mallOrders.userId, f.userIds) : undefined,
        )
      : undefined,
  );
}

export async function listOrders(tx: Tx, f: OrderFilter, page: { page: number; page_size: number }) {
  const rows = await tx
    .select()
    .from(mallOrders)
    .where(where(f))
    .orderBy(desc(mallOrders.id))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  const [{ n }] = await tx.select({ n: count() }).from(mallOrders).where(where(f));
  return { rows, total: n };
}

export async function statusCounts(tx: Tx, f: Omit<OrderFilter, 'status'>) {
  const rows = await tx
    .select({ status: mallOrders.status, n: sql<number>`count(*)::int` })
    .from(mallOrders)
    .where(where(f))
    .groupBy(mallOrders.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Unpaid orders whose time to pay ran out. */
export function expiredUnpaid(tx: Tx, now: Date, limit = 200) {
  return tx
    .select({ id: mallOrders.id })
    .from(mallOrders)
    .where(and(eq(mallOrders.status, 'waiting_pay'), isNotNull(mallOrders.payBefore), lte(mallOrders.payBefore, now)))
    .orderBy(asc(mallOrders.id))
    .limit(limit);
}

/** A customer's unpaid orders still within their time to pay. */
export function liveUnpaidOf(tx: Tx, userId: number, now: Date) {
  return tx
    .select({ id: mallOrders.id })
    .from(mallOrders)
    .where(and(eq(mallOrders.userId, userId), eq(mallOrders.status, 'waiting_pay'), gt(mallOrders.payBefore, now)))
    .orderBy(asc(mallOrders.id));
}

/** Orders travelling as a parcel (shipped or packed), to follow their parcel. */
export function followingParcel(tx: Tx, userId: number | null, limit = 500) {
  return tx
    .select({ id: mallOrders.id })
    .from(mallOrders)
    .where(
      and(
        inArray(mallOrders.status, ['shipped', 'packed']),
        isNotNull(mallOrders.parcelId),
        userId !== null ? eq(mallOrders.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(mallOrders.id))
    .limit(limit);
}

// ---- idempotency and WeChat payments -----------------------------------------------------------

/** Claims the (user, key) of a createOrder; null when it was claimed before (read its orders instead). */
export async function claimRequest(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .insert(mallOrderRequests)
    .values({ userId, idempotencyKey: key })
    .onConflictDoNothing()
    .returning({ id: mallOrderRequests.id });
  return row?.id ?? null;
}

export async function findRequest(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(mallOrderRequests)
    .where(and(eq(mallOrderRequests.userId, userId), eq(mallOrderRequests.idempotencyKey, key)));
  return row ?? null;
}

export async function insertWxpay(tx: Tx, v: typeof mallWxpays.$inferInsert) {
  const [row] = await tx.insert(mallWxpays).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function wxpayByKey(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(mallWxpays)
    .where(and(eq(mallWxpays.userId, userId), eq(mallWxpays.idempotencyKey, key)));
  return row ?? null;
}

export async function wxpayByNo(tx: Tx, outTradeNo: string, lock = false) {
  const q = tx.select().from(mallWxpays).where(eq(mallWxpays.outTradeNo, outTradeNo));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateWxpay(tx: Tx, id: number, v: Partial<typeof mallWxpays.$inferInsert>) {
  await tx.update(mallWxpays).set(v).where(eq(mallWxpays.id, id));
}
