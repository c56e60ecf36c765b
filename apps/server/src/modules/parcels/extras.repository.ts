import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settings } from '../system/system.schema.ts';
import { doorServices, invoiceRequests, packs } from './parcels.schema.ts';

const page = (p: { page: number; page_size: number }) => ({ limit: p.page_size, offset: (p.page - 1) * p.page_size });

export async function insertDoorService(db: Tx, values: typeof doorServices.$inferInsert) {
  const [row] = await db.insert(doorServices).values(values).returning();
  return row;
}
export function findDoorServicesOfOwner(db: Tx, userId: number) {
  return db.select().from(doorServices).where(eq(doorServices.userId, userId)).orderBy(desc(doorServices.id)).limit(100);
}
export async function findOwnedDoorService(db: Tx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(doorServices)
    .where(and(eq(doorServices.userId, userId), eq(doorServices.id, id)))
    .limit(1);
  return row ?? null;
}
export async function updateDoorService(db: Tx, id: number, values: Partial<typeof doorServices.$inferInsert>) {
  await db.update(doorServices).set(values).where(eq(doorServices.id, id));
}
export async function insertInvoiceRequest(db: Tx, values: typeof invoiceRequests.$inferInsert) {
  const [row] = await db.insert(invoiceRequests).values(values).returning();
  return row;
}

export type InvoiceRow = typeof invoiceRequests.$inferSelect;

export async function findDoorServicesPage(db: Tx, f: { status?: string; date?: string }, p: { page: number; page_size: number }) {
  const where = and(f.status ? eq(doorServices.status, f.status) : undefined, f.date ? eq(doorServices.date, f.date) : undefined);
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(doorServices).where(where).orderBy(desc(doorServices.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(doorServices)
      .where(where),
  ]);
  return { rows, total: n };
}
export async function findDoorServiceById(db: Tx, id: number) {
  const [row] = await db.select().from(doorServices).where(eq(doorServices.id, id)).limit(1);
  return row ?? null;
}
export async function findInvoicesPage(db: Tx, f: { status?: string }, p: { page: number; page_size: number }) {
  const where = f.status ? eq(invoiceRequests.status, f.status) : undefined;
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(invoiceRequests).where(where).orderBy(desc(invoiceRequests.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceRequests)
      .where(where),
  ]);
  return { rows, total: n };
}
export async function findInvoiceById(db: Tx, id: number) {
  const [row] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, id)).limit(1);
  return row ?? null;
}
export async function updateInvoiceRequest(db: Tx, id: number, values: Partial<typeof invoiceRequests.$inferInsert>) {
  const [row] = await db.update(invoiceRequests).set(values).where(eq(invoiceRequests.id, id)).returning();
  return row;
}
export async function findPackNosByIds(db: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: packs.id, packNo: packs.packNo }).from(packs).where(inArray(packs.id, ids));
  return new Map(rows.map((r) => [r.id, r.packNo]));
}

/** A server-only value kept in the settings table (never part of the public system settings). */
export async function findOrCreateSecretSetting(db: Tx, key: string, fresh: string): Promise<string> {
  await db.insert(settings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return String(row.value);
}
