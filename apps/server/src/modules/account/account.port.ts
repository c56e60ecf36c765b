import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uploads, users } from './account.schema.ts';
import { findUserById, updateUser } from './account.repository.ts';
import { findDefaultAddressOfOwner, findOwnedAddress } from './address.repository.ts';
import { containing } from '../../db/contains.ts';

/** What other modules may know of a customer: never the password, sessions or codes. */
export interface AccountUser {
  id: number;
  userAccount: string;
  nickname: string;
  isAutoPay: boolean;
  /** 1 = an approved leader (spec §2). */
  examineStatus: number;
  wechatOpenid: string | null;
}

export interface AccountAddress {
  id: number;
  receiver: string;
  phone: string;
  district: string;
  address: string;
  postcode: string;
}

/**
 * The account module's port: users and addresses as other modules need them, read inside the caller's
 * transaction. Other modules use this instead of the account tables, so account can change its storage.
 */
export const accountPort = {
  async findUser(tx: Tx, id: number): Promise<AccountUser | null> {
    const u = await findUserById(tx, id);
    return u ? toAccountUser(u) : null;
  },

  async findUsers(tx: Tx, ids: number[]): Promise<AccountUser[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return (await tx.select().from(users).where(inArray(users.id, unique))).map(toAccountUser);
  },

  /** Account names by user id, for staff lists that show whose row it is. */
  async userAccounts(tx: Tx, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await tx.select({ id: users.id, a: users.userAccount }).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, r.a]));
  },

  /** Customers whose account, nickname or phone contains `keyword` (staff search), at most `limit`. */
  async searchUsers(tx: Tx, keyword: string, limit = 200): Promise<AccountUser[]> {
    const k = containing(keyword);
    const rows = await tx
      .select()
      .from(users)
      .where(or(ilike(users.userAccount, k), ilike(users.nickname, k), ilike(users.phone, k)))
      .limit(limit);
    return rows.map(toAccountUser);
  },

  async setAutoPay(tx: Tx, id: number, on: boolean): Promise<void> {
    await updateUser(tx, id, { isAutoPay: on });
  },

  async defaultAddress(tx: Tx, userId: number): Promise<AccountAddress | null> {
    const a = await findDefaultAddressOfOwner(tx, userId);
    return a ? toAccountAddress(a) : null;
  },

  async ownedAddress(tx: Tx, userId: number, id: number): Promise<AccountAddress | null> {
    const a = await findOwnedAddress(tx, userId, id);
    return a ? toAccountAddress(a) : null;
  },

  /** Whether `fileName` is an upload of this user's (e.g. a payment voucher picked from earlier uploads). */
  async ownsUpload(tx: Tx, userId: number, fileName: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.fileName, fileName)));
    return !!row;
  },
};

export type AccountPort = typeof accountPort;

function toAccountUser(u: typeof users.$inferSelect): AccountUser {
  return {
    id: u.id,
    userAccount: u.userAccount,
    nickname: u.nickname,
    isAutoPay: u.isAutoPay,
    examineStatus: u.examineStatus,
    wechatOpenid: u.wechatOpenid,
  };
}

function toAccountAddress(a: AccountAddress): AccountAddress {
  return { id: a.id, receiver: a.receiver, phone: a.phone, district: a.district, address: a.address, postcode: a.postcode };
}
