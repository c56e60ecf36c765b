// The parcels module's public face.
export { createParcelsModule } from './parcels.module.ts';
export type { ParcelsService } from './parcels.service.ts';

// The parcels module's public face for other modules: ports, never its tables or services directly.
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './parcels.repository.ts';
import { suggestCarrier } from './carriers.ts';

export type PickupParcelEvent = 'pickup_stored' | 'pickup_collected' | 'pickup_outbound';

/**
 * What a pickup site (PDD self-pickup station) does to a customer's parcel, written into that parcel's
 * own history so the customer sees it in its logistics. The parcel is declared for the customer when
 * they have not declared it yet (so the warehouse's inbound scan matches it to them); a number someone
 * else declared is refused.
 */
export interface PickupParcelsPort {
  pickupEvent(tx: Tx, i: { userId: number; trackingNo: string; event: PickupParcelEvent; note: string }): Promise<{ parcelId: number }>;
}

export const pickupParcelsPort: PickupParcelsPort = {
  async pickupEvent(tx, i) {
    let p = await repo.findLiveParcelByTracking(tx, i.trackingNo);
    if (p && p.userId !== i.userId) throw new DomainError('PICKUP_TRACKING_TAKEN', { tracking_no: i.trackingNo });
    if (!p) {
      p = await repo.insertParcel(tx, {
        userId: i.userId,
        trackingNo: i.trackingNo,
        carrier: suggestCarrier(i.trackingNo),
        status: 'pending',
      });
      await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: 'declared', note: 'pickup site' }]);
    }
    // Collected at the site: the customer has it, it will never reach the warehouse.
    if (i.event === 'pickup_collected' && p.status === 'pending') {
      await repo.updateParcel(tx, p.id, { status: 'received', receivedAt: new Date() });
    }
    await repo.insertParcelEvents(tx, [{ parcelId: p.id, event: i.event, note: i.note }]);
    return { parcelId: p.id };
  },
};

export { GroupPacksPort, type GroupPack, type GroupPackTotals, type GroupParcel } from './group-packs.port.ts';
export { mallParcelsPort, type MallParcelsPort, type MallParcelInput, type MallParcelState } from './mall-parcels.port.ts';
export type { BatchRateOf, DragonCodeOwner, GroupPickup, GroupPickupOf, ParcelsGroupsPort } from './groups.port.ts';
export { kgText, type GroupBatchRate } from './pricing.ts';
export { DEFAULT_ITEM_WEIGHT_G, type GoodsEstimate } from './goods-estimate.ts';
