import { describe, expect, it } from 'vitest';
import { estimateGoods, pieceOfWeight } from './goods-estimate.ts';
import { defaultRateCards, volumetricG } from './pricing.ts';

const card = (mode: string) => defaultRateCards.find((c) => c.mode === mode && c.category === 'normal')!;

describe('freight estimates of goods known by weight', () => {
  it('sizes them as dense as the air volumetric rule, never heavier by volume than by weight', () => {
    for (const g of [1, 120, 500, 999, 1700, 6600, 30_000, 99_999]) {
      const p = pieceOfWeight(g);
      expect(volumetricG(p)).toBeLessThanOrEqual(g);
      // One millimetre more a side would be heavier by volume: the cube is as big as the rule allows.
      expect(volumetricG({ ...p, lengthMm: p.lengthMm + 1, widthMm: p.widthMm + 1, heightMm: p.heightMm + 1 })).toBeGreaterThan(g);
    }
  });

  it('charges air by the half kilo of the weight, sea by volume with the minimum charge', () => {
    // Air: 6.6 kg → 7 kg = first half kilo + 13 more.
    const air = estimateGoods(card('AIR'), 6600, '2026-11-29');
    expect(air).toMatchObject({ mode: 'AIR', actualWeightG: 6600, chargeableWeightG: 7000 });
    expect(air.amountMinor).toBe(card('AIR').firstHalfKgMinor + 13 * card('AIR').nextHalfKgMinor);
    // Sea: 1 kg is about 0.006 cbm, one 0.01 cbm step, under the minimum charge.
    expect(estimateGoods(card('SEA'), 1000, '2026-11-29').amountMinor).toBe(card('SEA').minChargeMinor);
    expect(estimateGoods(card('GROUP'), 1000, '2026-11-29').amountMinor).toBe(card('GROUP').minChargeMinor);
  });
});
