import { createHmac } from 'node:crypto';
import { MAX_PAY_BILLS, money, rmb, sgd, type GroupBatchStatus, type Language, type MemberStatus, type Money } from '@pinyou/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { safeEqualHex } from '../../core/crypto.ts';
import type { Ctx } from '../../core/http.ts';
import type { GroupPack, GroupPackTotals } from '../parcels/index.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow, MemberRow } from './groups.repository.ts';
import { cbm, GroupsCore, LIVE } from './groups.core.ts';
import type { Page } from './groups.core.ts';

/** A pack whose bill waits for payment (a leader may pay it for the member). */
const payable = (p: GroupPack) => p.status === 'packed' && p.billId !== null;

/** A page of a batch's members (GetGroupPackOrderUserList, getPackGroupUserList). */
export type BatchPage = Page & { batch_id: number; unpaid_only?: boolean };

/** The members in user id order: the order of every page and of the export. */
const byId = (packsOf: Map<number, GroupPack[]>) => [...packsOf.keys()].sort((x, y) => x - y);

function groupByUser(packs: GroupPack[]): Map<number, GroupPack[]> {
  const out = new Map<number, GroupPack[]>();
  for (const p of packs) {
    const l = out.get(p.userId);
    if (l) l.push(p);
    else out.set(p.userId, [p]);
  }
  return out;
}

/** The totals of a batch without live packs. */
export const NO_PACKS: GroupPackTotals = { packCount: 0, memberCount: 0, volumeMm3: 0, amountMinor: 0, currencies: [] };

/**
 * The sum of some member orders' amounts, in their currency (GROUP bills are in S$; a group batch's
 * total is S$ even when empty). Orders in two currencies are never added up.
 */
function totalAmount(t: Pick<GroupPackTotals, 'amountMinor' | 'currencies'>): Money {
  if (t.currencies.length > 1) throw new Error(`group orders in more than one currency: ${t.currencies.join(', ')}`);
  const [currency] = t.currencies;
  return currency ? money(t.amountMinor, currency) : sgd(t.amountMinor);
}

/** totalAmount of orders read whole (the database adds up a batch list's: GroupPacksPort.packTotalsOf). */
export function packsTotal(packs: GroupPack[]): Money {
  return totalAmount({
    amountMinor: packs.reduce((s, p) => s + (p.amountMinor ?? 0), 0),
    currencies: [...new Set(packs.filter((p) => p.amountMinor !== null).map((p) => p.currency))],
  });
}

/** A member as the leader's and the console's lists show them. */
function memberView(m: MemberRow, user: { account: string; nickname: string } | null, [packs, unpaid]: [number, number]) {
  return {
    user_id: m.userId,
    user_account: user?.account ?? '',
    nickname: user?.nickname ?? '',
    status: m.status as MemberStatus,
    dragon_code: m.dragonCode,
    joined_at: m.joinedAt.toISOString(),
    order_count: packs,
    unpaid_count: unpaid,
  };
}

/** Members, group batches, pickups, rewards and the collection export (the leader and member side). */
export class GroupBatchesService extends GroupsCore {
  // ---------------------------------------------------------------------------------------------
  // Members (leader)
  // ---------------------------------------------------------------------------------------------

  protected async memberViews(tx: Tx, groupId: number, rows: MemberRow[]) {
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
  protected async memberPage(groupId: number, statuses: MemberStatus[], q: Page, search?: repo.MemberSearch, onlyUsers?: SQL) {
    const columns = (userId: SQL) => ({ account: this.d.accounts.accountOf(userId), packs: this.d.packs.packCountsOf(groupId, userId) });
    const { rows, total } = await repo.findMembersPage(this.db, groupId, statuses, q, columns, search, onlyUsers);
    return { list: rows.map((r) => memberView(r.member, r.account, r.packs)), total, page: q.page, page_size: q.page_size };
  }

  async members(userId: number, statuses: MemberStatus[], q: Page & { keyword?: string }, onlyUnpaid = false) {
    const g = await this.leaderGroup(this.db, userId);
    // The database filters and pages; views (packs, counts) are built for the requested page only: a group
    // of 10,000 members has tens of thousands of packs.
    const search = q.keyword ? { keyword: q.keyword, users: this.d.accounts.usersMatching(q.keyword) } : undefined;
    // Pay on behalf: only members with a pack waiting for payment, filtered in the same query.
    const owing = onlyUnpaid ? this.d.packs.membersOwing(g.id) : undefined;
    return this.memberPage(g.id, statuses, q, search, owing);
  }

  /** A live member of the leader's own group, or NOT_A_MEMBER (never another group's). */
  protected async ownMember(tx: Tx, g: GroupRow, memberId: number) {
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

  protected packViews(tx: Tx, packs: GroupPack[]) {
    return this.d.accounts
      .findUsers(
        tx,
        packs.map((p) => p.userId),
      )
      .then((users) => {
        const acc = new Map(users.map((u) => [u.id, u.userAccount]));
        return packs.map((p) => ({
          pack_id: p.id,
          pack_no: p.packNo,
          user_id: p.userId,
          user_account: acc.get(p.userId) ?? '',
          status: p.status,
          volume_cbm: cbm(p.volumeMm3),
          amount: p.amountMinor === null ? null : money(p.amountMinor, p.currency),
          bill_id: p.billId,
          paid: ['paid', 'shipped', 'delivered', 'received'].includes(p.status),
          parcel_count: p.parcelCount,
          goods_complete: p.goodsComplete,
          pack_date: p.packDate,
        }));
      });
  }

  /** The batch's live packs; with `userId`, only that member's (read as such, not picked out of the batch's 500). */
  protected async batchPacks(tx: Tx, b: BatchRow, userId?: number) {
    const ids = (await repo.findPackIdsOfBatches(tx, [b.id])).get(b.id) ?? [];
    const packs = await this.d.packs.packs(tx, { groupId: b.groupId, ids, userId });
    return packs.filter((p) => p.status !== 'cancelled');
  }

  protected async batchViews(tx: Tx, rows: BatchRow[]) {
    const stages = await this.d.packs.outboundStages(
      tx,
      rows.map((b) => b.outboundBatchId).filter((x): x is number => !!x),
    );
    const groupsById = new Map<number, GroupRow>();
    for (const id of new Set(rows.map((r) => r.groupId))) groupsById.set(id, (await repo.findGroupById(tx, id))!);
    const counts = await repo.countMembers(tx, [...groupsById.keys()]);
    // Only batches still open are added up; a shipped one's totals were kept when it went out.
    const open = rows.filter((b) => !b.shippedTotals).map((b) => b.id);
    const totals = open.length ? await this.d.packs.packTotalsOf(tx, repo.batchPackSets(open)) : new Map<number, never>();
    return rows.map((b) => {
      const t = b.shippedTotals ?? totals.get(b.id) ?? NO_PACKS;
      return {
        id: b.id,
        batch_no: b.batchNo,
        group_id: b.groupId,
        group_name: groupsById.get(b.groupId)?.name ?? '',
        status: b.status as GroupBatchStatus,
        container: b.container,
        pack_date: b.packDate,
        total_size_cbm: cbm(t.volumeMm3),
        total_amount: totalAmount(t),
        /** Staff type the unit price in S$ per cbm. */
        unit_price: b.unitPriceMinor === null ? null : sgd(b.unitPriceMinor),
        member_count: t.memberCount,
        pack_count: t.packCount,
        outbound_batch_id: b.outboundBatchId,
        stage: b.outboundBatchId ? (stages.get(b.outboundBatchId) ?? null) : null,
        arrived_at: b.arrivedAt?.toISOString() ?? null,
        effective: this.isEffective(t.volumeMm3, counts.get(b.groupId) ?? 0),
      };
    });
  }

  protected async ownBatch(tx: Tx, g: GroupRow, batchId: number, lock = false) {
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

  protected async ownPack(tx: Tx, g: GroupRow, packId: number) {
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
      parcels: parcels.map((x) => ({
        id: x.id,
        tracking_no: x.trackingNo,
        goods_name: x.goodsName,
        goods_value: rmb(x.goodsValueMinor),
      })),
    };
  }

  async groupOrders(userId: number, q: Page & { status?: string }) {
    const g = await this.leaderGroup(this.db, userId);
    const { rows, total } = await this.d.packs.packsPage(this.db, { groupId: g.id, statuses: q.status ? [q.status] : undefined }, q);
    return { list: await this.packViews(this.db, rows), total, page: q.page, page_size: q.page_size };
  }

  async groupOrderDetail(userId: number, packId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const p = await this.ownPack(this.db, g, packId);
    const link = await repo.findBatchOfPack(this.db, p.id);
    const b = link ? await repo.findBatch(this.db, link.batchId) : null;
    return { order: (await this.packViews(this.db, [p]))[0], batch: b ? (await this.batchViews(this.db, [b]))[0] : null };
  }

  /**
   * The collection list: one row per member of the batch (with `userId`, that member's row alone). The pickup
   * code is shown only when asked (member, staff).
   */
  protected async collection(tx: Tx, b: BatchRow, withCodes: boolean, userId?: number) {
    const packsOf = groupByUser(await this.batchPacks(tx, b, userId));
    return this.collectionRows(tx, b, packsOf, byId(packsOf), withCodes);
  }

  /** The rows of these members of the batch; accounts, codes and pickups are read for them only. */
  protected async collectionRows(tx: Tx, b: BatchRow, packsOf: Map<number, GroupPack[]>, userIds: number[], withCodes: boolean) {
    const [users, codes, pickupRows] = await Promise.all([
      this.d.accounts.findUsers(tx, userIds),
      // Only the batch's members: the group may have 10,000.
      repo.findDragonCodes(tx, b.groupId, userIds),
      userIds.length ? repo.findPickups(tx, { batchId: b.id, userIds }) : [],
    ]);
    const pickups = new Map(pickupRows.map((p) => [p.userId, p]));
    const byUser = new Map(users.map((u) => [u.id, u]));
    return userIds.map((uid) => {
      const mine = packsOf.get(uid) ?? [];
      const pick = pickups.get(uid);
      return {
        user_id: uid,
        user_account: byUser.get(uid)?.userAccount ?? '',
        nickname: byUser.get(uid)?.nickname ?? '',
        dragon_code: codes.get(uid) ?? '',
        pack_count: mine.length,
        parcel_count: mine.reduce((s, p) => s + p.parcelCount, 0),
        volume_cbm: cbm(mine.reduce((s, p) => s + p.volumeMm3, 0)),
        amount: packsTotal(mine),
        paid: mine.every((p) => ['paid', 'shipped', 'delivered', 'received'].includes(p.status)),
        signed: !!pick?.signedAt,
        signed_at: pick?.signedAt?.toISOString() ?? null,
        pickup_code: withCodes ? (pick?.pickupCode ?? '') : '',
        bill_ids: mine.filter(payable).map((p) => p.billId!),
      };
    });
  }

  /**
   * A page of the batch's members in user id order, and the totals of all of them: the database picks the
   * page and adds up the batch; packs, accounts and pickups are read for the page's members only.
   */
  protected async collectionPage(tx: Tx, b: BatchRow, q: BatchPage) {
    const offset = (q.page - 1) * q.page_size;
    const m = await this.d.packs.memberPageOf(tx, b.groupId, repo.batchPackIds(b.id), {
      unpaidOnly: !!q.unpaid_only,
      limit: q.page_size,
      offset,
    });
    const ids = await repo.findBatchPackIdsOf(tx, b.id, m.userIds);
    const packs = (await this.d.packs.packs(tx, { groupId: b.groupId, ids })).filter((p) => p.status !== 'cancelled');
    const totals = {
      member_count: m.members,
      unpaid_member_count: m.owing,
      unpaid_amount: totalAmount({ amountMinor: m.owedMinor, currencies: m.currencies }),
    };
    const list = await this.collectionRows(tx, b, groupByUser(packs), m.userIds, false);
    return { list, total: q.unpaid_only ? m.owing : m.members, page: q.page, page_size: q.page_size, totals };
  }

  async collectionList(userId: number, q: BatchPage, lang: Language = 'zh_CN') {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, q.batch_id);
    const [[view], page] = await Promise.all([this.batchViews(this.db, [b]), this.collectionPage(this.db, b, q)]);
    const list = page.list.map(({ bill_ids: _b, ...r }) => r);
    return { batch: view, ...page, list, export_url: `${await this.exportUrl(userId, b.id)}&lang=${lang}` };
  }

  async payList(userId: number, q: BatchPage) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, q.batch_id);
    return this.collectionPage(this.db, b, q);
  }

  /**
   * The batch's unpaid bills (or those of some of its members), as many as one payment takes, members in
   * user id order: the leader pays all without the browser holding every member's row.
   */
  async unpaidBills(userId: number, batchId: number, userIds?: number[]) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    const only = userIds ? new Set(userIds) : null;
    const due = (await this.batchPacks(this.db, b))
      .filter((p) => payable(p) && (!only || only.has(p.userId)))
      .sort((x, y) => x.userId - y.userId || x.billId! - y.billId!);
    const chosen = due.slice(0, MAX_PAY_BILLS);
    return {
      bill_ids: chosen.map((p) => p.billId!),
      more: due.length > chosen.length,
      member_count: new Set(chosen.map((p) => p.userId)).size,
      amount: packsTotal(chosen),
    };
  }

  /** The caller's own collections (their QR pickup codes). */
  async myCollections(userId: number, q: Page) {
    const pickups = await repo.findPickups(this.db, { userId });
    const page = pickups.slice((q.page - 1) * q.page_size, q.page * q.page_size);
    // Only the caller's row of each batch is read (a batch's whole list is 500 members), and the page's batch
    // views are built together.
    const batches = [];
    const rows = [];
    for (const p of page) {
      const b = (await repo.findBatch(this.db, p.batchId))!;
      const [row] = await this.collection(this.db, b, true, userId);
      if (!row) continue;
      batches.push(b);
      rows.push(row);
    }
    const views = await this.batchViews(this.db, batches);
    const list = rows.map(({ bill_ids: _b, ...rest }, i) => ({ ...rest, batch: views[i] }));
    return { list, total: pickups.length, page: q.page, page_size: q.page_size };
  }

  async myCollection(userId: number, batchId: number) {
    const b = await repo.findBatch(this.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const [row] = await this.collection(this.db, b, true, userId);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    const { bill_ids: _b, ...rest } = row;
    const packs = await this.batchPacks(this.db, b, userId);
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
      const row = (await this.collection(tx, b, false, p.userId))[0]!;
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

  protected async linkSig(userId: number, batchId: number, exp: number) {
    const key = (await repo.settings(this.db)).linkKey;
    return createHmac('sha256', key).update(`collection.${userId}.${batchId}.${exp}`).digest('hex');
  }

  async exportUrl(userId: number, batchId: number) {
    const exp = Math.floor(this.now().getTime() / 1000) + 600;
    return `/api/files/group-collection/${batchId}.xlsx?u=${userId}&exp=${exp}&sig=${await this.linkSig(userId, batchId, exp)}`;
  }

  async checkExportLink(batchId: number, userId: number, exp: number, sig: string) {
    if (!Number.isInteger(batchId) || !Number.isInteger(userId) || !Number.isInteger(exp) || exp < this.now().getTime() / 1000)
      return false;
    const expected = await this.linkSig(userId, batchId, exp);
    return safeEqualHex(expected, sig);
  }

  async exportRows(userId: number, batchId: number) {
    const g = await this.leaderGroup(this.db, userId);
    const b = await this.ownBatch(this.db, g, batchId);
    return { batch: b, rows: (await this.collection(this.db, b, false)).map(({ bill_ids: _b, ...r }) => r) };
  }
}
