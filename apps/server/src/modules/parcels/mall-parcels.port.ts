import { defaultCustomsDescription } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './parcels.repository.ts';
import { carrierNamed } from './carriers.ts';
import { singaporeDate } from './dates.ts';
import { estimateGoods, type GoodsEstimate } from './goods-estimate.ts';
import type { Category, Mode } from './pricing.ts';

export interface MallParcelInput {
  userId: number;
  trackingNo: string;
  carrier: string;
  goodsName: string;
  /** RMB fen. */
  goodsValueMinor: number;
  quantity: number;
  shippingMode: 'GROUP' | 'SEA' | 'AIR';
}

/** Where a mall order's parcel is: its own status, and its pack's when it was packed. */
export interface MallParcelState {
  parcelId: number;
  status: string;
  packStatus: string | null;
  stage: string | null;
  inboundAt: Date | null;
  packedAt: Date | null;
  /** Delivered to the door / collected at the leader's, or the customer confirmed receipt. */
  doneAt: Date | null;
  events: { event: string; note: string; at: Date }[];
}

const PACKED = ['packed', 'paid', 'shipped', 'delivered', 'received'];
const DONE = ['delivered', 'received'];

/**
 * How the mall turns bought goods into the customer's declared parcel (goods name and value from the
 * order), so they arrive at the China warehouse already matched and ship through the normal packing flow;
 * and how a mall order follows that parcel.
 */
export interface MallParcelsPort {
  declareForMall(tx: Tx, i: MallParcelInput): Promise<{ parcelId: number }>;
  parcelState(tx: Tx, parcelId: number): Promise<MallParcelState | null>;
  /** Roughly what the goods' freight to Singapore will cost by `mode` (the rate cards' engine); null without an active card. */
  estimateFreight(tx: Tx, i: { mode: Mode; category: Category; weightG: number }): Promise<GoodsEstimate | null>;
}

export const mallParcelsPort: MallParcelsPort = {
  async declareForMall(tx, i) {
    const existing = await repo.findLiveParcelByTracking(tx, i.trackingNo);
    const values = {
      carrier: carrierNamed(i.carrier, i.trackingNo),
      goodsName: i.goodsName.slice(0, 100),
      goodsValueMinor: i.goodsValueMinor,
      quantity: i.quantity,
      mode: i.shippingMode === 'AIR' ? 'AIR' : 'SEA',
    };
    if (existing) {
      // The same customer's number declared before (e.g. a re-entered tracking number) is completed, never taken over.
      if (existing.userId !== i.userId || existing.status !== 'pending') throw new DomainError('TRACKING_TAKEN');
      await repo.updateParcel(tx, existing.id, values);
      await repo.insertParcelEvents(tx, [{ parcelId: existing.id, event: 'declared', note: 'mall order' }]);
      return { parcelId: existing.id };
    }
    const p = await repo.insertParcel(tx, {
      userId: i.userId,
      trackingNo: i.trackingNo,
      status: 'pending',
      customsDescription: defaultCustomsDescription(i.goodsName),
      ...values,
    });
    await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'declared', note: 'mall order' }]);
    return { parcelId: p.id };
  },

  async estimateFreight(tx, i) {
    const card = await repo.findRateCard(tx, i.mode, i.category);
    if (!card) return null;
    return estimateGoods({ ...card, mode: i.mode, category: i.category }, i.weightG, singaporeDate(new Date()));
  },

  async parcelState(tx, parcelId) {
    const p = await repo.findParcelById(tx, parcelId);
    if (!p) return null;
    const pack = p.packId ? await repo.findPackById(tx, p.packId) : null;
    const packStatus = pack && pack.status !== 'cancelled' ? pack.status : null;
    const events = (await repo.findEventsOfParcel(tx, parcelId)).map((e) => ({ event: e.event, note: e.note, at: e.at }));
    const packed = packStatus && PACKED.includes(packStatus) ? (pack?.packedAt ?? pack?.createdAt ?? new Date()) : null;
    const done =
      packStatus && DONE.includes(packStatus)
        ? (pack?.receivedAt ?? pack?.deliveredAt ?? new Date())
        : p.status === 'received'
          ? (p.receivedAt ?? new Date())
          : null;
    return {
      parcelId,
      status: p.status,
      packStatus,
      stage: pack?.stage ?? null,
      inboundAt: p.inboundAt,
      packedAt: packed,
      doneAt: done,
      events,
    };
  },
};
