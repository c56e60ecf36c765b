import { sgd } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import type { GroupPack } from '../parcels/index.ts';
import type { Bill } from '../wallet/index.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow } from './groups.repository.ts';
import { audit, cbm, MM3_PER_CBM, type GroupsCtx, type Page } from './groups.shared.ts';

/** Leaders' rewards: posted when a batch arrives, taken back in part when a pack of it is refunded; the rate. */
export class GroupRewards {
  constructor(private readonly d: GroupsCtx) {
    // A refunded shipment takes back its share of the leader's reward.
    d.billing.onAnyRefunded((tx, bill) => this.onRefund(tx, bill));
  }

  /** The leader's reward for a batch that arrived (posted once: the reward row is unique per batch). */
  async batchArrived(tx: Tx, g: GroupRow, b: BatchRow, packs: GroupPack[]) {
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
  }

  /** A refunded shipment takes back its share of the leader's reward (at the rate it was posted at). */
  private async onRefund(tx: Tx, bill: Bill) {
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
    const { rows, total, sum } = await repo.findRewardsPage(this.d.db, { leaderId: userId }, q);
    const rate = (await repo.settings(this.d.db)).rewardPerCbmMinor;
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
    const { rows, total, sum } = await repo.findRewardsPage(this.d.db, { groupId: q.group_id }, q);
    const views = await this.rewardViews(rows);
    const groups = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.groupId))) groups.set(id, (await repo.findGroupById(this.d.db, id))?.name ?? '');
    const leaders = new Map(
      (
        await this.d.accounts.findUsers(
          this.d.db,
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
    for (const id of new Set(rows.map((r) => r.batchId))) batches.set(id, (await repo.findBatch(this.d.db, id))?.batchNo ?? '');
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
      await this.d.db.transaction(async (tx) => {
        const before = await repo.settings(tx);
        await repo.setRewardRate(tx, ratePerCbmMinor);
        const after = await repo.settings(tx);
        await audit(this.d, tx, {
          action: 'admin/groups/reward-settings',
          objectType: 'reward_settings',
          objectId: 1,
          before: { reward_per_cbm_minor: before.rewardPerCbmMinor },
          after: { reward_per_cbm_minor: after.rewardPerCbmMinor },
        });
      });
    const s = await repo.settings(this.d.db);
    return { rate_per_cbm: sgd(s.rewardPerCbmMinor) };
  }
}
