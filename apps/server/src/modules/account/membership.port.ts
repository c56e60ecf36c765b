import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../core/http.ts';
import { users } from './account.schema.ts';
import * as repo from './account.repository.ts';
import { hashPassword } from '../../core/crypto.ts';
import { containing } from '../../db/contains.ts';
import type { SessionService } from './session.service.ts';

export interface MemberAccountUser {
  id: number;
  userAccount: string;
  nickname: string;
  roles: string[];
  examineStatus: number;
  groupId: number | null;
  disabled: boolean;
  createdAt: Date;
}

const view = (u: MemberAccountUser): MemberAccountUser => ({
  id: u.id,
  userAccount: u.userAccount,
  nickname: u.nickname,
  roles: u.roles,
  examineStatus: u.examineStatus,
  groupId: u.groupId,
  disabled: u.disabled,
  createdAt: u.createdAt,
});

/**
 * Membership facts on the account (for the groups module): what it may read and change of an account and change of an account, so they never touch the users table.
 * `users.group_id` is kept as a copy of the groups module's membership for code that reads user info.
 */
export class MembershipPort {
  constructor(private readonly sessions: SessionService) {}

  async findUser(tx: Tx, id: number) {
    const u = await repo.findUserById(tx, id);
    return u ? view(u) : null;
  }

  async findUsers(tx: Tx, ids: number[]) {
    return repo.findMemberAccountsByIds(tx, [...new Set(ids)]);
  }

  /**
   * A subquery of the ids of users whose account or nickname contains `keyword` (any case), for the groups
   * module to search its members in the database with: reading a group of 10,000 members to search it took a second.
   */
  usersMatching(keyword: string): SQL {
    // lower() on both sides is what ILIKE does, so the match is the same as ILIKE on each column.
    return sql`select ${users.id} from ${users} where ${users.searchText} like lower(${containing(keyword)})`;
  }

  /**
   * The account and nickname of the user `userId` names (a qualified column of the caller's query), as one JSON value
   * ({ account, nickname }, null for no such user): a page of the caller's rows carries them, so it is one
   * statement instead of the page and then its users.
   */
  accountOf(userId: SQL): SQL<{ account: string; nickname: string } | null> {
    return sql`(select json_build_object('account', ${users.userAccount}, 'nickname', ${users.nickname}) from ${users} where ${users.id} = ${userId})`;
  }

  /** Membership copy on the user row (group_id, the member role). */
  async setGroup(tx: Tx, userId: number, groupId: number | null) {
    await tx
      .update(users)
      .set({
        groupId,
        roles:
          groupId === null
            ? sql`array_remove(${users.roles}, 'member')`
            : sql`case when 'member' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'member') end`,
      })
      .where(eq(users.id, userId));
  }

  /** An approved leader: examine_status 1 and the leader role. */
  async grantLeader(tx: Tx, userId: number, groupId: number) {
    await tx
      .update(users)
      .set({
        examineStatus: 1,
        groupId,
        roles: sql`case when 'leader' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'leader') end`,
      })
      .where(eq(users.id, userId));
  }

  async referredUsers(tx: Tx, referrerId: number, page: { page: number; page_size: number }) {
    const [rows, [{ n }]] = await Promise.all([
      tx
        .select()
        .from(users)
        .where(eq(users.referrerId, referrerId))
        .orderBy(desc(users.id))
        .limit(page.page_size)
        .offset((page.page - 1) * page.page_size),
      tx.select({ n: count() }).from(users).where(eq(users.referrerId, referrerId)),
    ]);
    return { rows: rows.map(view), total: n };
  }

  /** Demo data only: a customer with a password. */
  async createDemoUser(tx: Tx, account: string, nickname: string, password: string) {
    const existing = await repo.findUserByAccount(tx, account);
    if (existing) return view(existing);
    return view(
      await repo.insertUser(tx, { userAccount: account, nickname, passwordHash: await hashPassword(password), language: 'zh_CN' }),
    );
  }

  async revokeSession(tx: Tx, sessionId: number) {
    await repo.revokeSession(tx, sessionId);
  }

  /** A session for `userId`; `actingLeaderId` makes it a member session (the leader acting as the member). */
  async issueSession(tx: Tx, userId: number, role: Role, ctx: Pick<Ctx, 'ip' | 'userAgent'>, actingLeaderId: number | null) {
    return this.sessions.issueForUser(tx, userId, role, ctx, actingLeaderId);
  }
}
