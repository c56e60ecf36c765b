import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outbox, staff } from './system.schema.ts';
import { containing } from '../../db/contains.ts';

export type StaffRow = typeof staff.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
type Page = { page: number; page_size: number };

/**
 * The staff accounts and the message outbox are the system module's tables; the admin module's staff
 * console reads and writes them through these, inside its own transactions.
 */
export const staffStore = {
  async findByAccount(db: Tx, account: string): Promise<StaffRow | null> {
    const [row] = await db.select().from(staff).where(eq(staff.account, account)).limit(1);
    return row ?? null;
  },

  /** `lock`: FOR UPDATE, for an edit that compares before and after. */
  async findById(db: Tx, id: number, lock = false): Promise<StaffRow | null> {
    const q = db.select().from(staff).where(eq(staff.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  /** The active administrators' ids, locked (in id order) until the transaction ends: the last one must stay. */
  async lockActiveAdminIds(db: Tx): Promise<number[]> {
    const rows = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), eq(staff.disabled, false)))
      .orderBy(staff.id)
      .for('update');
    return rows.map((r) => r.id);
  },

  /** The new row, or null when the account name is taken. */
  async insert(db: Tx, values: typeof staff.$inferInsert): Promise<StaffRow | null> {
    const [row] = await db.insert(staff).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async update(db: Tx, id: number, values: Partial<typeof staff.$inferInsert>): Promise<StaffRow | null> {
    const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
    return row ?? null;
  },

  /** One page of staff by id, filtered by a part of the account or name, and how many match. */
  async page(db: Tx, q: Page & { keyword?: string }): Promise<{ rows: StaffRow[]; total: number }> {
    const where = q.keyword ? or(ilike(staff.account, containing(q.keyword)), ilike(staff.name, containing(q.keyword))) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(staff)
        .where(where)
        .orderBy(staff.id)
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(where),
    ]);
    return { rows, total: n };
  },

  /** One page of sent messages, newest first, by channel and a part of the recipient, and how many match. */
  async outboxPage(db: Tx, q: Page & { channel?: string; to?: string }): Promise<{ rows: OutboxRow[]; total: number }> {
    const where = and(q.channel ? eq(outbox.channel, q.channel) : undefined, q.to ? ilike(outbox.to, containing(q.to)) : undefined);
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(outbox)
        .where(where)
        .orderBy(desc(outbox.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(where),
    ]);
    return { rows, total: n };
  },

  async outboxById(db: Tx, id: number): Promise<OutboxRow | null> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return row ?? null;
  },
};
