import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { parcelProblemMessages, parcelProblems } from './parcels.schema.ts';

export type ProblemRow = typeof parcelProblems.$inferSelect;
export type ProblemMessageRow = typeof parcelProblemMessages.$inferSelect;

export async function insertProblem(db: Tx, values: typeof parcelProblems.$inferInsert) {
  const [row] = await db.insert(parcelProblems).values(values).returning();
  return row;
}

export async function updateProblem(db: Tx, id: number, values: Partial<typeof parcelProblems.$inferInsert>) {
  const [row] = await db.update(parcelProblems).set(values).where(eq(parcelProblems.id, id)).returning();
  return row;
}

export async function findProblemById(db: Tx, id: number, lock = false) {
  const q = db.select().from(parcelProblems).where(eq(parcelProblems.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The parcel's latest problem, resolved or not. */
export async function findLatestProblemOfParcel(db: Tx, parcelId: number) {
  const [row] = await db
    .select()
    .from(parcelProblems)
    .where(eq(parcelProblems.parcelId, parcelId))
    .orderBy(desc(parcelProblems.id))
    .limit(1);
  return row ?? null;
}

/** Unresolved problems of these parcels (at most one each). */
export function findUnresolvedOfParcels(db: Tx, parcelIds: number[]) {
  if (!parcelIds.length) return Promise.resolve([] as ProblemRow[]);
  return db
    .select()
    .from(parcelProblems)
    .where(and(inArray(parcelProblems.parcelId, parcelIds), ne(parcelProblems.status, 'resolved')));
}

export async function findProblemsPage(db: Tx, f: { status?: string }, p: { page: number; page_size: number }) {
  const where = f.status ? eq(parcelProblems.status, f.status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(parcelProblems)
      .where(where)
      .orderBy(desc(parcelProblems.id))
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcelProblems)
      .where(where),
  ]);
  return { rows, total: n };
}

export async function insertProblemMessage(db: Tx, values: typeof parcelProblemMessages.$inferInsert) {
  const [row] = await db.insert(parcelProblemMessages).values(values).returning();
  return row;
}

export function findMessagesOfProblems(db: Tx, problemIds: number[]) {
  if (!problemIds.length) return Promise.resolve([] as ProblemMessageRow[]);
  return db
    .select()
    .from(parcelProblemMessages)
    .where(inArray(parcelProblemMessages.problemId, problemIds))
    .orderBy(asc(parcelProblemMessages.id));
}
