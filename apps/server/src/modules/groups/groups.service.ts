import {
  logisticsStages,
  memberStatuses,
  sgd,
  type GroupBatchStatus,
  type Language,
  type LogisticsStage,
  type MemberStatus,
} from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { MemberAccountUser } from '../account/index.ts';
import type { Bill } from '../wallet/index.ts';
import { addDays, firstAllowedDate } from './pack-dates.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow } from './groups.repository.ts';
import { batchStatusText, cbm, MM3_PER_CBM } from './groups.core.ts';
import type { Page } from './groups.core.ts';
import { GroupBatchesService, NO_PACKS } from './group-batches.service.ts';

export { PACK_DATES_JOB, DATES_AHEAD } from './groups.core.ts';

/**
 * The groups module's service: GroupsCore (membership, leader policy, map, applications, dates), then the
 * batch side (GroupBatchesService), then the staff calls here. Split in layers to keep files short.
 */
export class GroupsService extends GroupBatchesService {
  // ---------------------------------------------------------------------------------------------
  // Staff: groups and batches
  // ---------------------------------------------------------------------------------------------

  async adminGroups(q: Page & { keyword?: string }) {
    const { rows, total } = await repo.findGroupsPage(
      this.db,
      { includeHidden: true, includePaused: true, keyword: q.keyword, newestFirst: true },
      q,
    );
    const list = [];
    for (const g of rows) {
      const { is_leader: _l, my_status: _s, my_dragon_code: _c, recipient_hint: _h, ...rest } = await this.detail(this.db, g, null);
      list.push(rest);
    }
    return { list, total, page: q.page, page_size: q.page_size };
  }

  /** The console's member list: paged and searched by the database, as the leader's (a group may have 10,000). */
  async adminMembers(q: Page & { group_id: number; keyword?: string; status?: MemberStatus }) {
    const g = await repo.findGroupById(this.db, q.group_id);
    if (!g) throw new DomainError('GROUP_NOT_FOUND');
    const search = q.keyword ? { keyword: q.keyword, users: this.d.accounts.usersMatching(q.keyword) } : undefined;
    return this.memberPage(g.id, q.status ? [q.status] : [...memberStatuses], q, search);
  }

  async adminFlags(groupId: number, f: { hidden?: boolean; paused?: boolean }) {
    return this.db.transaction(async (tx) => {
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
      await this.audit(tx, {
        action: 'admin/groups/flags',
        objectType: 'group',
        objectId: g.id,
        before: { name: g.name, hidden: g.hidden, paused: g.paused },
        after: { name: row.name, hidden: row.hidden, paused: row.paused },
      });
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
      await this.audit(tx, {
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

  protected stateError(b: BatchRow, lang: Language) {
    return new DomainError('GROUP_BATCH_STATE', { status: batchStatusText[b.status as GroupBatchStatus]?.[lang] ?? b.status });
  }

  /** The group's applied GROUP orders not yet in a batch join this one. */
  protected async pullPacks(tx: Tx, b: BatchRow) {
    const candidates = await this.d.packs.packs(tx, { groupId: b.groupId, statuses: ['applied', 'packed', 'paid'] });
    const linked = new Set(
      await repo.findLinkedPackIds(
        tx,
        candidates.map((p) => p.id),
      ),
    );
    await repo.linkPacks(
      tx,
      b.id,
      candidates.filter((p) => !linked.has(p.id) && !p.batchId).map((p) => ({ packId: p.id, userId: p.userId })),
    );
  }

  async advance(
    staffId: number,
    i: {
      batch_id: number;
      action: 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | 'cancel';
      container?: string;
      /** S$ per cbm in cents (the contract takes "85.50" and gives 8550). */
      unit_price?: number;
    },
    lang: Language,
  ) {
    if (i.action === 'outbound') return this.outbound(i.batch_id, lang);
    const reissued: number[] = [];
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
            unitPriceMinor: i.unit_price ?? b.unitPriceMinor,
          });
          reissued.push(...(await this.repriceBatch(tx, b.id)));
          break;
        case 'pack':
          if (b.status !== 'wait_pack') throw this.stateError(b, lang);
          await this.pullPacks(tx, b);
          await repo.updateBatch(tx, b.id, { status: 'packing' });
          reissued.push(...(await this.repriceBatch(tx, b.id)));
          break;
        case 'packed': {
          if (b.status !== 'packing') throw this.stateError(b, lang);
          const packs = await this.batchPacks(tx, b);
          if (packs.some((p) => p.status === 'applied'))
            throw new DomainError('GROUP_BATCH_UNMEASURED', { count: packs.filter((p) => p.status === 'applied').length });
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
      await this.auditBatch(tx, b, i.action);
    });
    await this.d.packs.afterRepriced(reissued);
    return (await this.batchViews(this.db, [(await repo.findBatch(this.db, i.batch_id))!]))[0];
  }

  /**
   * Issue 9: packs of a priced batch that were measured (billed at the rate card) before the price was
   * set, or before they joined, get their unpaid bills re-issued at the batch's price; paid bills stay.
   */
  protected async repriceBatch(tx: Tx, batchId: number): Promise<number[]> {
    const b = (await repo.findBatch(tx, batchId))!;
    if (b.unitPriceMinor === null) return [];
    const packs = await this.batchPacks(tx, b);
    return this.d.packs.repriceUnpaid(
      tx,
      packs.filter((p) => p.status === 'packed').map((p) => p.id),
    );
  }

  /** Every member order paid: the batch leaves as a GROUP outbound batch (sea stages in the parcels console). */
  protected async outbound(batchId: number, lang: Language) {
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
      // The batch's totals from now on (see group_batches.shipped_totals); a batch without packs adds up to nothing.
      const totals = (await this.d.packs.packTotalsOf(tx, repo.batchPackSets([b.id]))).get(b.id) ?? NO_PACKS;
      await repo.updateBatch(tx, b.id, { status: 'outbound', outboundBatchId: outboundId, shippedTotals: totals });
      await this.auditBatch(tx, locked, 'outbound');
    });
    return (await this.batchViews(this.db, [(await repo.findBatch(this.db, batchId))!]))[0];
  }

  /** A staff move of a group batch, as the audit log keeps it: the batch's fields before and after. */
  private async auditBatch(tx: Tx, before: BatchRow, action: string) {
    const after = await repo.findBatch(tx, before.id);
    const view = (b: BatchRow) => ({
      group_id: b.groupId,
      status: b.status,
      container: b.container,
      unit_price_minor: b.unitPriceMinor,
      outbound_batch_id: b.outboundBatchId,
    });
    await this.audit(tx, {
      action: 'admin/groups/batches/advance',
      objectType: 'group_batch',
      objectId: before.id,
      before: view(before),
      after: after ? { ...view(after), action } : undefined,
    });
  }

  /** At the leader's: members are told to collect and the leader's reward is posted (once). */
  protected async arrived(tx: Tx, staffId: number, b: BatchRow, lang: Language) {
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
    const reward = await repo.insertReward(tx, {
      groupId: g.id,
      leaderId: g.leaderId,
      batchId: b.id,
      kind: 'reward',
      volumeMm3: volume,
      amountMinor: amount,
    });
    if (reward && amount > 0)
      await this.d.billing.postReward(tx, {
        userId: g.leaderId,
        amountMinor: amount,
        memo: `Group reward ${b.batchNo} (${cbm(volume)} cbm)`,
      });
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
  protected override async onRefund(tx: Tx, bill: Bill) {
    if (bill.kind !== 'pack') return;
    const link = await repo.findBatchOfPack(tx, bill.refId);
    if (!link) return;
    const reward = await repo.findRewardOfBatch(tx, link.batchId);
    if (!reward || reward.volumeMm3 <= 0) return;
    const b = (await repo.findBatch(tx, link.batchId))!;
    const [pack] = await this.d.packs.packs(tx, { groupId: b.groupId, ids: [bill.refId] });
    if (!pack || pack.volumeMm3 <= 0) return;
    const share = Math.round((reward.amountMinor * pack.volumeMm3) / reward.volumeMm3);
    const row = await repo.insertReward(tx, {
      groupId: reward.groupId,
      leaderId: reward.leaderId,
      batchId: b.id,
      packId: pack.id,
      kind: 'reversal',
      volumeMm3: -pack.volumeMm3,
      amountMinor: -share,
    });
    if (!row || share === 0) return;
    const taken = await this.d.billing.postReward(tx, {
      userId: reward.leaderId,
      amountMinor: -share,
      memo: `Group reward reversed: ${pack.packNo} refunded`,
    });
    if (taken !== -share) await repo.updateRewardAmount(tx, row.id, taken);
  }

  async rewards(userId: number, q: Page) {
    const { rows, total, sum } = await repo.findRewardsPage(this.db, { leaderId: userId }, q);
    const rate = (await repo.settings(this.db)).rewardPerCbmMinor;
    return {
      list: await this.rewardViews(rows),
      total,
      page: q.page,
      page_size: q.page_size,
      total_amount: sgd(sum),
      rate_per_cbm: sgd(rate),
    };
  }

  /** Staff: the rewards paid out to leaders' wallets (and reversals), with group and leader. */
  async adminRewards(q: Page & { group_id?: number }) {
    const { rows, total, sum } = await repo.findRewardsPage(this.db, { groupId: q.group_id }, q);
    const views = await this.rewardViews(rows);
    const groups = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.groupId))) groups.set(id, (await repo.findGroupById(this.db, id))?.name ?? '');
    const leaders = new Map(
      (
        await this.d.accounts.findUsers(
          this.db,
          rows.map((r) => r.leaderId),
        )
      ).map((u) => [u.id, u.userAccount]),
    );
    return {
      list: rows.map((r, i) => ({
        ...views[i],
        group_id: r.groupId,
        group_name: groups.get(r.groupId) ?? '',
        leader_id: r.leaderId,
        leader_account: leaders.get(r.leaderId) ?? '',
      })),
      total,
      page: q.page,
      page_size: q.page_size,
      total_amount: sgd(sum),
    };
  }

  /** Rewards (and their rate) are posted to the leader's wallet, which is kept in S$. */
  private async rewardViews(rows: Awaited<ReturnType<typeof repo.findRewardsPage>>['rows']) {
    const batches = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.batchId))) batches.set(id, (await repo.findBatch(this.db, id))?.batchNo ?? '');
    return rows.map((r) => ({
      id: r.id,
      batch_id: r.batchId,
      batch_no: batches.get(r.batchId) ?? '',
      volume_cbm: cbm(r.volumeMm3),
      amount: sgd(r.amountMinor),
      kind: r.kind as 'reward' | 'reversal',
      created_at: r.createdAt.toISOString(),
    }));
  }

  /** `ratePerCbmMinor`: SGD minor units, as the contract's typed-price rule made them ("12.5" -> 1250). */
  async rewardSettings(ratePerCbmMinor?: number) {
    if (ratePerCbmMinor !== undefined)
      await this.db.transaction(async (tx) => {
        const before = await repo.settings(tx);
        await repo.setRewardRate(tx, ratePerCbmMinor);
        const after = await repo.settings(tx);
        await this.audit(tx, {
          action: 'admin/groups/reward-settings',
          objectType: 'reward_settings',
          objectId: 1,
          before: { reward_per_cbm_minor: before.rewardPerCbmMinor },
          after: { reward_per_cbm_minor: after.rewardPerCbmMinor },
        });
      });
    const s = await repo.settings(this.db);
    return { rate_per_cbm: sgd(s.rewardPerCbmMinor) };
  }

  async referrals(userId: number, q: Page) {
    const { rows, total } = await this.d.accounts.referredUsers(this.db, userId, q);
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

  /** Demo: a future date helper for seeds. */
  nextAllowed(days = 0) {
    return addDays(firstAllowedDate(this.now()), days);
  }
}
