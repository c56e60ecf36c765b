import { createHmac } from 'node:crypto';
import {
  effectiveLeader,
  logisticsStages,
  type GroupBatchStatus,
  type Language,
  type LogisticsStage,
  type MemberStatus,
  type PackPattern,
} from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { safeEqualHex } from '../../core/crypto.ts';
import type { Ctx } from '../../core/http.ts';
import type { JobQueue } from '../../core/jobs.ts';
import type { AccountPort, AccountUser } from '../account/index.ts';
import type { GroupPack, GroupPacksPort } from '../parcels/index.ts';
import type { Bill, BillingPort, RewardLedgerPort } from '../wallet/billing.port.ts';
import type { NotificationsPort } from '../notifications/notifications.port.ts';
import { formatMinor } from '../wallet/ledger.ts';
import { boundingBox, distanceKm, sectorOf, type GeocodingProvider } from './geocoding.provider.ts';
import { addDays, firstAllowedDate, packDates } from './pack-dates.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow, MemberRow } from './groups.repository.ts';

type Page = { page: number; page_size: number };
type Point = { lat: number; lng: number };
const LIVE: MemberStatus[] = ['active', 'blacklisted'];
/** Dates generated ahead of today for every patterned group. */
export const DATES_AHEAD = 8;
const SEARCH_RADII_KM = [3, 8, 20, 60];
const MM3_PER_CBM = 1_000_000_000;
const cbm = (mm3: number) => (mm3 / MM3_PER_CBM).toFixed(3);
export const PACK_DATES_JOB = 'groups.pack-dates';

const batchStatusText: Record<GroupBatchStatus, { en: string; zh_CN: string }> = {
  wait_plan: { en: 'waiting for planning', zh_CN: '待计划' },
  wait_pack: { en: 'waiting to be packed', zh_CN: '待打包' },
  packing: { en: 'packing', zh_CN: '打包中' },
  packed: { en: 'packed', zh_CN: '已打包' },
  outbound: { en: 'outbound', zh_CN: '已出库' },
  cancelled: { en: 'cancelled', zh_CN: '已取消' },
};

function isUniqueViolation(e: unknown): boolean {
  let c = e as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && c; i++) {
    if (c.code === '23505') return true;
    c = c.cause as typeof c;
  }
  return false;
}

export interface GroupsDeps {
  db: Db;
  accounts: AccountPort;
  packs: GroupPacksPort;
  billing: BillingPort & RewardLedgerPort;
  geocoder: GeocodingProvider;
  notifications: NotificationsPort | null;
  now?: () => Date;
}

/**
 * Groups own membership and leader policy: who is in which group (users.group_id is kept as a copy),
 * who may pay for whom, packing patterns and dates, group batches, pickups and leader rewards.
 * Every leader call starts from the caller's own group, so a leader never reaches another group.
 */
export class GroupsService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(private readonly d: GroupsDeps) {
    this.db = d.db;
    this.now = d.now ?? (() => new Date());
    d.billing.setLeaderPolicy((tx, payerId, bill) => this.mayPayFor(tx, payerId, bill));
    d.billing.onAnyRefunded((tx, bill) => this.reverseRewardOnRefund(tx, bill));
    d.packs.setGroupResolver((tx, userId) => this.groupForOrders(tx, userId));
  }

  // ---------------------------------------------------------------------------------------------
  // GroupsPort: the group facts other modules ask about
  // ---------------------------------------------------------------------------------------------

  /** The group a user's GROUP orders belong to; a blacklisted member or a paused group is refused. */
  async groupForOrders(tx: Tx, userId: number): Promise<number | null> {
    const led = await repo.findGroupOfLeader(tx, userId);
    if (led) return led.id;
    const m = await repo.findLiveMembership(tx, userId);
    if (!m) return null;
    if (m.status === 'blacklisted') throw new DomainError('GROUP_BLACKLISTED');
    const g = await repo.findGroupById(tx, m.groupId);
    if (g?.paused) throw new DomainError('GROUP_PAUSED');
    return m.groupId;
  }

  /** The group the user is a live member of (or leads). */
  async memberGroupOf(tx: Tx, userId: number): Promise<number | null> {
    const led = await repo.findGroupOfLeader(tx, userId);
    if (led) return led.id;
    return (await repo.findLiveMembership(tx, userId))?.groupId ?? null;
  }

  async isLeaderOf(tx: Tx, userId: number, groupId: number) {
    return (await repo.findGroupOfLeader(tx, userId))?.id === groupId;
  }

  async isBlacklisted(tx: Tx, userId: number) {
    return (await repo.findLiveMembership(tx, userId))?.status === 'blacklisted';
  }

  /** The wallet's leader policy: the payer leads the bill owner's group (and the bill's group, when set). */
  async mayPayFor(tx: Tx, payerId: number, bill: Bill) {
    const g = await repo.findGroupOfLeader(tx, payerId);
    if (!g) return false;
    const leader = await this.d.accounts.findUser(tx, payerId);
    if (!leader || leader.examineStatus !== 1 || !leader.roles.includes('leader')) return false;
    const m = await repo.findLiveMembership(tx, bill.userId);
    if (!m || m.groupId !== g.id) return false;
    return bill.groupId === null || bill.groupId === undefined || bill.groupId === g.id;
  }

  /** The recipient ("dragon") code's owner, for inbound scanning of an unclaimed parcel. */
  async ownerOfDragonCode(tx: Tx, code: string) {
    const m = await repo.findLiveByDragonCode(tx, code.trim().toUpperCase());
    return m ? { userId: m.userId, groupId: m.groupId } : null;
  }

  /** users' info: the group's name. */
  async groupNameOf(userId: number, groupId: number | null) {
    const id = groupId ?? (await this.memberGroupOf(this.db, userId));
    if (!id) return '';
    return (await repo.findGroupById(this.db, id))?.name ?? '';
  }

  // ---------------------------------------------------------------------------------------------
  // Views
  // ---------------------------------------------------------------------------------------------

  private async viewerIsLeader(userId: number | null | undefined) {
    if (!userId) return false;
    const u = await this.d.accounts.findUser(this.db, userId);
    return !!u && u.examineStatus === 1 && u.roles.includes('leader');
  }

  private async summaries(tx: Tx, rows: GroupRow[], origin: Point | null) {
    const ids = rows.map((r) => r.id);
    const [counts, dates] = await Promise.all([repo.countMembers(tx, ids), repo.findDatesFrom(tx, ids, firstAllowedDate(this.now()))]);
    return rows.map((g) => ({
      id: g.id,
      name: g.name,
      leader_id: g.leaderId,
      leader_name: g.leaderName,
      area: sectorOf(g.postcode)?.area ?? '',
      postcode: g.postcode,
      address: g.address,
      lat: g.lat,
      lng: g.lng,
      member_count: counts.get(g.id) ?? 0,
      pattern: (g.pattern as PackPattern) ?? null,
      weekday: g.weekday,
      next_pack_date: dates.get(g.id)?.[0] ?? null,
      hidden: g.hidden,
      paused: g.paused,
      distance_km: origin ? Math.round(distanceKm(origin, g) * 100) / 100 : null,
    }));
  }

  /** Volume (mm3) of the group's orders not yet shipped: what decides an effective leader (§9). */
  private async openVolume(tx: Tx, groupId: number) {
    const rows = await this.d.packs.packs(tx, { groupId, statuses: ['applied', 'packed', 'paid'] });
    return { volume: rows.reduce((s, p) => s + p.volumeMm3, 0), orders: rows.length };
  }

  private isEffective(volumeMm3: number, members: number) {
    return volumeMm3 >= effectiveLeader.minVolumeCbm * MM3_PER_CBM && members > effectiveLeader.minMembersExclusive;
  }

  private async detail(tx: Tx, g: GroupRow, viewerId: number | null) {
    const [summary] = await this.summaries(tx, [g], null);
    const [{ volume, orders }, dates, mine] = await Promise.all([
      this.openVolume(tx, g.id),
      repo.findDatesFrom(tx, [g.id], firstAllowedDate(this.now())),
      viewerId ? repo.findMembership(tx, g.id, viewerId) : null,
    ]);
    const code = mine && LIVE.includes(mine.status as MemberStatus) ? mine.dragonCode : '';
    return {
      ...summary,
      phone: g.phone,
      floor: g.floor,
      unit: g.unit,
      remark: g.remark,
      order_count: orders,
      size_cbm: cbm(volume),
      effective: this.isEffective(volume, summary.member_count),
      pack_dates: dates.get(g.id) ?? [],
      is_leader: viewerId === g.leaderId,
      my_status: (mine?.status as MemberStatus) ?? null,
      my_dragon_code: code,
      recipient_hint: code ? `${code}-${g.id}` : '',
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Finding a leader
  // ---------------------------------------------------------------------------------------------

  private async origin(i: { lat?: number; lng?: number; postcode?: string }): Promise<Point | null> {
    if (i.lat !== undefined && i.lng !== undefined) return { lat: i.lat, lng: i.lng };
    if (i.postcode) {
      const p = await this.d.geocoder.geocode(i.postcode);
      if (!p) throw new DomainError('POSTCODE_UNKNOWN');
      return { lat: p.lat, lng: p.lng };
    }
    return null;
  }

  /**
   * Nearest first: boxes of growing radius on the (lat, lng) index until the page is filled; only the
   * groups inside the box are read and measured.
   */
  async nearest(viewerId: number | null, i: Page & { lat?: number; lng?: number; postcode?: string; keyword?: string }) {
    const origin = await this.origin(i);
    const includeHidden = await this.viewerIsLeader(viewerId);
    if (!origin) {
      const { rows, total } = await repo.findGroupsPage(this.db, { includeHidden, keyword: i.keyword }, i);
      return { list: await this.summaries(this.db, rows, null), total, page: i.page, page_size: i.page_size, origin: null };
    }
    const want = i.page * i.page_size;
    let found: Array<{ g: GroupRow; km: number }> = [];
    for (const km of SEARCH_RADII_KM) {
      const rows = await repo.findGroupsInBox(this.db, boundingBox(origin, km), { includeHidden, keyword: i.keyword });
      found = rows.map((g) => ({ g, km: distanceKm(origin, g) })).filter((r) => r.km <= km);
      if (found.length >= want) break;
    }
    found.sort((a, b) => a.km - b.km || a.g.id - b.g.id);
    const slice = found.slice((i.page - 1) * i.page_size, want).map((r) => r.g);
    return { list: await this.summaries(this.db, slice, origin), total: found.length, page: i.page, page_size: i.page_size, origin };
  }

  async all(viewerId: number | null, i: { lat?: number; lng?: number; postcode?: string }) {
    const origin = await this.origin(i);
    const includeHidden = await this.viewerIsLeader(viewerId);
    const { rows } = await repo.findGroupsPage(this.db, { includeHidden }, { page: 1, page_size: 1000 });
    const list = await this.summaries(this.db, rows, origin);
    if (origin) list.sort((a, b) => a.distance_km! - b.distance_km!);
    return { list, origin };
  }

  // ---------------------------------------------------------------------------------------------
  // Membership
  // ---------------------------------------------------------------------------------------------

  async join(userId: number, groupId: number, dragonCode: string | undefined) {
    try {
      return await this.db.transaction(async (tx) => {
        const g = await repo.findGroupById(tx, groupId);
        if (!g) throw new DomainError('GROUP_NOT_FOUND');
        if (g.leaderId === userId) throw new DomainError('CANNOT_JOIN_OWN_GROUP');
        if (g.paused) throw new DomainError('GROUP_PAUSED');
        if (await repo.findGroupOfLeader(tx, userId)) throw new DomainError('ALREADY_IN_GROUP');
        const live = await repo.findLiveMembership(tx, userId, true);
        if (live && live.groupId === g.id) return this.detail(tx, g, userId);
        if (live) throw new DomainError('ALREADY_IN_GROUP');
        const before = await repo.findMembership(tx, g.id, userId);
        if (before?.status === 'kicked') throw new DomainError('KICKED_CANNOT_REJOIN');
        await repo.upsertMember(tx, { groupId: g.id, userId, status: 'active', dragonCode: dragonCode ?? before?.dragonCode ?? '' });
        await this.d.accounts.setGroup(tx, userId, g.id);
        return this.detail(tx, g, userId);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(dragonCode ? 'DRAGON_CODE_TAKEN' : 'ALREADY_IN_GROUP');
      throw e;
    }
  }

  async quit(userId: number) {
    return this.db.transaction(async (tx) => {
      if (await repo.findGroupOfLeader(tx, userId)) throw new DomainError('LEADER_CANNOT_QUIT');
      const m = await repo.findLiveMembership(tx, userId, true);
      if (!m) throw new DomainError('NOT_A_MEMBER');
      await repo.updateMember(tx, m.groupId, userId, { status: 'left' });
      await this.d.accounts.setGroup(tx, userId, null);
      return {};
    });
  }

  async setDragonCode(userId: number, code: string) {
    try {
      return await this.db.transaction(async (tx) => {
        const m = await repo.findLiveMembership(tx, userId, true);
        if (!m) throw new DomainError('NOT_A_MEMBER');
        await repo.updateMember(tx, m.groupId, userId, { dragonCode: code });
        return this.detail(tx, (await repo.findGroupById(tx, m.groupId))!, userId);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('DRAGON_CODE_TAKEN');
      throw e;
    }
  }

  async groupDetail(userId: number, groupId: number | undefined) {
    const id = groupId ?? (await this.memberGroupOf(this.db, userId));
    const g = id ? await repo.findGroupById(this.db, id) : null;
    if (!g) throw new DomainError('GROUP_NOT_FOUND');
    if (g.hidden && g.leaderId !== userId && (await repo.findLiveMembership(this.db, userId))?.groupId !== g.id && !(await this.viewerIsLeader(userId)))
      throw new DomainError('GROUP_NOT_FOUND');
    return this.detail(this.db, g, userId);
  }

  // ---------------------------------------------------------------------------------------------
  // Leaders: applications and the group
  // ---------------------------------------------------------------------------------------------

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
      return await this.db.transaction(async (tx) => {
        const u = await this.d.accounts.findUser(tx, userId);
        if (!u) throw new DomainError('OBJECT_NOT_FOUND');
        if (u.examineStatus === 1 || (await repo.findGroupOfLeader(tx, userId))) throw new DomainError('ALREADY_LEADER');
        if (await repo.findPendingApplication(tx, userId)) throw new DomainError('LEADER_APPLICATION_PENDING');
        const a = await repo.insertApplication(tx, { userId, leaderName: i.leader_name, phone: i.phone, address: i.address, floor: i.floor, unit: i.unit, postcode: i.postcode, remark: i.remark });
        return this.appView(a, u.userAccount);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('LEADER_APPLICATION_PENDING');
      throw e;
    }
  }

  async myApplication(userId: number) {
    const a = await repo.findLatestApplication(this.db, userId);
    if (!a) return { application: null };
    const u = await this.d.accounts.findUser(this.db, userId);
    return { application: this.appView(a, u?.userAccount ?? '') };
  }

  async applications(q: Page & { status?: string }) {
    const { rows, total } = await repo.findApplicationsPage(this.db, q.status, q);
    const users = new Map((await this.d.accounts.findUsers(this.db, rows.map((r) => r.userId))).map((u) => [u.id, u.userAccount]));
    return { list: rows.map((a) => this.appView(a, users.get(a.userId) ?? '')), total, page: q.page, page_size: q.page_size };
  }

  /** Approval makes the applicant a leader (examine_status 1, role leader) with a group at the given place. */
  async review(staffId: number, id: number, approve: boolean, reason: string) {
    return this.db.transaction(async (tx) => {
      const a = await repo.findApplication(tx, id, true);
      if (!a) throw new DomainError('OBJECT_NOT_FOUND');
      if (a.status !== 'pending') throw new DomainError('APPLICATION_STATE');
      const u = await this.d.accounts.findUser(tx, a.userId);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
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
      }
      const row = await repo.updateApplication(tx, a.id, { status: approve ? 'approved' : 'rejected', reason, reviewedBy: staffId, reviewedAt: this.now() });
      return this.appView(row, u.userAccount);
    });
  }

  async leaderGroup(tx: Tx, userId: number, lock = false) {
    const g = await repo.findGroupOfLeader(tx, userId);
    if (!g) throw new DomainError('NOT_GROUP_LEADER');
    return lock ? (await repo.findGroupById(tx, g.id, true))! : g;
  }

  async editGroup(userId: number, i: { name?: string; leader_name: string; phone: string; address: string; floor: string; unit: string; postcode: string; remark: string }) {
    const place = await this.d.geocoder.geocode(i.postcode);
    if (!place) throw new DomainError('POSTCODE_UNKNOWN');
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId, true);
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
      return this.detail(tx, row, userId);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Packing pattern and dates
  // ---------------------------------------------------------------------------------------------

  async setPackDate(userId: number, i: { pattern: PackPattern; weekday?: number; start_date: string }) {
    const first = firstAllowedDate(this.now());
    if (i.start_date < first) throw new DomainError('PACK_DATE_TOO_EARLY', { date: first });
    const holidays = await this.d.packs.holidays();
    if (i.pattern === 'once' && holidays.has(i.start_date)) throw new DomainError('PACK_DATE_HOLIDAY', { date: i.start_date });
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId, true);
      const row = await repo.updateGroup(tx, g.id, { pattern: i.pattern, weekday: i.pattern === 'once' ? null : i.weekday!, startDate: i.start_date });
      await this.generateDates(tx, row, holidays);
      return this.detail(tx, row, userId);
    });
  }

  /** Regenerates a group's coming dates from its pattern and makes sure the next date has its batch. */
  private async generateDates(tx: Tx, g: GroupRow, holidays: ReadonlySet<string>) {
    if (!g.pattern || !g.startDate) return;
    const earliest = firstAllowedDate(this.now());
    const dates = packDates({ pattern: g.pattern as PackPattern, weekday: g.weekday, startDate: g.startDate, earliest, holidays, count: DATES_AHEAD });
    await repo.replaceFutureDates(tx, g.id, earliest, dates);
    if (dates[0]) await repo.ensureBatch(tx, g.id, dates[0]);
  }

  /** The daily job: every patterned group's dates stay generated ahead (idempotent). */
  async generateAllDates() {
    const holidays = await this.d.packs.holidays();
    const rows = await repo.findGroupsWithPattern(this.db);
    for (const g of rows) await this.db.transaction((tx) => this.generateDates(tx, g, holidays));
    return rows.length;
  }

  registerJobs(jobs: JobQueue) {
    jobs.register(PACK_DATES_JOB, async () => {
      await this.generateAllDates();
    });
    jobs.schedule(PACK_DATES_JOB, '5 0 * * *');
  }

  // ---------------------------------------------------------------------------------------------
  // Members (leader)
  // ---------------------------------------------------------------------------------------------

  private async memberViews(tx: Tx, groupId: number, rows: MemberRow[]) {
    const [users, packs] = await Promise.all([
      this.d.accounts.findUsers(tx, rows.map((r) => r.userId)),
      rows.length ? this.d.packs.packs(tx, { groupId }) : [],
    ]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    return rows.map((m) => {
      const mine = packs.filter((p) => p.userId === m.userId);
      const u = byUser.get(m.userId);
      return {
        user_id: m.userId,
        user_account: u?.userAccount ?? '',
        nickname: u?.nickname ?? '',
        status: m.status as MemberStatus,
        dragon_code: m.dragonCode,
        joined_at: m.joinedAt.toISOString(),
        order_count: mine.length,
        unpaid_count: mine.filter((p) => p.status === 'packed').length,
      };
    });
  }

  async members(userId: number, statuses: MemberStatus[], q: Page & { keyword?: string }, onlyUnpaid = false) {
    const g = await this.leaderGroup(this.db, userId);
    let list = await this.memberViews(this.db, g.id, await repo.findMembers(this.db, g.id, statuses));
    if (q.keyword) {
      const k = q.keyword.toLowerCase();
      list = list.filter((m) => m.user_account.toLowerCase().includes(k) || m.nickname.toLowerCase().includes(k) || m.dragon_code.toLowerCase().includes(k));
    }
    if (onlyUnpaid) list = list.filter((m) => m.unpaid_count > 0);
    return { list: list.slice((q.page - 1) * q.page_size, q.page * q.page_size), total: list.length, page: q.page, page_size: q.page_size };
  }

  /** A live member of the leader's own group, or NOT_A_MEMBER (never another group's). */
  private async ownMember(tx: Tx, g: GroupRow, memberId: number) {
    const m = await repo.findMembership(tx, g.id, memberId);
    if (!m || !LIVE.includes(m.status as MemberStatus)) throw new DomainError('NOT_A_MEMBER');
    return m;
  }

  async setMemberStatus(userId: number, memberId: number, status: 'active' | 'blacklisted' | 'kicked') {
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId);
      await this.ownMember(tx, g, memberId);
      const row = await repo.updateMember(tx, g.id, memberId, { status });
      if (status === 'kicked') await this.d.accounts.setGroup(tx, memberId, null);
      return (await this.memberViews(tx, g.id, [row]))[0];
    });
  }

  async memberOrders(userId: number, memberId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const m = await repo.findMembership(this.db, g.id, memberId);
    if (!m) throw new DomainError('NOT_A_MEMBER');
    const packs = await this.d.packs.packs(this.db, { groupId: g.id, userId: memberId });
    return { member: (await this.memberViews(this.db, g.id, [m]))[0], list: await this.packViews(this.db, packs) };
  }

  async enterMember(leaderId: number, memberId: number, ctx: Ctx) {
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, leaderId);
      await this.ownMember(tx, g, memberId);
      const u = (await this.d.accounts.findUser(tx, memberId))!;
      const s = await this.d.accounts.issueSession(tx, memberId, u.roles.includes('member') ? 'member' : 'user', ctx, leaderId);
      return { token: s.token, user_id: u.id, user_account: u.userAccount };
    });
  }

  async backToLeader(ctx: Ctx) {
    const leaderId = ctx.session?.actingLeaderId;
    if (!leaderId) throw new DomainError('NOT_IN_MEMBER_SESSION');
    return this.db.transaction(async (tx) => {
      const u = await this.d.accounts.findUser(tx, leaderId);
      if (!u || u.disabled) throw new DomainError('ACCOUNT_NOT_FOUND');
      const s = await this.d.accounts.issueSession(tx, leaderId, u.roles.includes('leader') ? 'leader' : 'user', ctx, null);
      await this.d.accounts.revokeSession(tx, ctx.session!.id);
      return { token: s.token, user_id: u.id, user_account: u.userAccount };
    });
  }

  async notifyMembers(userId: number, batchId: number, userIds: number[] | undefined) {
    const notifications = this.d.notifications;
    if (!notifications) throw new Error('the notifications module is not wired');
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId);
      const b = await this.ownBatch(tx, g, batchId);
      const rows = (await repo.findPickups(tx, { batchId: b.id })).filter((p) => !p.signedAt && (!userIds || userIds.includes(p.userId)));
      const day = this.now().toISOString().slice(0, 10);
      for (const p of rows) {
        await notifications.notify(tx, {
          userId: p.userId,
          kind: 'group.pickup',
          title: { en: 'Ready to collect at your leader’s', zh_CN: '请到团长处取件' },
          body: {
            en: `Batch ${b.batchNo} is at ${g.leaderName}'s (${g.address}, #${g.floor}-${g.unit}). Show pickup code ${p.pickupCode}.`,
            zh_CN: `批次 ${b.batchNo} 已到团长 ${g.leaderName} 处（${g.address} #${g.floor}-${g.unit}），请出示取件码 ${p.pickupCode}。`,
          },
          link: `pages/sub/member-detail2?batch_id=${b.id}`,
          dedupeKey: `group.pickup:${b.id}:${p.userId}:${day}`,
        });
      }
      return { notified: rows.length };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Group batches
  // ---------------------------------------------------------------------------------------------

  private packViews(tx: Tx, packs: GroupPack[]) {
    return this.d.accounts.findUsers(tx, packs.map((p) => p.userId)).then((users) => {
      const acc = new Map(users.map((u) => [u.id, u.userAccount]));
      return packs.map((p) => ({
        pack_id: p.id,
        pack_no: p.packNo,
        user_id: p.userId,
        user_account: acc.get(p.userId) ?? '',
        status: p.status,
        volume_cbm: cbm(p.volumeMm3),
        amount_minor: p.amountMinor,
        amount: p.amountMinor === null ? '' : formatMinor(p.amountMinor),
        bill_id: p.billId,
        paid: ['paid', 'shipped', 'delivered', 'received'].includes(p.status),
        parcel_count: p.parcelCount,
        goods_complete: p.goodsComplete,
        pack_date: p.packDate,
      }));
    });
  }

  private async batchPacks(tx: Tx, b: BatchRow) {
    const links = await repo.findBatchPacks(tx, [b.id]);
    const packs = await this.d.packs.packs(tx, { groupId: b.groupId, ids: links.map((l) => l.packId) });
    return packs.filter((p) => p.status !== 'cancelled');
  }

  private async batchViews(tx: Tx, rows: BatchRow[]) {
    const stages = await this.d.packs.outboundStages(tx, rows.map((b) => b.outboundBatchId).filter((x): x is number => !!x));
    const groupsById = new Map<number, GroupRow>();
    for (const id of new Set(rows.map((r) => r.groupId))) groupsById.set(id, (await repo.findGroupById(tx, id))!);
    const counts = await repo.countMembers(tx, [...groupsById.keys()]);
    const out = [];
    for (const b of rows) {
      const packs = await this.batchPacks(tx, b);
      const volume = packs.reduce((s, p) => s + p.volumeMm3, 0);
      const amount = packs.reduce((s, p) => s + (p.amountMinor ?? 0), 0);
      out.push({
        id: b.id,
        batch_no: b.batchNo,
        group_id: b.groupId,
        group_name: groupsById.get(b.groupId)?.name ?? '',
        status: b.status as GroupBatchStatus,
        container: b.container,
        pack_date: b.packDate,
        total_size_cbm: cbm(volume),
        total_amount_minor: amount,
        total_amount: formatMinor(amount),
        unit_price_minor: b.unitPriceMinor,
        unit_price: b.unitPriceMinor === null ? null : formatMinor(b.unitPriceMinor),
        member_count: new Set(packs.map((p) => p.userId)).size,
        pack_count: packs.length,
        outbound_batch_id: b.outboundBatchId,
        stage: b.outboundBatchId ? (stages.get(b.outboundBatchId) ?? null) : null,
        arrived_at: b.arrivedAt?.toISOString() ?? null,
        effective: this.isEffective(volume, counts.get(b.groupId) ?? 0),
      });
    }
    return out;
  }

  private async ownBatch(tx: Tx, g: GroupRow, batchId: number, lock = false) {
    const b = await repo.findBatch(tx, batchId, lock);
    if (!b || b.groupId !== g.id) throw new DomainError('OBJECT_NOT_FOUND');
    return b;
  }

  async batchList(userId: number, q: Page & { status?: string }) {
    const groupId = await this.memberGroupOf(this.db, userId);
    if (!groupId) return { list: [], total: 0, page: q.page, page_size: q.page_size };
    const { rows, total } = await repo.findBatchesPage(this.db, { groupId, status: q.status }, q);
    return { list: await this.batchViews(this.db, rows), total, page: q.page, page_size: q.page_size };
  }

  async batchOrders(userId: number, batchId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    const [view] = await this.batchViews(this.db, [b]);
    return { batch: view, list: await this.packViews(this.db, await this.batchPacks(this.db, b)) };
  }

  private async ownPack(tx: Tx, g: GroupRow, packId: number) {
    const [p] = await this.d.packs.packs(tx, { groupId: g.id, ids: [packId] });
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  async packDetail(userId: number, packId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const p = await this.ownPack(this.db, g, packId);
    const parcels = await this.d.packs.parcelsOfPack(this.db, p.id);
    return {
      order: (await this.packViews(this.db, [p]))[0],
      parcels: parcels.map((x) => ({ id: x.id, tracking_no: x.trackingNo, goods_name: x.goodsName, goods_value: formatMinor(x.goodsValueMinor) })),
    };
  }

  async groupOrders(userId: number, q: Page & { status?: string }) {
    const g = await this.leaderGroup(this.db, userId);
    const packs = await this.d.packs.packs(this.db, { groupId: g.id, statuses: q.status ? [q.status] : undefined });
    const page = packs.slice((q.page - 1) * q.page_size, q.page * q.page_size);
    return { list: await this.packViews(this.db, page), total: packs.length, page: q.page, page_size: q.page_size };
  }

  async groupOrderDetail(userId: number, packId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const p = await this.ownPack(this.db, g, packId);
    const link = await repo.findBatchOfPack(this.db, p.id);
    const b = link ? await repo.findBatch(this.db, link.batchId) : null;
    return { order: (await this.packViews(this.db, [p]))[0], batch: b ? (await this.batchViews(this.db, [b]))[0] : null };
  }

  /** The collection list: one row per member of the batch. The pickup code is shown only when asked (member, staff). */
  private async collection(tx: Tx, b: BatchRow, withCodes: boolean) {
    const packs = await this.batchPacks(tx, b);
    const pickups = new Map((await repo.findPickups(tx, { batchId: b.id })).map((p) => [p.userId, p]));
    const userIds = [...new Set(packs.map((p) => p.userId))];
    const [users, members] = await Promise.all([this.d.accounts.findUsers(tx, userIds), repo.findMembers(tx, b.groupId, ['active', 'blacklisted', 'kicked', 'left'])]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    const codes = new Map(members.map((m) => [m.userId, m.dragonCode]));
    return userIds.map((uid) => {
      const mine = packs.filter((p) => p.userId === uid);
      const amount = mine.reduce((s, p) => s + (p.amountMinor ?? 0), 0);
      const pick = pickups.get(uid);
      return {
        user_id: uid,
        user_account: byUser.get(uid)?.userAccount ?? '',
        nickname: byUser.get(uid)?.nickname ?? '',
        dragon_code: codes.get(uid) ?? '',
        pack_count: mine.length,
        parcel_count: mine.reduce((s, p) => s + p.parcelCount, 0),
        volume_cbm: cbm(mine.reduce((s, p) => s + p.volumeMm3, 0)),
        amount_minor: amount,
        amount: formatMinor(amount),
        paid: mine.every((p) => ['paid', 'shipped', 'delivered', 'received'].includes(p.status)),
        signed: !!pick?.signedAt,
        signed_at: pick?.signedAt?.toISOString() ?? null,
        pickup_code: withCodes ? (pick?.pickupCode ?? '') : '',
        bill_ids: mine.filter((p) => p.status === 'packed' && p.billId).map((p) => p.billId!),
      };
    });
  }

  async collectionList(userId: number, batchId: number, lang: Language = 'zh_CN') {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    const [view] = await this.batchViews(this.db, [b]);
    const rows = (await this.collection(this.db, b, false)).map(({ bill_ids: _b, ...r }) => r);
    return { batch: view, list: rows, export_url: `${await this.exportUrl(userId, b.id)}&lang=${lang}` };
  }

  async payList(userId: number, batchId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    return { list: await this.collection(this.db, b, false) };
  }

  /** The caller's own collections (their QR pickup codes). */
  async myCollections(userId: number, q: Page) {
    const pickups = await repo.findPickups(this.db, { userId });
    const page = pickups.slice((q.page - 1) * q.page_size, q.page * q.page_size);
    const list = [];
    for (const p of page) {
      const b = (await repo.findBatch(this.db, p.batchId))!;
      const row = (await this.collection(this.db, b, true)).find((r) => r.user_id === userId);
      if (!row) continue;
      const { bill_ids: _b, ...rest } = row;
      list.push({ ...rest, batch: (await this.batchViews(this.db, [b]))[0] });
    }
    return { list, total: pickups.length, page: q.page, page_size: q.page_size };
  }

  async myCollection(userId: number, batchId: number) {
    const b = await repo.findBatch(this.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const row = (await this.collection(this.db, b, true)).find((r) => r.user_id === userId);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    const { bill_ids: _b, ...rest } = row;
    const packs = (await this.batchPacks(this.db, b)).filter((p) => p.userId === userId);
    return { batch: (await this.batchViews(this.db, [b]))[0], row: rest, orders: await this.packViews(this.db, packs) };
  }

  async confirmPickup(userId: number, code: string) {
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId);
      const p = await repo.findPickupByCode(tx, code, true);
      const b = p ? await repo.findBatch(tx, p.batchId) : null;
      if (!p || !b || b.groupId !== g.id) throw new DomainError('PICKUP_CODE_UNKNOWN');
      if (!b.arrivedAt) throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
      const already = !!p.signedAt;
      if (!already) await repo.signPickups(tx, b.id, userId, p.userId);
      const row = (await this.collection(tx, b, false)).find((r) => r.user_id === p.userId)!;
      const { bill_ids: _b, ...rest } = row;
      return { ...rest, already_signed: already, batch_no: b.batchNo };
    });
  }

  async signAll(userId: number, batchId: number) {
    return this.db.transaction(async (tx) => {
      const g = await this.leaderGroup(tx, userId);
      const b = await this.ownBatch(tx, g, batchId, true);
      if (!b.arrivedAt) throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
      return { signed: (await repo.signPickups(tx, b.id, userId)).length };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Collection list export (xlsx) through a signed, short-lived link
  // ---------------------------------------------------------------------------------------------

  private async linkSig(userId: number, batchId: number, exp: number) {
    const key = (await repo.settings(this.db)).linkKey;
    return createHmac('sha256', key).update(`collection.${userId}.${batchId}.${exp}`).digest('hex');
  }

  async exportUrl(userId: number, batchId: number) {
    const exp = Math.floor(this.now().getTime() / 1000) + 600;
    return `/api/files/group-collection/${batchId}.xlsx?u=${userId}&exp=${exp}&sig=${await this.linkSig(userId, batchId, exp)}`;
  }

  async checkExportLink(batchId: number, userId: number, exp: number, sig: string) {
    if (!Number.isInteger(batchId) || !Number.isInteger(userId) || !Number.isInteger(exp) || exp < this.now().getTime() / 1000) return false;
    const expected = await this.linkSig(userId, batchId, exp);
    return safeEqualHex(expected, sig);
  }

  async exportRows(userId: number, batchId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    return { batch: b, rows: (await this.collection(this.db, b, false)).map(({ bill_ids: _b, ...r }) => r) };
  }

  // ---------------------------------------------------------------------------------------------
  // Staff: groups and batches
  // ---------------------------------------------------------------------------------------------

  async adminGroups(q: Page & { keyword?: string }) {
    const { rows, total } = await repo.findGroupsPage(this.db, { includeHidden: true, includePaused: true, keyword: q.keyword }, q);
    const list = [];
    for (const g of rows) {
      const { is_leader: _l, my_status: _s, my_dragon_code: _c, recipient_hint: _h, ...rest } = await this.detail(this.db, g, null);
      list.push(rest);
    }
    return { list, total, page: q.page, page_size: q.page_size };
  }

  async adminMembers(groupId: number) {
    const g = await repo.findGroupById(this.db, groupId);
    if (!g) throw new DomainError('GROUP_NOT_FOUND');
    return { list: await this.memberViews(this.db, g.id, await repo.findMembers(this.db, g.id, ['active', 'blacklisted', 'kicked', 'left'])) };
  }

  async adminFlags(groupId: number, f: { hidden?: boolean; paused?: boolean }) {
    return this.db.transaction(async (tx) => {
      const g = await repo.findGroupById(tx, groupId, true);
      if (!g) throw new DomainError('GROUP_NOT_FOUND');
      const row = await repo.updateGroup(tx, g.id, { hidden: f.hidden ?? g.hidden, paused: f.paused ?? g.paused });
      const { is_leader: _l, my_status: _s, my_dragon_code: _c, recipient_hint: _h, ...rest } = await this.detail(tx, row, null);
      return rest;
    });
  }

  /** Staff move a member to another leader (even a kicked one: staff may override). */
  async adminMoveMember(userId: number, groupId: number) {
    return this.db.transaction(async (tx) => {
      const g = await repo.findGroupById(tx, groupId);
      if (!g) throw new DomainError('GROUP_NOT_FOUND');
      if (g.leaderId === userId || (await repo.findGroupOfLeader(tx, userId))) throw new DomainError('ALREADY_LEADER');
      const u = await this.d.accounts.findUser(tx, userId);
      if (!u) throw new DomainError('OBJECT_NOT_FOUND');
      const live = await repo.findLiveMembership(tx, userId, true);
      if (live && live.groupId !== g.id) await repo.updateMember(tx, live.groupId, userId, { status: 'left', dragonCode: '' });
      const row = await repo.upsertMember(tx, { groupId: g.id, userId, status: 'active', dragonCode: live?.dragonCode ?? '' });
      await this.d.accounts.setGroup(tx, userId, g.id);
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

  async adminBatches(q: Page & { status?: string; group_id?: number }) {
    const { rows, total } = await repo.findBatchesPage(this.db, { status: q.status, groupId: q.group_id }, q);
    return { list: await this.batchViews(this.db, rows), total, page: q.page, page_size: q.page_size };
  }

  async adminBatchDetail(batchId: number) {
    const b = await repo.findBatch(this.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const [view] = await this.batchViews(this.db, [b]);
    return {
      batch: view,
      orders: await this.packViews(this.db, await this.batchPacks(this.db, b)),
      collection: (await this.collection(this.db, b, true)).map(({ bill_ids: _b, ...r }) => r),
    };
  }

  private stateError(b: BatchRow, lang: Language) {
    return new DomainError('GROUP_BATCH_STATE', { status: batchStatusText[b.status as GroupBatchStatus]?.[lang] ?? b.status });
  }

  /** The group's applied GROUP orders not yet in a batch join this one. */
  private async pullPacks(tx: Tx, b: BatchRow) {
    const candidates = await this.d.packs.packs(tx, { groupId: b.groupId, statuses: ['applied', 'packed', 'paid'] });
    const linked = new Set(await repo.findLinkedPackIds(tx, candidates.map((p) => p.id)));
    await repo.linkPacks(tx, b.id, candidates.filter((p) => !linked.has(p.id) && !p.batchId).map((p) => ({ packId: p.id, userId: p.userId })));
  }

  async advance(staffId: number, i: { batch_id: number; action: 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | 'cancel'; container?: string; unit_price?: number }, lang: Language) {
    if (i.action === 'outbound') return this.outbound(i.batch_id, lang);
    await this.db.transaction(async (tx) => {
      const b = await repo.findBatch(tx, i.batch_id, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      switch (i.action) {
        case 'plan':
          if (b.status !== 'wait_plan') throw this.stateError(b, lang);
          await this.pullPacks(tx, b);
          await repo.updateBatch(tx, b.id, {
            status: 'wait_pack',
            container: i.container ?? b.container,
            unitPriceMinor: i.unit_price !== undefined ? Math.round(i.unit_price * 100) : b.unitPriceMinor,
          });
          break;
        case 'pack':
          if (b.status !== 'wait_pack') throw this.stateError(b, lang);
          await this.pullPacks(tx, b);
          await repo.updateBatch(tx, b.id, { status: 'packing' });
          break;
        case 'packed': {
          if (b.status !== 'packing') throw this.stateError(b, lang);
          const packs = await this.batchPacks(tx, b);
          if (packs.some((p) => p.status === 'applied')) throw new DomainError('GROUP_BATCH_UNPAID', { count: packs.filter((p) => p.status === 'applied').length });
          await repo.ensurePickups(tx, b.id, [...new Set(packs.map((p) => p.userId))]);
          await repo.updateBatch(tx, b.id, { status: 'packed' });
          break;
        }
        case 'arrived':
          await this.arrived(tx, staffId, b, lang);
          break;
        case 'cancel':
          if (!['wait_plan', 'wait_pack', 'packing'].includes(b.status)) throw this.stateError(b, lang);
          await repo.unlinkPacks(tx, b.id);
          await repo.updateBatch(tx, b.id, { status: 'cancelled' });
          break;
      }
    });
    return (await this.batchViews(this.db, [(await repo.findBatch(this.db, i.batch_id))!]))[0];
  }

  /** Every member order paid: the batch leaves as a GROUP outbound batch (sea stages in the parcels console). */
  private async outbound(batchId: number, lang: Language) {
    const b = await repo.findBatch(this.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    if (b.status !== 'packed') throw this.stateError(b, lang);
    const packs = await this.batchPacks(this.db, b);
    const unpaid = packs.filter((p) => p.status !== 'paid');
    if (unpaid.length) throw new DomainError('GROUP_BATCH_UNPAID', { count: unpaid.length });
    const outboundId = await this.d.packs.createOutbound(
      { container: b.container, packDate: b.packDate, unitPriceMinor: b.unitPriceMinor, packIds: packs.map((p) => p.id) },
      lang,
    );
    await this.db.transaction(async (tx) => {
      const locked = await repo.findBatch(tx, b.id, true);
      if (locked?.status !== 'packed') throw this.stateError(locked ?? b, lang);
      await repo.updateBatch(tx, b.id, { status: 'outbound', outboundBatchId: outboundId });
    });
    return (await this.batchViews(this.db, [(await repo.findBatch(this.db, batchId))!]))[0];
  }

  /** At the leader's: members are told to collect and the leader's reward is posted (once). */
  private async arrived(tx: Tx, staffId: number, b: BatchRow, lang: Language) {
    if (b.status !== 'outbound' || !b.outboundBatchId) throw this.stateError(b, lang);
    if (b.arrivedAt) return;
    const stage = (await this.d.packs.outboundStages(tx, [b.outboundBatchId])).get(b.outboundBatchId) ?? null;
    if (!stage || logisticsStages.indexOf(stage as LogisticsStage) < logisticsStages.indexOf('unpacking_delivery'))
      throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
    await repo.updateBatch(tx, b.id, { arrivedAt: this.now() });
    const g = (await repo.findGroupById(tx, b.groupId))!;
    const packs = await this.batchPacks(tx, b);
    const volume = packs.reduce((s, p) => s + p.volumeMm3, 0);
    const rate = (await repo.settings(tx)).rewardPerCbmMinor;
    const amount = Math.round((rate * volume) / MM3_PER_CBM);
    const reward = await repo.insertReward(tx, { groupId: g.id, leaderId: g.leaderId, batchId: b.id, kind: 'reward', volumeMm3: volume, amountMinor: amount });
    if (reward && amount > 0) await this.d.billing.postReward(tx, { userId: g.leaderId, amountMinor: amount, memo: `Group reward ${b.batchNo} (${cbm(volume)} cbm)` });
    await repo.ensurePickups(tx, b.id, [...new Set(packs.map((p) => p.userId))]);
    if (this.d.notifications) {
      const pickups = await repo.findPickups(tx, { batchId: b.id });
      for (const p of pickups)
        await this.d.notifications.notify(tx, {
          userId: p.userId,
          kind: 'group.pickup',
          title: { en: 'Arrived at your leader’s', zh_CN: '包裹已到团长处' },
          body: {
            en: `Batch ${b.batchNo} has arrived at ${g.leaderName}'s (${g.address}). Your pickup code: ${p.pickupCode}.`,
            zh_CN: `批次 ${b.batchNo} 已到达团长 ${g.leaderName} 处（${g.address}），您的取件码：${p.pickupCode}。`,
          },
          link: `pages/sub/member-detail2?batch_id=${b.id}`,
          dedupeKey: `group.arrived:${b.id}:${p.userId}`,
        });
    }
    void staffId;
  }

  /** A refunded shipment takes back its share of the leader's reward (at the rate it was posted at). */
  private async reverseRewardOnRefund(tx: Tx, bill: Bill) {
    if (bill.kind !== 'pack') return;
    const link = await repo.findBatchOfPack(tx, bill.refId);
    if (!link) return;
    const reward = await repo.findRewardOfBatch(tx, link.batchId);
    if (!reward || reward.volumeMm3 <= 0) return;
    const b = (await repo.findBatch(tx, link.batchId))!;
    const [pack] = await this.d.packs.packs(tx, { groupId: b.groupId, ids: [bill.refId] });
    if (!pack || pack.volumeMm3 <= 0) return;
    const share = Math.round((reward.amountMinor * pack.volumeMm3) / reward.volumeMm3);
    const row = await repo.insertReward(tx, { groupId: reward.groupId, leaderId: reward.leaderId, batchId: b.id, packId: pack.id, kind: 'reversal', volumeMm3: -pack.volumeMm3, amountMinor: -share });
    if (!row || share === 0) return;
    const taken = await this.d.billing.postReward(tx, { userId: reward.leaderId, amountMinor: -share, memo: `Group reward reversed: ${pack.packNo} refunded` });
    if (taken !== -share) await repo.updateRewardAmount(tx, row.id, taken);
  }

  async rewards(userId: number, q: Page) {
    const { rows, total, sum } = await repo.findRewardsPage(this.db, userId, q);
    const batches = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.batchId))) batches.set(id, (await repo.findBatch(this.db, id))?.batchNo ?? '');
    const rate = (await repo.settings(this.db)).rewardPerCbmMinor;
    return {
      list: rows.map((r) => ({
        id: r.id,
        batch_id: r.batchId,
        batch_no: batches.get(r.batchId) ?? '',
        volume_cbm: cbm(r.volumeMm3),
        amount_minor: r.amountMinor,
        amount: formatMinor(r.amountMinor),
        kind: r.kind as 'reward',
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      page_size: q.page_size,
      total_minor: sum,
      total_amount: formatMinor(sum),
      rate_per_cbm: formatMinor(rate),
    };
  }

  async rewardSettings(ratePerCbm?: number) {
    if (ratePerCbm !== undefined) await repo.setRewardRate(this.db, Math.round(ratePerCbm * 100));
    const s = await repo.settings(this.db);
    return { rate_per_cbm_minor: s.rewardPerCbmMinor, rate_per_cbm: formatMinor(s.rewardPerCbmMinor) };
  }

  async referrals(userId: number, q: Page) {
    const { rows, total } = await this.d.accounts.referredUsers(this.db, userId, q);
    return {
      list: rows.map((u: AccountUser) => ({ user_id: u.id, user_account: u.userAccount, nickname: u.nickname, created_at: u.createdAt.toISOString() })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  /** Demo: a future date helper for seeds. */
  nextAllowed(days = 0) {
    return addDays(firstAllowedDate(this.now()), days);
  }
}
