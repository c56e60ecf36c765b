import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './groups.repository.ts';
import type { BatchViews } from './batch-views.ts';
import type { BatchRow, GroupRow } from './groups.repository.ts';
import { leaderGroup, ownBatch, type GroupsCtx, type Page } from './groups.shared.ts';

/** Collecting at the leader's: members' pickup codes, the leader confirming pickups, and pickup notices. */
export class GroupPickups {
  constructor(
    private readonly d: GroupsCtx,
    private readonly batchViews: BatchViews,
  ) {}

  /** The caller's own collections (their QR pickup codes). */
  async myCollections(userId: number, q: Page) {
    const pickups = await repo.findPickups(this.d.db, { userId });
    const page = pickups.slice((q.page - 1) * q.page_size, q.page * q.page_size);
    // Only the caller's row of each batch is read (a batch's whole list is 500 members), and the page's batch
    // views are built together.
    const batches = [];
    const rows = [];
    for (const p of page) {
      const b = (await repo.findBatch(this.d.db, p.batchId))!;
      const [row] = await this.batchViews.collection(this.d.db, b, true, userId);
      if (!row) continue;
      batches.push(b);
      rows.push(row);
    }
    const views = await this.batchViews.views(this.d.db, batches);
    const list = rows.map(({ bill_ids: _b, ...rest }, i) => ({ ...rest, batch: views[i] }));
    return { list, total: pickups.length, page: q.page, page_size: q.page_size };
  }

  async myCollection(userId: number, batchId: number) {
    const b = await repo.findBatch(this.d.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    const [row] = await this.batchViews.collection(this.d.db, b, true, userId);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    const { bill_ids: _b, ...rest } = row;
    const packs = await this.batchViews.livePacks(this.d.db, b, userId);
    return {
      batch: (await this.batchViews.views(this.d.db, [b]))[0],
      row: rest,
      orders: await this.batchViews.packViews(this.d.db, packs),
    };
  }

  async confirmPickup(userId: number, code: string) {
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId);
      const p = await repo.findPickupByCode(tx, code, true);
      const b = p ? await repo.findBatch(tx, p.batchId) : null;
      if (!p || !b || b.groupId !== g.id) throw new DomainError('PICKUP_CODE_UNKNOWN');
      if (!b.arrivedAt) throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
      const already = !!p.signedAt;
      if (!already) await repo.signPickups(tx, b.id, userId, p.userId);
      const row = (await this.batchViews.collection(tx, b, false, p.userId))[0]!;
      const { bill_ids: _b, ...rest } = row;
      return { ...rest, already_signed: already, batch_no: b.batchNo };
    });
  }

  async signAll(userId: number, batchId: number) {
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId);
      const b = await ownBatch(tx, g, batchId, true);
      if (!b.arrivedAt) throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
      return { signed: (await repo.signPickups(tx, b.id, userId)).length };
    });
  }

  async notifyMembers(userId: number, batchId: number, userIds: number[] | undefined) {
    const notifications = this.d.notifications;
    if (!notifications) throw new Error('the notifications module is not wired');
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId);
      const b = await ownBatch(tx, g, batchId);
      const rows = (await repo.findPickups(tx, { batchId: b.id })).filter((p) => !p.signedAt && (!userIds || userIds.includes(p.userId)));
      const day = this.d.now().toISOString().slice(0, 10);
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

  /** At the leader's: every member of the batch is told to collect, with their pickup code. */
  async tellArrived(tx: Tx, g: GroupRow, b: BatchRow) {
    if (!this.d.notifications) return;
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
}
