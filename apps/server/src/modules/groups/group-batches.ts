import { createHmac } from 'node:crypto';
import { MAX_PAY_BILLS, rmb, type Language } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { safeEqualHex } from '../../core/crypto.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow } from './groups.repository.ts';
import { leaderGroup, ownBatch, packsTotal, type GroupsCtx, type Page } from './groups.shared.ts';
import { payable, type BatchPage, type BatchViews } from './batch-views.ts';
import type { GroupListPages } from './group-list-pages.ts';

/** Reading group batches: the lists, a batch's orders, the collection list and its xlsx export link. */
export class GroupBatches {
  constructor(
    private readonly d: GroupsCtx,
    private readonly batchViews: BatchViews,
    private readonly pages: GroupListPages,
  ) {}

  async batchList(userId: number, q: Page & { status?: string }) {
    return this.pages.ofMember(
      userId,
      `batches|${q.status ?? ''}|${q.page}|${q.page_size}`,
      async (groupId) => {
        const { rows, total } = await repo.findBatchesPage(this.d.db, { groupId, status: q.status }, q);
        return { list: await this.batchViews.views(this.d.db, rows), total, page: q.page, page_size: q.page_size };
      },
      () => ({ list: [], total: 0, page: q.page, page_size: q.page_size }),
    );
  }

  async batchOrders(userId: number, batchId: number) {
    const g = await leaderGroup(this.d.db, userId);
    const b = await ownBatch(this.d.db, g, batchId);
    const [view] = await this.batchViews.views(this.d.db, [b]);
    return { batch: view, list: await this.batchViews.packViews(this.d.db, await this.batchViews.livePacks(this.d.db, b)) };
  }

  private async ownPack(tx: Tx, g: GroupRow, packId: number) {
    const [p] = await this.d.packs.packs(tx, { groupId: g.id, ids: [packId] });
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return p;
  }

  async packDetail(userId: number, packId: number) {
    const g = await leaderGroup(this.d.db, userId);
    const p = await this.ownPack(this.d.db, g, packId);
    const parcels = await this.d.packs.parcelsOfPack(this.d.db, p.id);
    return {
      order: (await this.batchViews.packViews(this.d.db, [p]))[0],
      parcels: parcels.map((x) => ({
        id: x.id,
        tracking_no: x.trackingNo,
        goods_name: x.goodsName,
        goods_value: rmb(x.goodsValueMinor),
      })),
    };
  }

  async groupOrders(userId: number, q: Page & { status?: string }) {
    const g = await leaderGroup(this.d.db, userId);
    const { rows, total } = await this.d.packs.packsPage(this.d.db, { groupId: g.id, statuses: q.status ? [q.status] : undefined }, q);
    return { list: await this.batchViews.packViews(this.d.db, rows), total, page: q.page, page_size: q.page_size };
  }

  async groupOrderDetail(userId: number, packId: number) {
    const g = await leaderGroup(this.d.db, userId);
    const p = await this.ownPack(this.d.db, g, packId);
    const link = await repo.findBatchOfPack(this.d.db, p.id);
    const b = link ? await repo.findBatch(this.d.db, link.batchId) : null;
    return {
      order: (await this.batchViews.packViews(this.d.db, [p]))[0],
      batch: b ? (await this.batchViews.views(this.d.db, [b]))[0] : null,
    };
  }

  async collectionList(userId: number, q: BatchPage, lang: Language = 'zh_CN') {
    const g = await leaderGroup(this.d.db, userId);
    const b = await ownBatch(this.d.db, g, q.batch_id);
    const [[view], page] = await Promise.all([this.batchViews.views(this.d.db, [b]), this.batchViews.collectionPage(this.d.db, b, q)]);
    const list = page.list.map(({ bill_ids: _b, ...r }) => r);
    return { batch: view, ...page, list, export_url: `${await this.exportUrl(userId, b.id)}&lang=${lang}` };
  }

  async payList(userId: number, q: BatchPage) {
    // Kept under the group: the batch was found to be the group's before its page was kept.
    const key = `pay|${q.batch_id}|${q.page}|${q.page_size}|${!!q.unpaid_only}`;
    return this.pages.ofLeader(userId, key, async (groupId) =>
      this.batchViews.collectionPage(this.d.db, await ownBatch(this.d.db, { id: groupId }, q.batch_id), q),
    );
  }

  /**
   * The batch's unpaid bills (or those of some of its members), as many as one payment takes, members in
   * user id order: the leader pays all without the browser holding every member's row.
   */
  async unpaidBills(userId: number, batchId: number, userIds?: number[]) {
    const g = await leaderGroup(this.d.db, userId);
    const b = await ownBatch(this.d.db, g, batchId);
    const only = userIds ? new Set(userIds) : null;
    const due = (await this.batchViews.livePacks(this.d.db, b))
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

  private async linkSig(userId: number, batchId: number, exp: number) {
    const key = (await repo.settings(this.d.db)).linkKey;
    return createHmac('sha256', key).update(`collection.${userId}.${batchId}.${exp}`).digest('hex');
  }

  private async exportUrl(userId: number, batchId: number) {
    const exp = Math.floor(this.d.now().getTime() / 1000) + 600;
    return `/api/files/group-collection/${batchId}.xlsx?u=${userId}&exp=${exp}&sig=${await this.linkSig(userId, batchId, exp)}`;
  }

  async checkExportLink(batchId: number, userId: number, exp: number, sig: string) {
    if (!Number.isInteger(batchId) || !Number.isInteger(userId) || !Number.isInteger(exp) || exp < this.d.now().getTime() / 1000)
      return false;
    const expected = await this.linkSig(userId, batchId, exp);
    return safeEqualHex(expected, sig);
  }

  async exportRows(userId: number, batchId: number) {
    const g = await leaderGroup(this.d.db, userId);
    const b = await ownBatch(this.d.db, g, batchId);
    return { batch: b, rows: (await this.batchViews.collection(this.d.db, b, false)).map(({ bill_ids: _b, ...r }) => r) };
  }

  async adminBatches(q: Page & { status?: string; group_id?: number }) {
    const { rows, total } = await repo.findBatchesPage(this.d.db, { status: q.status, groupId: q.group_id }, q);
    return { list: await this.batchViews.views(this.d.db, rows), total, page: q.page, page_size: q.page_size };
  }

  async adminBatchDetail(batchId: number) {
    const b = await repo.findBatch(this.d.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const [view] = await this.batchViews.views(this.d.db, [b]);
    return {
      batch: view,
      orders: await this.batchViews.packViews(this.d.db, await this.batchViews.livePacks(this.d.db, b)),
      collection: (await this.batchViews.collection(this.d.db, b, true)).map(({ bill_ids: _b, ...r }) => r),
    };
  }
}
