import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staff } from './system.schema.ts';

/** A staff member's id by account name (demo seeds record who did what), or null. */
export async function findStaffIdByAccount(tx: Tx, account: string): Promise<number | null> {
  const [row] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.account, account)).limit(1);
  return row?.id ?? null;
}
