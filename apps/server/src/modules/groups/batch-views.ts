import { money, sgd, type GroupBatchStatus } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import type { GroupPack } from '../parcels/index.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow } from './groups.repository.ts';
import { cbm, groupByUser, isEffective, NO_PACKS, packsTotal, totalAmount, type GroupsCtx } from './groups.shared.ts';

/** Group batches, their packs and their collection list as leaders, members and staff see them. */
export class BatchViews {
  constructor(private readonly d: GroupsCtx) {}

  packViews(tx: Tx, packs: GroupPack[]) {
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
  async livePacks(tx: Tx, b: BatchRow, userId?: number) {
    const ids = (await repo.findPackIdsOfBatches(tx, [b.id])).get(b.id) ?? [];
    const packs = await this.d.packs.packs(tx, { groupId: b.groupId, ids, userId });
    return packs.filter((p) => p.status !== 'cancelled');
  }

  async views(tx: Tx, rows: BatchRow[]) {
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
        effective: isEffective(t.volumeMm3, counts.get(b.groupId) ?? 0),
      };
    });
  }

  /**
   * The collection list: one row per member of the batch (with `userId`, that member's row alone). The pickup
   * code is shown only when asked (member, staff).
   */
  async collection(tx: Tx, b: BatchRow, withCodes: boolean, userId?: number) {
    const packs = await this.livePacks(tx, b, userId);
    const pickups = new Map((await repo.findPickups(tx, { batchId: b.id, userId })).map((p) => [p.userId, p]));
    const userIds = [...new Set(packs.map((p) => p.userId))];
    const [users, codes] = await Promise.all([
      this.d.accounts.findUsers(tx, userIds),
      // Only the batch's members: the group may have 10,000.
      repo.findDragonCodes(tx, b.groupId, userIds),
    ]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    const packsOf = groupByUser(packs);
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
        bill_ids: mine.filter((p) => p.status === 'packed' && p.billId).map((p) => p.billId!),
      };
    });
  }
}
