import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { batchImportRows, batchImports } from './parcels.schema.ts';

const page = (p: { page: number; page_size: number }) => ({ limit: p.page_size, offset: (p.page - 1) * p.page_size });

export async function insertImport(db: Tx, values: typeof batchImports.$inferInsert) {
  const [row] = await db.insert(batchImports).values(values).returning();
  return row;
}
export async function insertImportRows(db: Tx, rows: Array<typeof batchImportRows.$inferInsert>) {
  return db.insert(batchImportRows).values(rows).returning();
}
export async function updateImportRow(db: Tx, id: number, values: Partial<typeof batchImportRows.$inferInsert>) {
  await db.update(batchImportRows).set(values).where(eq(batchImportRows.id, id));
}
export async function findOwnedImport(db: Tx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(batchImports)
    .where(and(eq(batchImports.userId, userId), eq(batchImports.id, id)))
    .limit(1);
  return row ?? null;
}
export function findRowsOfImport(db: Tx, importId: number, status?: string) {
  return db
    .select()
    .from(batchImportRows)
    .where(and(eq(batchImportRows.importId, importId), status ? eq(batchImportRows.status, status) : undefined))
    .orderBy(asc(batchImportRows.rowNo));
}
export async function findImportsPage(db: Tx, userId: number, p: { page: number; page_size: number }) {
  const where = eq(batchImports.userId, userId);
  const { limit, offset } = page(p);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(batchImports).where(where).orderBy(desc(batchImports.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(batchImports)
      .where(where),
  ]);
  return { rows, total: n };
}
export function countRowsOfImports(db: Tx, importIds: number[]) {
  if (importIds.length === 0) return Promise.resolve([] as Array<{ importId: number; status: string; n: number }>);
  return db
    .select({ importId: batchImportRows.importId, status: batchImportRows.status, n: sql<number>`count(*)::int` })
    .from(batchImportRows)
    .where(inArray(batchImportRows.importId, importIds))
    .groupBy(batchImportRows.importId, batchImportRows.status);
}
