import { describe, expect, it } from 'vitest';
import { logisticsStages, parcelStatuses, type LogisticsStage } from './parcels.rules.ts';
import { logisticsStageText, parcelCategoryText, shipmentStatus, shipmentText, type StageKey } from './parcels.status.ts';

// Both lists name the same stages (a compile-time check both ways).
const sameStages: [StageKey extends LogisticsStage ? true : false, LogisticsStage extends StageKey ? true : false] = [true, true];

describe('shipment status words', () => {
  it('has words for every stage and every parcel category', () => {
    expect(sameStages).toEqual([true, true]);
    expect(Object.keys(logisticsStageText).sort()).toEqual([...logisticsStages].sort());
    expect(Object.keys(parcelCategoryText).sort()).toEqual([...parcelStatuses].sort());
  });

  it('a paid parcel waiting in the warehouse is not "shipping"', () => {
    const f = { parcel_status: 'ship', pack_status: 'paid', mode: 'GROUP', stage: null, pack_date: '2026-12-05' };
    expect(shipmentStatus(f).state).toBe('waiting_packing');
    expect(shipmentText(f, 'en')).toBe('Paid, waiting for packing date 2026-12-05');
    expect(shipmentText(f, 'zh_CN')).toBe('已付款，等待 2026-12-05 打包装柜');
    expect(shipmentText(f, 'zh_CN')).not.toContain('运输中');
    expect(shipmentText({ ...f, pack_date: null }, 'en')).toBe('Paid, waiting for the next packing date');
    expect(parcelCategoryText.ship.en).toBe('Paid');
  });

  it('names the stage on the way, and the pick-up at the end of a group shipment', () => {
    expect(shipmentText({ pack_status: 'shipped', stage: 'in_transit', mode: 'SEA' }, 'en')).toBe('On the way: Ship in transit');
    expect(shipmentText({ pack_status: 'shipped', stage: 'sg_customs', mode: 'GROUP' }, 'zh_CN')).toBe('运输中：新加坡清关');
    expect(shipmentText({ pack_status: 'delivered', mode: 'GROUP' }, 'en')).toBe(
      "Arrived in Singapore, ready for pick-up at your leader's",
    );
    expect(shipmentText({ pack_status: 'delivered', mode: 'SEA' }, 'en')).toBe('Delivered');
    expect(shipmentText({ pack_status: 'received', mode: 'GROUP' }, 'en')).toBe('Collected');
  });

  it('follows a parcel from declaration to payment', () => {
    expect(shipmentStatus({ parcel_status: 'pending' }).state).toBe('declared');
    expect(shipmentStatus({ parcel_status: 'warehouse' }).state).toBe('in_warehouse');
    expect(shipmentStatus({ parcel_status: 'warehouse', pack_status: 'applied', pack_date: '2026-12-01' })).toMatchObject({
      state: 'packing_requested',
      date: '2026-12-01',
    });
    expect(shipmentStatus({ parcel_status: 'unpaid', pack_status: 'packed' }).state).toBe('to_pay');
    expect(shipmentStatus({ parcel_status: 'return' }).state).toBe('returning');
    expect(shipmentStatus({ pack_status: 'cancelled' }).state).toBe('cancelled');
  });
});
