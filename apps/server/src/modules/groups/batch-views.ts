import { isPackPaid, money, sgd, type GroupBatchStatus } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import type { GroupPack } from '../parcels/index.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow } from './groups.repository.ts';
import { cbm, groupByUser, isEffective, NO_PACKS, packsTotal, totalAmount, type GroupsCtx, type Page } from './groups.shared.ts';

/** A pack whose bill waits for payment (a leader may pay it for the member). */
export const payable = (p: GroupPack) => p.status === 'packed' && p.billId !== null;

/** A page of a batch's members (GetGroupPackOrderUserList, getPackGroupUserList). */
export type BatchPage = Page & { batch_id: number; unpaid_only?: boolean };

/** The members in user id order: the order of every page and of the export. */
const byId = (packsOf: Map<number, GroupPack[]>) => [...packsOf.keys()].sort((x, y) => x - y);

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
          paid: isPackPaid(p.status),
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
    const packsOf = groupByUser(await this.livePacks(tx, b, userId));
    return this.collectionRows(tx, b, packsOf, byId(packsOf), withCodes);
  }

  /**
   * A page of the batch's members in user id order, and the totals of all of them: the database picks the
   * page and adds up the batch; packs, accounts and pickups are read for the page's members only.
   */
  async collectionPage(tx: Tx, b: BatchRow, q: BatchPage) {
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

  /** The rows of these members of the batch; accounts, codes and pickups are read for them only. */
  private async collectionRows(tx: Tx, b: BatchRow, packsOf: Map<number, GroupPack[]>, userIds: number[], withCodes: boolean) {
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
        paid: mine.every((p) => isPackPaid(p.status)),
        signed: !!pick?.signedAt,
        signed_at: pick?.signedAt?.toISOString() ?? null,
        pickup_code: withCodes ? (pick?.pickupCode ?? '') : '',
        bill_ids: mine.filter(payable).map((p) => p.billId!),
      };
    });
  }
}
