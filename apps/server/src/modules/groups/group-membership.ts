import { memberStatuses, type MemberStatus } from '@pinyou/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { Ctx } from '../../core/http.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow, MemberRow } from './groups.repository.ts';
import { audit, leaderGroup, LIVE, memberView, type GroupsCtx, type Page } from './groups.shared.ts';
import type { GroupViews } from './group-views.ts';
import type { BatchViews } from './batch-views.ts';
import type { GroupListPages } from './group-list-pages.ts';
import type { GroupRosters } from './group-rosters.ts';
import type { GroupFacts } from './group-facts.ts';

/**
 * Who is in which group (users.group_id is kept as a copy): joining, leaving, the recipient code, the group page,
 * and the leader's and staff's member lists and moves.
 */
export class GroupMembership {
  constructor(
    private readonly d: GroupsCtx,
    private readonly views: GroupViews,
    private readonly batchViews: BatchViews,
    private readonly facts: GroupFacts,
    private readonly pages: GroupListPages,
    private readonly rosters: GroupRosters,
  ) {}

  async join(userId: number, groupId: number, dragonCode: string | undefined) {
    try {
      return await this.d.db.transaction(async (tx) => {
        const g = await repo.findGroupById(tx, groupId);
        if (!g) throw new DomainError('GROUP_NOT_FOUND');
        if (g.leaderId === userId) throw new DomainError('CANNOT_JOIN_OWN_GROUP');
        if (g.paused) throw new DomainError('GROUP_PAUSED');
        if (await repo.findGroupOfLeader(tx, userId)) throw new DomainError('ALREADY_IN_GROUP');
        const live = await repo.findLiveMembership(tx, userId, true);
        if (live && live.groupId === g.id) return this.views.detail(tx, g, userId);
        if (live) throw new DomainError('ALREADY_IN_GROUP');
        const before = await repo.findMembership(tx, g.id, userId);
        if (before?.status === 'kicked') throw new DomainError('KICKED_CANNOT_REJOIN');
        await repo.upsertMember(tx, { groupId: g.id, userId, status: 'active', dragonCode: dragonCode ?? before?.dragonCode ?? '' });
        await this.d.accounts.setGroup(tx, userId, g.id);
        return this.views.detail(tx, g, userId);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(dragonCode ? 'DRAGON_CODE_TAKEN' : 'ALREADY_IN_GROUP');
      throw e;
    }
  }

  async quit(userId: number) {
    return this.d.db.transaction(async (tx) => {
      if (await repo.findGroupOfLeader(tx, userId)) throw new DomainError('LEADER_CANNOT_QUIT');
      const m = await repo.findLiveMembership(tx, userId, true);
      if (!m) throw new DomainError('NOT_IN_ANY_GROUP');
      await repo.updateMember(tx, m.groupId, userId, { status: 'left' });
      await this.d.accounts.setGroup(tx, userId, null);
      return {};
    });
  }

  async setDragonCode(userId: number, code: string) {
    try {
      return await this.d.db.transaction(async (tx) => {
        const m = await repo.findLiveMembership(tx, userId, true);
        if (!m) throw new DomainError('NOT_IN_ANY_GROUP');
        await repo.updateMember(tx, m.groupId, userId, { dragonCode: code });
        return this.views.detail(tx, (await repo.findGroupById(tx, m.groupId))!, userId);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('DRAGON_CODE_TAKEN');
      throw e;
    }
  }

  async groupDetail(userId: number, groupId: number | undefined) {
    const id = groupId ?? (await this.facts.memberGroupOf(this.d.db, userId));
    const g = id ? await repo.findGroupById(this.d.db, id) : null;
    if (!g) throw new DomainError('GROUP_NOT_FOUND');
    if (
      g.hidden &&
      g.leaderId !== userId &&
      (await repo.findLiveMembership(this.d.db, userId))?.groupId !== g.id &&
      !(await this.views.viewerIsLeader(userId))
    )
      throw new DomainError('GROUP_NOT_FOUND');
    return this.views.detail(this.d.db, g, userId);
  }

  async members(userId: number, statuses: MemberStatus[], q: Page & { keyword?: string }, onlyUnpaid = false) {
    const key = `members|${statuses.join(',')}|${q.page}|${q.page_size}|${onlyUnpaid}|${q.keyword ?? ''}`;
    return this.pages.ofLeader(userId, key, async (groupId, g) => {
      // A search scans the group's kept roster; the page's members are then read by id.
      if (q.keyword && !onlyUnpaid && this.rosters.enabled)
        return this.membersById(groupId, statuses, q, await this.rosters.matching(groupId, g.membersVersion, q.keyword, statuses));
      // The database filters and pages; views (packs, counts) are built for the requested page only: a group
      // of 10,000 members has tens of thousands of packs.
      const search = q.keyword ? { keyword: q.keyword, users: this.d.accounts.usersMatching(q.keyword) } : undefined;
      // Pay on behalf: only members with a pack waiting for payment, filtered in the same query.
      const owing = onlyUnpaid ? this.d.packs.membersOwing(groupId) : undefined;
      return this.memberPage(groupId, statuses, q, search, owing);
    });
  }

  private async memberViews(tx: Tx, groupId: number, rows: MemberRow[]) {
    const ids = rows.map((r) => r.userId);
    const [users, packCounts] = await Promise.all([
      this.d.accounts.findUsers(tx, ids),
      // A page of members counts only their packs; the console's whole list counts the group's.
      rows.length ? this.d.packs.packCountsByUser(tx, groupId, ids.length <= 1000 ? ids : undefined) : new Map<number, never>(),
    ]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    return rows.map((m) => {
      const mine = packCounts.get(m.userId);
      const u = byUser.get(m.userId);
      return memberView(m, u ? { account: u.userAccount, nickname: u.nickname } : null, mine ? [mine.packs, mine.unpaid] : [0, 0]);
    });
  }

  /** A page of a group's members with their accounts and pack counts, read in one statement. */
  private async memberPage(
    groupId: number,
    statuses: MemberStatus[],
    q: Page,
    search?: repo.MemberSearch,
    onlyUsers?: SQL | readonly number[],
  ) {
    const columns = (userId: SQL) => ({ account: this.d.accounts.accountOf(userId), packs: this.d.packs.packCountsOf(groupId, userId) });
    const { rows, total } = await repo.findMembersPage(this.d.db, groupId, statuses, q, columns, search, onlyUsers);
    return { list: rows.map((r) => memberView(r.member, r.account, r.packs)), total, page: q.page, page_size: q.page_size };
  }

  /** The page `q` of the members `ids` (in list order, newest first): read by id, counted by the ids. */
  private async membersById(groupId: number, statuses: MemberStatus[], q: Page, ids: number[]) {
    const pageIds = ids.slice((q.page - 1) * q.page_size, q.page * q.page_size);
    const list = pageIds.length
      ? (await this.memberPage(groupId, statuses, { page: 1, page_size: pageIds.length }, undefined, pageIds)).list
      : [];
    return { list, total: ids.length, page: q.page, page_size: q.page_size };
  }

  /** A live member of the leader's own group, or NOT_A_MEMBER (never another group's). */
  private async ownMember(tx: Tx, g: GroupRow, memberId: number) {
    const m = await repo.findMembership(tx, g.id, memberId);
    if (!m || !LIVE.includes(m.status as MemberStatus)) throw new DomainError('NOT_A_MEMBER');
    return m;
  }

  async setMemberStatus(userId: number, memberId: number, status: 'active' | 'blacklisted' | 'kicked') {
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId);
      await this.ownMember(tx, g, memberId);
      const row = await repo.updateMember(tx, g.id, memberId, { status });
      if (status === 'kicked') await this.d.accounts.setGroup(tx, memberId, null);
      return (await this.memberViews(tx, g.id, [row]))[0];
    });
  }

  async memberOrders(userId: number, memberId: number) {
    const g = await leaderGroup(this.d.db, userId);
    const m = await repo.findMembership(this.d.db, g.id, memberId);
    if (!m) throw new DomainError('NOT_A_MEMBER');
    const packs = await this.d.packs.packs(this.d.db, { groupId: g.id, userId: memberId });
    return { member: (await this.memberViews(this.d.db, g.id, [m]))[0], list: await this.batchViews.packViews(this.d.db, packs) };
  }

  async enterMember(leaderId: number, memberId: number, ctx: Ctx) {
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, leaderId);
      await this.ownMember(tx, g, memberId);
      const u = (await this.d.accounts.findUser(tx, memberId))!;
      const s = await this.d.accounts.issueSession(tx, memberId, u.roles.includes('member') ? 'member' : 'user', ctx, leaderId);
      return { token: s.token, user_id: u.id, user_account: u.userAccount };
    });
  }

  async backToLeader(ctx: Ctx) {
    const leaderId = ctx.session?.actingLeaderId;
    if (!leaderId) throw new DomainError('NOT_IN_MEMBER_SESSION');
    return this.d.db.transaction(async (tx) => {
      const u = await this.d.accounts.findUser(tx, leaderId);
      if (!u || u.disabled) throw new DomainError('ACCOUNT_NOT_FOUND');
      const s = await this.d.accounts.issueSession(tx, leaderId, u.roles.includes('leader') ? 'leader' : 'user', ctx, null);
      await this.d.accounts.revokeSession(tx, ctx.session!.id);
      return { token: s.token, user_id: u.id, user_account: u.userAccount };
    });
  }

  /** The console's member list: paged and searched by the database, as the leader's (a group may have 10,000). */
  async adminMembers(q: Page & { group_id: number; keyword?: string; status?: MemberStatus }) {
    const g = await repo.findGroupById(this.d.db, q.group_id);
    if (!g) throw new DomainError('GROUP_NOT_FOUND');
    const search = q.keyword ? { keyword: q.keyword, users: this.d.accounts.usersMatching(q.keyword) } : undefined;
    return this.memberPage(g.id, q.status ? [q.status] : [...memberStatuses], q, search);
  }

  /** Staff move a member to another leader (even a kicked one: staff may override). */
  async adminMoveMember(userId: number, groupId: number) {
    return this.d.db.transaction(async (tx) => {
      const g = await repo.findGroupById(tx, groupId);
      if (!g) throw new DomainError('GROUP_NOT_FOUND');
      if (g.leaderId === userId || (await repo.findGroupOfLeader(tx, userId))) throw new DomainError('ALREADY_LEADER');
      const u = await this.d.accounts.findUser(tx, userId);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      const live = await repo.findLiveMembership(tx, userId, true);
      if (live && live.groupId !== g.id) await repo.updateMember(tx, live.groupId, userId, { status: 'left', dragonCode: '' });
      const row = await repo.upsertMember(tx, { groupId: g.id, userId, status: 'active', dragonCode: live?.dragonCode ?? '' });
      await this.d.accounts.setGroup(tx, userId, g.id);
      await audit(this.d, tx, {
        action: 'admin/groups/move-member',
        objectType: 'user',
        objectId: userId,
        before: { group_id: live?.groupId ?? null, member_status: live?.status ?? null },
        after: { group_id: g.id, member_status: row.status },
      });
      if (this.d.notifications && live && live.groupId !== g.id)
        await this.d.notifications.notify(tx, {
          userId,
          kind: 'group.changed',
          title: { en: 'Your leader has changed', zh_CN: '您的团长已更换' },
          body: {
            en: `You are now in ${g.name}'s group. Change the recipient code on the shopping sites.`,
            zh_CN: `您已加入 ${g.name} 的团，请在购物网站修改收件人代码。`,
          },
          link: 'pages/group/detail',
        });
      return (await this.memberViews(tx, g.id, [row]))[0];
    });
  }
}
