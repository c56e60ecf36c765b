import { describe, expect, it } from 'vitest';
import { GST_AIR_RELIEF_SGD_MINOR, gstFor, gstRateOn } from './parcels.gst.ts';

const base = { goodsMinor: 30_000, gstPaidGoodsMinor: 0, freightMinor: 2_000, insuranceMinor: 0, date: '2026-11-29' };

describe('Singapore GST on a shipment', () => {
  it('sea: no S$400 relief, GST on goods + freight + insurance', () => {
    const r = gstFor({ ...base, mode: 'SEA', insuranceMinor: 300 });
    expect(r).toMatchObject({ cifMinor: 32_300, taxableMinor: 32_300, ratePercent: 9, basis: 'sea_no_relief', amountMinor: 2907 });
    expect(gstFor({ ...base, mode: 'GROUP' }).amountMinor).toBe(2880);
  });

  it('sea: goods already taxed at purchase are taxed again, and the double part is reported for a refund', () => {
    const r = gstFor({ ...base, mode: 'SEA', gstPaidGoodsMinor: 10_000 });
    expect(r.amountMinor).toBe(2880);
    expect(r.paidTwiceMinor).toBe(900);
  });

  it('air: no GST at or under S$400 CIF, GST on the whole CIF over it', () => {
    expect(gstFor({ ...base, mode: 'AIR', goodsMinor: 38_000, freightMinor: 2_000 })).toMatchObject({
      basis: 'air_relief',
      amountMinor: 0,
    });
    expect(38_000 + 2_000).toBe(GST_AIR_RELIEF_SGD_MINOR);
    const over = gstFor({ ...base, mode: 'AIR', goodsMinor: 38_001, freightMinor: 2_000 });
    expect(over).toMatchObject({ basis: 'air_over_relief', taxableMinor: 40_001, amountMinor: 3600 });
  });

  it('air: goods taxed at purchase neither count towards S$400 nor are taxed again', () => {
    const r = gstFor({ ...base, mode: 'AIR', goodsMinor: 60_000, gstPaidGoodsMinor: 30_000 });
    expect(r).toMatchObject({ basis: 'air_relief', amountMinor: 0 });
    const r2 = gstFor({ ...base, mode: 'AIR', goodsMinor: 80_000, gstPaidGoodsMinor: 30_000 });
    expect(r2).toMatchObject({ basis: 'air_over_relief', taxableMinor: 52_000, amountMinor: 4680 });
  });

  it('applies the rate in force on the shipment date', () => {
    expect(gstRateOn('2023-12-31')).toBe(8);
    expect(gstRateOn('2024-01-01')).toBe(9);
    const rates = [
      { from: '2024-01-01', percent: 9 },
      { from: '2027-01-01', percent: 10 },
    ];
    expect(gstFor({ ...base, mode: 'SEA', date: '2026-12-31', rates }).amountMinor).toBe(2880);
    expect(gstFor({ ...base, mode: 'SEA', date: '2027-01-01', rates }).amountMinor).toBe(3200);
  });

  it('charges nothing without a declared value', () => {
    expect(gstFor({ ...base, mode: 'SEA', goodsMinor: 0 })).toMatchObject({ basis: 'nothing_to_tax', amountMinor: 0 });
  });
});
