import { DomainError } from '../../core/errors.ts';
import type { MemberAccountUser } from '../account/index.ts';
import { sectorOf } from './geocoding.provider.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import * as repo from './groups.repository.ts';
import { audit, leaderGroup, type GroupsCtx, type Page } from './groups.shared.ts';
import type { GroupViews } from './group-views.ts';

/** Becoming a leader (applications and their review), the leader's group and staff flags on groups. */
export class GroupLeaders {
  constructor(
    private readonly d: GroupsCtx,
    private readonly views: GroupViews,
  ) {}

  private appView(a: repo.ApplicationRow, account: string) {
    return {
      id: a.id,
      user_id: a.userId,
      user_account: account,
      leader_name: a.leaderName,
      phone: a.phone,
      address: a.address,
      floor: a.floor,
      unit: a.unit,
      postcode: a.postcode,
      remark: a.remark,
      status: a.status as 'pending',
      reason: a.reason,
      created_at: a.createdAt.toISOString(),
      reviewed_at: a.reviewedAt?.toISOString() ?? null,
    };
  }

  async apply(
    userId: number,
    i: { leader_name: string; phone: string; address: string; floor: string; unit: string; postcode: string; remark: string },
  ) {
    if (!sectorOf(i.postcode)) throw new DomainError('POSTCODE_UNKNOWN');
    try {
      return await this.d.db.transaction(async (tx) => {
        const u = await this.d.accounts.findUser(tx, userId);
        if (!u) throw new DomainError('OBJECT_NOT_FOUND');
        if (u.examineStatus === 1 || (await repo.findGroupOfLeader(tx, userId))) throw new DomainError('ALREADY_LEADER');
        if (await repo.findPendingApplication(tx, userId)) throw new DomainError('LEADER_APPLICATION_PENDING');
        const a = await repo.insertApplication(tx, {
          userId,
          leaderName: i.leader_name,
          phone: i.phone,
          address: i.address,
          floor: i.floor,
          unit: i.unit,
          postcode: i.postcode,
          remark: i.remark,
        });
        return this.appView(a, u.userAccount);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('LEADER_APPLICATION_PENDING');
      throw e;
    }
  }

  async myApplication(userId: number) {
    const a = await repo.findLatestApplication(this.d.db, userId);
    if (!a) return { application: null };
    const u = await this.d.accounts.findUser(this.d.db, userId);
    return { application: this.appView(a, u?.userAccount ?? '') };
  }

  async applications(q: Page & { status?: string }) {
    const { rows, total } = await repo.findApplicationsPage(this.d.db, q.status, q);
    const users = new Map(
      (
        await this.d.accounts.findUsers(
          this.d.db,
          rows.map((r) => r.userId),
        )
      ).map((u) => [u.id, u.userAccount]),
    );
    return { list: rows.map((a) => this.appView(a, users.get(a.userId) ?? '')), total, page: q.page, page_size: q.page_size };
  }

  /** Approval makes the applicant a leader (examine_status 1, role leader) with a group at the given place. */
  async review(staffId: number, id: number, approve: boolean, reason: string) {
    return this.d.db.transaction(async (tx) => {
      const a = await repo.findApplication(tx, id, true);
      if (!a) throw new DomainError('OBJECT_NOT_FOUND');
      if (a.status !== 'pending') throw new DomainError('APPLICATION_STATE');
      const u = await this.d.accounts.findUser(tx, a.userId);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      let groupId: number | null = null;
      if (approve) {
        const place = await this.d.geocoder.geocode(a.postcode);
        if (!place) throw new DomainError('POSTCODE_UNKNOWN');
        const g = await repo.insertGroup(tx, {
          leaderId: a.userId,
          name: a.leaderName,
          leaderName: a.leaderName,
          phone: a.phone,
          address: a.address,
          floor: a.floor,
          unit: a.unit,
          postcode: a.postcode,
          remark: a.remark,
          lat: place.lat,
          lng: place.lng,
        });
        // A member who becomes a leader leaves their old group: a leader ships in their own.
        const m = await repo.findLiveMembership(tx, a.userId, true);
        if (m) await repo.updateMember(tx, m.groupId, a.userId, { status: 'left' });
        await this.d.accounts.grantLeader(tx, a.userId, g.id);
        groupId = g.id;
      }
      const row = await repo.updateApplication(tx, a.id, {
        status: approve ? 'approved' : 'rejected',
        reason,
        reviewedBy: staffId,
        reviewedAt: this.d.now(),
      });
      await audit(this.d, tx, {
        action: 'admin/groups/applications/review',
        objectType: 'leader_application',
        objectId: a.id,
        before: { user_id: a.userId, status: a.status },
        after: { user_id: a.userId, status: row.status, reason, group_id: groupId },
      });
      return this.appView(row, u.userAccount);
    });
  }

  async editGroup(
    userId: number,
    i: {
      name?: string;
      leader_name: string;
      phone: string;
      address: string;
      floor: string;
      unit: string;
      postcode: string;
      remark: string;
      lat?: number;
      lng?: number;
    },
  ) {
    const geocoded = await this.d.geocoder.geocode(i.postcode);
    if (!geocoded) throw new DomainError('POSTCODE_UNKNOWN');
    // The place picked on the map (choose-location) is more exact than the postcode's point.
    const place = i.lat !== undefined && i.lng !== undefined ? { lat: i.lat, lng: i.lng } : geocoded;
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId, true);
      const row = await repo.updateGroup(tx, g.id, {
        name: i.name || g.name,
        leaderName: i.leader_name,
        phone: i.phone,
        address: i.address,
        floor: i.floor,
        unit: i.unit,
        postcode: i.postcode,
        remark: i.remark,
        lat: place.lat,
        lng: place.lng,
      });
      return this.views.detail(tx, row, userId);
    });
  }

  async adminGroups(q: Page & { keyword?: string }) {
    const { rows, total } = await repo.findGroupsPage(
      this.d.db,
      { includeHidden: true, includePaused: true, keyword: q.keyword, newestFirst: true },
      q,
    );
    const list = [];
    for (const g of rows) {
      const { is_leader: _l, my_status: _s, my_dragon_code: _c, recipient_hint: _h, ...rest } = await this.views.detail(this.d.db, g, null);
      list.push(rest);
    }
    return { list, total, page: q.page, page_size: q.page_size };
  }

  async adminFlags(groupId: number, f: { hidden?: boolean; paused?: boolean }) {
    return this.d.db.transaction(async (tx) => {
      const g = await repo.findGroupById(tx, groupId, true);
      if (!g) throw new DomainError('GROUP_NOT_FOUND');
      const row = await repo.updateGroup(tx, g.id, { hidden: f.hidden ?? g.hidden, paused: f.paused ?? g.paused });
      // Members of a group that is paused are told at once (§8's group-paused message), not at their next order.
      if (row.paused && !g.paused && this.d.notifications) {
        for (const m of await repo.findMembers(tx, g.id, ['active'])) {
          if (m.userId === g.leaderId) continue;
          await this.d.notifications.notify(tx, {
            userId: m.userId,
            kind: 'group.paused',
            title: { en: 'Your group is paused', zh_CN: '您的团已暂停' },
            body: {
              en: `${g.name} is paused. Switch to another leader and change the recipient code on the shopping sites.`,
              zh_CN: `${g.name} 已暂停，请更换团长，并在购物网站修改收件人代码。`,
            },
            link: 'pages/group/select-leader',
          });
        }
      }
      await audit(this.d, tx, {
        action: 'admin/groups/flags',
        objectType: 'group',
        objectId: g.id,
        before: { name: g.name, hidden: g.hidden, paused: g.paused },
        after: { name: row.name, hidden: row.hidden, paused: row.paused },
      });
      const { is_leader: _l, my_status: _s, my_dragon_code: _c, recipient_hint: _h, ...rest } = await this.views.detail(tx, row, null);
      return rest;
    });
  }

  async referrals(userId: number, q: Page) {
    const { rows, total } = await this.d.accounts.referredUsers(this.d.db, userId, q);
    return {
      list: rows.map((u: MemberAccountUser) => ({
        user_id: u.id,
        user_account: u.userAccount,
        nickname: u.nickname,
        created_at: u.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }
}
