import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addresses } from './account.schema.ts';

export type AddressRow = typeof addresses.$inferSelect;

const live = (userId: number) => and(eq(addresses.userId, userId), isNull(addresses.deletedAt));

export function findAddressesByOwner(db: Tx, userId: number) {
  return db.select().from(addresses).where(live(userId)).orderBy(desc(addresses.isDefault), desc(addresses.id));
}

export async function findOwnedAddress(db: Tx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(live(userId), eq(addresses.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findDefaultAddressOfOwner(db: Tx, userId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(live(userId), eq(addresses.isDefault, true)))
    .limit(1);
  return row ?? null;
}

export async function countAddressesOfOwner(db: Tx, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(live(userId));
  return row.n;
}

export async function insertAddress(db: Tx, values: typeof addresses.$inferInsert) {
  const [row] = await db.insert(addresses).values(values).returning();
  return row;
}

export async function updateAddress(db: Tx, id: number, values: Partial<typeof addresses.$inferInsert>) {
  const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
  return row;
}

export async function clearDefaultOfOwner(db: Tx, userId: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(live(userId), eq(addresses.isDefault, true)));
}

export async function findNewestAddressOfOwner(db: Tx, userId: number) {
  const [row] = await db.select().from(addresses).where(live(userId)).orderBy(desc(addresses.id)).limit(1);
  return row ?? null;
}
