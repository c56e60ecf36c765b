import { logisticsStages, type Language, type LogisticsStage } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow } from './groups.repository.ts';
import { audit, NO_PACKS, stateError, type GroupsCtx } from './groups.shared.ts';
import type { BatchViews } from './batch-views.ts';
import type { GroupRewards } from './group-rewards.ts';
import type { GroupPickups } from './group-pickups.ts';

/** Staff move a group batch through its states: plan, pack, packed, outbound, arrived at the leader's, or cancel. */
export class GroupBatchFlow {
  constructor(
    private readonly d: GroupsCtx,
    private readonly batchViews: BatchViews,
    private readonly rewards: GroupRewards,
    private readonly pickups: GroupPickups,
  ) {}

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
    await this.d.db.transaction(async (tx) => {
      const b = await repo.findBatch(tx, i.batch_id, true);
      if (!b) throw new DomainError('OBJECT_NOT_FOUND');
      switch (i.action) {
        case 'plan':
          if (b.status !== 'wait_plan') throw stateError(b, lang);
          await this.pullPacks(tx, b);
          await repo.updateBatch(tx, b.id, {
            status: 'wait_pack',
            container: i.container ?? b.container,
            unitPriceMinor: i.unit_price ?? b.unitPriceMinor,
          });
          reissued.push(...(await this.repriceBatch(tx, b.id)));
          break;
        case 'pack':
          if (b.status !== 'wait_pack') throw stateError(b, lang);
          await this.pullPacks(tx, b);
          await repo.updateBatch(tx, b.id, { status: 'packing' });
          reissued.push(...(await this.repriceBatch(tx, b.id)));
          break;
        case 'packed': {
          if (b.status !== 'packing') throw stateError(b, lang);
          const packs = await this.batchViews.livePacks(tx, b);
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
          if (!['wait_plan', 'wait_pack', 'packing'].includes(b.status)) throw stateError(b, lang);
          await repo.unlinkPacks(tx, b.id);
          await repo.updateBatch(tx, b.id, { status: 'cancelled' });
          break;
      }
      await this.auditBatch(tx, b, i.action);
    });
    await this.d.packs.afterRepriced(reissued);
    return (await this.batchViews.views(this.d.db, [(await repo.findBatch(this.d.db, i.batch_id))!]))[0];
  }

  /** The group's applied GROUP orders not yet in a batch join this one. */
  private async pullPacks(tx: Tx, b: BatchRow) {
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

  /**
   * Issue 9: packs of a priced batch that were measured (billed at the rate card) before the price was
   * set, or before they joined, get their unpaid bills re-issued at the batch's price; paid bills stay.
   */
  private async repriceBatch(tx: Tx, batchId: number): Promise<number[]> {
    const b = (await repo.findBatch(tx, batchId))!;
    if (b.unitPriceMinor === null) return [];
    const packs = await this.batchViews.livePacks(tx, b);
    return this.d.packs.repriceUnpaid(
      tx,
      packs.filter((p) => p.status === 'packed').map((p) => p.id),
    );
  }

  /** Every member order paid: the batch leaves as a GROUP outbound batch (sea stages in the parcels console). */
  private async outbound(batchId: number, lang: Language) {
    const b = await repo.findBatch(this.d.db, batchId);
    if (!b) throw new DomainError('OBJECT_NOT_FOUND');
    if (b.status !== 'packed') throw stateError(b, lang);
    const packs = await this.batchViews.livePacks(this.d.db, b);
    const unpaid = packs.filter((p) => p.status !== 'paid');
    if (unpaid.length) throw new DomainError('GROUP_BATCH_UNPAID', { count: unpaid.length });
    const outboundId = await this.d.packs.createOutbound(
      { container: b.container, packDate: b.packDate, unitPriceMinor: b.unitPriceMinor, packIds: packs.map((p) => p.id) },
      lang,
    );
    await this.d.db.transaction(async (tx) => {
      const locked = await repo.findBatch(tx, b.id, true);
      if (locked?.status !== 'packed') throw stateError(locked ?? b, lang);
      // The batch's totals from now on (see group_batches.shipped_totals); a batch without packs adds up to nothing.
      const totals = (await this.d.packs.packTotalsOf(tx, repo.batchPackSets([b.id]))).get(b.id) ?? NO_PACKS;
      await repo.updateBatch(tx, b.id, { status: 'outbound', outboundBatchId: outboundId, shippedTotals: totals });
      await this.auditBatch(tx, locked, 'outbound');
    });
    return (await this.batchViews.views(this.d.db, [(await repo.findBatch(this.d.db, batchId))!]))[0];
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
    await audit(this.d, tx, {
      action: 'admin/groups/batches/advance',
      objectType: 'group_batch',
      objectId: before.id,
      before: view(before),
      after: after ? { ...view(after), action } : undefined,
    });
  }

  /** At the leader's: members are told to collect and the leader's reward is posted (once). */
  private async arrived(tx: Tx, staffId: number, b: BatchRow, lang: Language) {
    if (b.status !== 'outbound' || !b.outboundBatchId) throw stateError(b, lang);
    if (b.arrivedAt) return;
    const stage = (await this.d.packs.outboundStages(tx, [b.outboundBatchId])).get(b.outboundBatchId) ?? null;
    if (!stage || logisticsStages.indexOf(stage as LogisticsStage) < logisticsStages.indexOf('unpacking_delivery'))
      throw new DomainError('GROUP_BATCH_NOT_ARRIVED');
    await repo.updateBatch(tx, b.id, { arrivedAt: this.d.now() });
    const g = (await repo.findGroupById(tx, b.groupId))!;
    const packs = await this.batchViews.livePacks(tx, b);
    await this.rewards.batchArrived(tx, g, b, packs);
    await repo.ensurePickups(tx, b.id, [...new Set(packs.map((p) => p.userId))]);
    await this.pickups.tellArrived(tx, g, b);
    void staffId;
  }
}
