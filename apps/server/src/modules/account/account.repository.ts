import { and, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountLinks, sessions, users, verificationCodes } from './account.schema.ts';
import { anyInt } from '../../db/any-of.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Tx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByAccount(db: Tx, account: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userAccount}) = lower(${account})`)
    .limit(1);
  return row ?? null;
}
export async function findUserByPhone(db: Tx, phone: string) {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}
export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}
export async function findUserByOpenid(db: Tx, openid: string) {
  const [row] = await db.select().from(users).where(eq(users.wechatOpenid, openid)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Tx, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row;
}

/** The session behind a token hash with what decides whether it is still good. */
export async function findSessionByTokenHash(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      staffId: sessions.staffId,
      role: sessions.role,
      actingLeaderId: sessions.actingLeaderId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userDisabled: users.disabled,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Tx, id: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Tx, userId: number, exceptSessionId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined),
    );
}

export async function setSessionRole(db: Tx, id: number, role: string) {
  await db.update(sessions).set({ role }).where(eq(sessions.id, id));
}

export async function countLiveSessionsOfUser(db: Tx, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row.n;
}

// Verification codes

export async function findLatestCode(db: Tx, target: string, purpose: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row ?? null;
}

export async function countCodesSince(db: Tx, by: { target?: string; ip?: string }, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(
      and(
        by.target ? eq(verificationCodes.target, by.target) : undefined,
        by.ip ? eq(verificationCodes.ip, by.ip) : undefined,
        gt(verificationCodes.createdAt, since),
      ),
    );
  return row.n;
}

export async function insertCode(db: Tx, values: typeof verificationCodes.$inferInsert) {
  const [row] = await db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  return row.id;
}

export async function deleteCode(db: Tx, id: number) {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** Counts a wrong guess; returns the attempts now recorded. */
export async function addCodeAttempt(db: Tx, id: number) {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row.attempts;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Tx, id: number) {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

// Linked accounts

export async function findLinkedUsers(db: Tx, userId: number) {
  return db
    .select({ user: users })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.linkedUserId))
    .where(eq(accountLinks.userId, userId))
    .orderBy(accountLinks.createdAt)
    .then((rows) => rows.map((r) => r.user));
}

export async function isLinked(db: Tx, userId: number, otherId: number) {
  const [row] = await db
    .select({ u: accountLinks.userId })
    .from(accountLinks)
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.linkedUserId, otherId)))
    .limit(1);
  return !!row;
}

/**
 * One way: `a` proved `b`'s credentials, so `a` may switch into `b`. The reverse needs `b` to prove `a`'s
 * (its own row); knowing b's password must never open a's account and wallet.
 */
export async function insertLink(db: Tx, a: number, b: number) {
  await db.insert(accountLinks).values({ userId: a, linkedUserId: b }).onConflictDoNothing();
}

/** Removes `a`'s link to `b` only; a link `b` made to `a` is `b`'s. */
export async function deleteLink(db: Tx, a: number, b: number) {
  await db.delete(accountLinks).where(and(eq(accountLinks.userId, a), eq(accountLinks.linkedUserId, b)));
}

export async function findUsersByIds(db: Tx, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(users).where(anyInt(users.id, ids));
}

/**
 * What the groups module shows of its members' accounts, without the rest of the row: reading whole rows (hashes,
 * WeChat ids, login times) for a batch of 500 members took three times as long on PGlite.
 */
export async function findMemberAccountsByIds(db: Tx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      userAccount: users.userAccount,
      nickname: users.nickname,
      roles: users.roles,
      examineStatus: users.examineStatus,
      groupId: users.groupId,
      disabled: users.disabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(anyInt(users.id, ids));
}

/** Customers for the staff console: newest first, matching account, phone, e-mail, nickname or id. */
export async function findUsersPage(db: Tx, q: { page: number; page_size: number; keyword?: string }) {
  let where: SQL | undefined;
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    where = or(
      ilike(users.userAccount, k),
      ilike(users.phone, k),
      ilike(users.email, k),
      ilike(users.nickname, k),
      /^\d+$/.test(q.keyword) ? eq(users.id, Number(q.keyword)) : undefined,
    );
  }
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: n };
}

/** A staff member's live sessions end (disabled, new password) or take their new role. */
export async function updateLiveStaffSessions(db: Tx, staffId: number, change: { revoke: true } | { role: string }) {
  const live = and(eq(sessions.staffId, staffId), sql`${sessions.revokedAt} is null`);
  if ('revoke' in change) await db.update(sessions).set({ revokedAt: new Date() }).where(live);
  else await db.update(sessions).set({ role: change.role }).where(live);
}
