import { effectiveLeader, type GroupBatchStatus, type MemberStatus, type PackPattern } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { JobQueue } from '../../core/jobs.ts';
import type { MembershipPort } from '../account/index.ts';
import type { GroupBatchRate, GroupPacksPort, GroupPickup } from '../parcels/index.ts';
import type { Bill, BillingPort, RewardLedgerPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort, AuditRecord } from '../audit/index.ts';
import { boundingBox, distanceKm, sectorOf, type GeocodingProvider } from './geocoding.provider.ts';
import { firstAllowedDate, packDates } from './pack-dates.ts';
import { groupPickup } from './group-pickup.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow } from './groups.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export type Page = { page: number; page_size: number };
type Point = { lat: number; lng: number };
export const LIVE: MemberStatus[] = ['active', 'blacklisted'];
/** Dates generated ahead of today for every patterned group. */
export const DATES_AHEAD = 8;
const SEARCH_RADII_KM = [3, 8, 20, 60];
export const MM3_PER_CBM = 1_000_000_000;
export const cbm = (mm3: number) => (mm3 / MM3_PER_CBM).toFixed(3);
export const PACK_DATES_JOB = 'groups.pack-dates';

export const batchStatusText: Record<GroupBatchStatus, { en: string; zh_CN: string }> = {
  wait_plan: { en: 'waiting for planning', zh_CN: '待计划' },
  wait_pack: { en: 'waiting to be packed', zh_CN: '待打包' },
  packing: { en: 'packing', zh_CN: '打包中' },
  packed: { en: 'packed', zh_CN: '已打包' },
  outbound: { en: 'outbound', zh_CN: '已出库' },
  cancelled: { en: 'cancelled', zh_CN: '已取消' },
};

export interface GroupsDeps {
  db: Db;
  accounts: MembershipPort;
  packs: GroupPacksPort;
  billing: BillingPort & RewardLedgerPort;
  geocoder: GeocodingProvider;
  notifications: NotificationsPort | null;
  /** Where staff writes record what they changed (the audit log); none in unit tests. */
  audit?: AuditPort | null;
  now?: () => Date;
}

/**
 * Groups own membership and leader policy: who is in which group (users.group_id is kept as a copy),
 * who may pay for whom, packing patterns and dates, group batches, pickups and leader rewards.
 * Every leader call starts from the caller's own group, so a leader never reaches another group.
 */
export class GroupsCore {
  protected readonly db: Db;
  protected readonly now: () => Date;

  constructor(protected readonly d: GroupsDeps) {
    this.db = d.db;
    this.now = d.now ?? (() => new Date());
    d.billing.onAnyRefunded((tx, bill) => this.onRefund(tx, bill));
  }

  /** Where a group's packs are collected and when (group-pickup.ts). */
  pickupOf(tx: Tx, groupId: number, packId: number | null): Promise<GroupPickup | null> {
    return groupPickup(tx, groupId, packId, this.now());
  }

  /** Issue 9: a member's pack in a batch whose unit price staff set is billed at that price per cbm. */
  async batchRateOfPack(tx: Tx, packId: number): Promise<GroupBatchRate | null> {
    const link = await repo.findBatchOfPack(tx, packId);
    const b = link ? await repo.findBatch(tx, link.batchId) : null;
    if (!b || b.status === 'cancelled' || b.unitPriceMinor === null) return null;
    return { unitPriceMinor: b.unitPriceMinor, batchNo: b.batchNo };
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

  /** The user ids of the live members (active or blacklisted) of the group `leaderId` leads; [] when none. */
  async membersLedBy(tx: Tx, leaderId: number): Promise<number[]> {
    const g = await repo.findGroupOfLeader(tx, leaderId);
    return g ? (await repo.findMembers(tx, g.id, ['active', 'blacklisted'])).map((m) => m.userId) : [];
  }

  /** The recipient ("dragon") code's owner, for inbound scanning of an unclaimed parcel. */
  async ownerOfDragonCode(tx: Tx, code: string) {
    const m = await repo.findLiveByDragonCode(tx, code.trim().toUpperCase());
    return m ? { userId: m.userId, groupId: m.groupId } : null;
  }

  /**
   * users' info: the group's name. authInfo is the app's most frequent call: `users.group_id` is the
   * account's copy of the membership (kept by this module through the membership port, for leaders too), so
   * a customer in no group costs no query, and one in a group one read by primary key.
   */
  async groupNameOf(_userId: number, groupId: number | null) {
    if (!groupId) return '';
    return (await repo.findGroupById(this.db, groupId))?.name ?? '';
  }

  // ---------------------------------------------------------------------------------------------
  // Views
  // ---------------------------------------------------------------------------------------------

  protected async viewerIsLeader(userId: number | null | undefined) {
    if (!userId) return false;
    const u = await this.d.accounts.findUser(this.db, userId);
    return !!u && u.examineStatus === 1 && u.roles.includes('leader');
  }

  protected async summaries(tx: Tx, rows: GroupRow[], origin: Point | null) {
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
  protected async openVolume(tx: Tx, groupId: number) {
    const t = await this.d.packs.sumPacks(tx, { groupId, statuses: ['applied', 'packed', 'paid'] });
    return { volume: t.volumeMm3, orders: t.count };
  }

  protected isEffective(volumeMm3: number, members: number) {
    return volumeMm3 >= effectiveLeader.minVolumeCbm * MM3_PER_CBM && members > effectiveLeader.minMembersExclusive;
  }

  protected async detail(tx: Tx, g: GroupRow, viewerId: number | null) {
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

  protected async origin(i: { lat?: number; lng?: number; postcode?: string }): Promise<Point | null> {
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
    const within = async (km: number) =>
      (await repo.findGroupsInBox(this.db, boundingBox(origin, km), { includeHidden, keyword: i.keyword }))
        .map((g) => ({ g, km: distanceKm(origin, g) }))
        .filter((r) => r.km <= km);
    let found: Array<{ g: GroupRow; km: number }> = [];
    let radius = 0;
    for (const km of SEARCH_RADII_KM) {
      radius = km;
      found = await within(km);
      if (found.length >= want) break;
    }
    found.sort((a, b) => a.km - b.km || a.g.id - b.g.id);
    const slice = found.slice((i.page - 1) * i.page_size, want).map((r) => r.g);
    // The total is every matching leader (the widest search), whatever radius filled this page.
    const widest = SEARCH_RADII_KM[SEARCH_RADII_KM.length - 1];
    const total = radius === widest ? found.length : (await within(widest)).length;
    return { list: await this.summaries(this.db, slice, origin), total, page: i.page, page_size: i.page_size, origin };
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
      if (!m) throw new DomainError('NOT_IN_ANY_GROUP');
      await repo.updateMember(tx, m.groupId, userId, { status: 'left' });
      await this.d.accounts.setGroup(tx, userId, null);
      return {};
    });
  }

  async setDragonCode(userId: number, code: string) {
    try {
      return await this.db.transaction(async (tx) => {
        const m = await repo.findLiveMembership(tx, userId, true);
        if (!m) throw new DomainError('NOT_IN_ANY_GROUP');
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
    if (
      g.hidden &&
      g.leaderId !== userId &&
      (await repo.findLiveMembership(this.db, userId))?.groupId !== g.id &&
      !(await this.viewerIsLeader(userId))
    )
      throw new DomainError('GROUP_NOT_FOUND');
    return this.detail(this.db, g, userId);
  }

  // ---------------------------------------------------------------------------------------------
  // Leaders: applications and the group
  // ---------------------------------------------------------------------------------------------

  protected appView(a: repo.ApplicationRow, account: string) {
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
    const a = await repo.findLatestApplication(this.db, userId);
    if (!a) return { application: null };
    const u = await this.d.accounts.findUser(this.db, userId);
    return { application: this.appView(a, u?.userAccount ?? '') };
  }

  async applications(q: Page & { status?: string }) {
    const { rows, total } = await repo.findApplicationsPage(this.db, q.status, q);
    const users = new Map(
      (
        await this.d.accounts.findUsers(
          this.db,
          rows.map((r) => r.userId),
        )
      ).map((u) => [u.id, u.userAccount]),
    );
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
        reviewedAt: this.now(),
      });
      await this.audit(tx, {
        action: 'admin/groups/applications/review',
        objectType: 'leader_application',
        objectId: a.id,
        before: { user_id: a.userId, status: a.status },
        after: { user_id: a.userId, status: row.status, reason, group_id: groupId },
      });
      return this.appView(row, u.userAccount);
    });
  }

  /** A staff write's before/after, in its own transaction. */
  protected async audit(tx: Tx, entry: AuditRecord) {
    await this.d.audit?.record(tx, entry);
  }

  async leaderGroup(tx: Tx, userId: number, lock = false) {
    const g = await repo.findGroupOfLeader(tx, userId);
    if (!g) throw new DomainError('NOT_GROUP_LEADER');
    return lock ? (await repo.findGroupById(tx, g.id, true))! : g;
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
      const row = await repo.updateGroup(tx, g.id, {
        pattern: i.pattern,
        weekday: i.pattern === 'once' ? null : i.weekday!,
        startDate: i.start_date,
      });
      await this.generateDates(tx, row, holidays);
      return this.detail(tx, row, userId);
    });
  }

  /** Regenerates a group's coming dates from its pattern and makes sure the next date has its batch. */
  protected async generateDates(tx: Tx, g: GroupRow, holidays: ReadonlySet<string>) {
    if (!g.pattern || !g.startDate) return;
    const earliest = firstAllowedDate(this.now());
    const dates = packDates({
      pattern: g.pattern as PackPattern,
      weekday: g.weekday,
      startDate: g.startDate,
      earliest,
      holidays,
      count: DATES_AHEAD,
    });
    await repo.replaceFutureDates(tx, g.id, earliest, dates);
    if (dates[0]) await repo.ensureBatch(tx, g.id, dates[0]);
    await this.dropStaleDates(tx, g, earliest, dates);
  }

  /**
   * Dates that are no longer packing dates: their batches still waiting for planning (no packs in them yet)
   * are cancelled, so staff cannot plan one and pull members' packs into it; packs already waiting for such a
   * date move to the next real date, and their members are told.
   */
  protected async dropStaleDates(tx: Tx, g: GroupRow, earliest: string, dates: string[]) {
    const real = new Set(dates);
    for (const b of await repo.findWaitingBatchesFrom(tx, g.id, earliest))
      if (!real.has(b.packDate) && b.linked === 0) await repo.updateBatch(tx, b.id, { status: 'cancelled' });
    if (!dates.length) return;
    const waiting = (await this.d.packs.packs(tx, { groupId: g.id, statuses: ['applied'] })).filter(
      (p) => !p.batchId && p.packDate && p.packDate >= earliest && !real.has(p.packDate),
    );
    const linked = new Set(
      await repo.findLinkedPackIds(
        tx,
        waiting.map((p) => p.id),
      ),
    );
    const moves = waiting
      .filter((p) => !linked.has(p.id))
      .map((p) => ({ pack: p, packDate: dates.find((d) => d >= p.packDate!) ?? dates[dates.length - 1] }));
    if (!moves.length) return;
    await this.d.packs.setPackDates(
      tx,
      moves.map((m) => ({ packId: m.pack.id, packDate: m.packDate })),
    );
    for (const { pack, packDate } of moves)
      await this.d.notifications?.notify(tx, {
        userId: pack.userId,
        kind: 'group.packDate',
        title: { en: 'Your packing date has changed', zh_CN: '您的打包日期已变更' },
        body: {
          en: `Your leader changed the group's packing dates: pack ${pack.packNo} now packs on ${packDate} (was ${pack.packDate}).`,
          zh_CN: `团长调整了打包日期：包裹 ${pack.packNo} 改为 ${packDate} 打包（原 ${pack.packDate}）。`,
        },
      });
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

  /** A refunded bill (the batch side takes back its share of a leader's reward). */
  protected async onRefund(_tx: Tx, _bill: Bill): Promise<void> {}
}
