import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staff } from './system.schema.ts';

/** A staff member's id by account name (demo seeds record who did what), or null. */
export async function findStaffIdByAccount(tx: Tx, account: string): Promise<number | null> {
  const [row] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.account, account)).limit(1);
  return row?.id ?? null;
}

/** A staff member's account name by id (the audit log names who acted), or null. */
export async function findStaffAccountById(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx.select({ account: staff.account }).from(staff).where(eq(staff.id, id)).limit(1);
  return row?.account ?? null;
}
