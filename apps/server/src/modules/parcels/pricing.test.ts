import { describe, expect, it } from 'vitest';
import { rmbToSgdMinor } from '@pinyou/contract';
import { bandOf, defaultRateCards, isOversizePiece, isSmallPiece, quote, volumetricG, type Piece, type RateCardRates } from './pricing.ts';

const sea: RateCardRates = {
  mode: 'SEA',
  category: 'normal',
  smallPerStepMinor: 250,
  band1PerStepMinor: 200,
  band2PerStepMinor: 180,
  band3PerStepMinor: 160,
  minChargeMinor: 1000,
  firstHalfKgMinor: 0,
  nextHalfKgMinor: 0,
  repackMinor: 500,
  individualClearanceMinor: 3000,
};
const air: RateCardRates = { ...sea, mode: 'AIR', firstHalfKgMinor: 1200, nextHalfKgMinor: 450 };

/** cm and kg → the engine's mm and g. */
const piece = (l: number, w: number, h: number, kg: number): Piece => ({
  lengthMm: Math.round(l * 10),
  widthMm: Math.round(w * 10),
  heightMm: Math.round(h * 10),
  weightG: Math.round(kg * 1000),
});
const base = {
  category: 'normal' as const,
  declaredValueRmbMinor: 0,
  isCut: false,
  individualClearance: false,
  exchangeRate: '5.3200',
  date: '2026-11-29',
};
const seaQuote = (pieces: Piece[], extra: Partial<typeof base> = {}) => quote(sea, { ...base, mode: 'SEA', pieces, ...extra });

describe('small parcel (sum of sides ≤ 180 cm, volume < 0.4 cbm, weight < 30 kg)', () => {
  it.each([
    ['sides sum exactly 180 cm', piece(60, 60, 60, 10), true],
    ['sides sum 180.1 cm', piece(60.1, 60, 60, 10), false],
    ['weight 29.999 kg', piece(40, 40, 40, 29.999), true],
    ['weight exactly 30 kg', piece(40, 40, 40, 30), false],
    ['weight 30.001 kg', piece(40, 40, 40, 30.001), false],
  ])('%s', (_name, p, small) => {
    expect(isSmallPiece(p)).toBe(small);
  });

  it('total volume of exactly 0.4 cbm is no longer small (two 0.2 cbm pieces)', () => {
    const p = piece(50, 50, 80, 5); // 0.2 cbm, sides 180
    expect(isSmallPiece(p)).toBe(true);
    expect(seaQuote([p]).sizeClass).toBe('small');
    expect(seaQuote([p, p]).sizeClass).toBe('band2');
  });

  it('total weight of 30 kg over two small pieces is no longer small', () => {
    expect(seaQuote([piece(30, 30, 30, 15), piece(30, 30, 30, 14.999)]).sizeClass).toBe('small');
    expect(seaQuote([piece(30, 30, 30, 15), piece(30, 30, 30, 15)]).sizeClass).toBe('band1');
  });
});

describe('big parcel bands (< 0.4, 0.4–1, > 1 cbm)', () => {
  it.each([
    [0.399_999_999, 'band1'],
    [0.4, 'band2'],
    [0.7, 'band2'],
    [1.0, 'band2'],
    [1.000_000_001, 'band3'],
  ])('%s cbm → %s', (cbm, band) => {
    expect(bandOf(cbm * 1e9)).toBe(band);
  });

  it('prices a 100×100×100 cm pack (1 cbm) in band 2 and 100×100×100.1 cm in band 3', () => {
    const b2 = seaQuote([piece(100, 100, 100, 80)]);
    expect(b2.sizeClass).toBe('band2');
    expect(b2.billedSteps).toBe(100);
    expect(b2.lines[0].amountMinor).toBe(100 * 180);
    const b3 = seaQuote([piece(100, 100, 100.1, 80)]);
    expect(b3.sizeClass).toBe('band3');
    expect(b3.billedSteps).toBe(101);
    expect(b3.lines[0].amountMinor).toBe(101 * 160);
  });

  it('a pack over 180 cm of sides but under 0.4 cbm is band 1', () => {
    const q = seaQuote([piece(120, 50, 40, 20)]); // 0.24 cbm, sides 210
    expect(q.sizeClass).toBe('band1');
    expect(q.billedSteps).toBe(24);
    expect(q.totalMinor).toBe(24 * 200);
  });
});

describe('volume in steps of 0.01 cbm, minimum charge', () => {
  it.each([
    ['exactly 0.01 cbm', piece(20, 25, 20, 1), 1],
    ['0.0101 cbm rounds up', piece(20, 25, 20.2, 1), 2],
    ['0.001 cbm rounds up to one step', piece(10, 10, 10, 1), 1],
    ['0.05 cbm', piece(50, 40, 25, 3), 5],
  ])('%s', (_n, p, steps) => {
    expect(seaQuote([p]).billedSteps).toBe(steps);
  });

  it('charges the minimum when the volume price is below it, and says so', () => {
    const q = seaQuote([piece(20, 25, 20, 1)]);
    expect(q.lines[0].amountMinor).toBe(1000);
    expect(q.lines[0].detail.en).toContain('minimum charge S$10.00');
    const above = seaQuote([piece(50, 40, 25, 3)]); // 5 steps × 2.50 = 12.50
    expect(above.lines[0].amountMinor).toBe(1250);
    expect(above.lines[0].detail.en).not.toContain('minimum');
  });
});

describe('oversize (piece > 500 kg, a side > 400 cm, two sides > 200 cm): S$280', () => {
  it.each([
    ['500 kg', piece(100, 100, 100, 500), false],
    ['500.001 kg', piece(100, 100, 100, 500.001), true],
    ['a side of 400 cm', piece(400, 50, 50, 50), false],
    ['a side of 400.1 cm', piece(400.1, 50, 50, 50), true],
    ['one side over 200 cm', piece(201, 200, 10, 50), false],
    ['two sides over 200 cm', piece(201, 200.1, 10, 50), true],
  ])('%s', (_n, p, over) => {
    expect(isOversizePiece(p)).toBe(over);
    const q = seaQuote([p]);
    expect(q.oversize).toBe(over);
    expect(q.lines.some((l) => l.code === 'oversize' && l.amountMinor === 28_000)).toBe(over);
  });
});

describe('air: chargeable weight = max(actual, L×W×H/6000) in 0.5 kg steps', () => {
  const airQuote = (pieces: Piece[]) => quote(air, { ...base, mode: 'AIR', pieces });
  it('uses the volumetric weight when larger', () => {
    expect(volumetricG(piece(50, 40, 30, 0))).toBe(10_000);
    const q = airQuote([piece(50, 40, 30, 5)]);
    expect(q.chargeableWeightG).toBe(10_000);
    expect(q.totalMinor).toBe(1200 + 19 * 450);
    expect(q.sizeClass).toBe('air');
  });
  it('uses the actual weight when larger', () => {
    const q = airQuote([piece(10, 10, 10, 2.2)]);
    expect(q.chargeableWeightG).toBe(2500);
    expect(q.totalMinor).toBe(1200 + 4 * 450);
  });
  it.each([
    [0.1, 500, 1200],
    [0.5, 500, 1200],
    [0.501, 1000, 1650],
    [1.0, 1000, 1650],
  ])('%s kg → %s g chargeable, %s cents', (kg, g, cents) => {
    const q = airQuote([piece(10, 10, 10, kg)]);
    expect(q.chargeableWeightG).toBe(g);
    expect(q.totalMinor).toBe(cents);
  });
  it('takes max per piece, then sums', () => {
    // piece A: volumetric 10 kg > 1 kg; piece B: actual 8 kg > volumetric 0.17 kg
    const q = airQuote([piece(50, 40, 30, 1), piece(10, 10, 10, 8)]);
    expect(q.chargeableWeightG).toBe(18_000);
  });
});

describe('services and GST', () => {
  it('adds special clearance S$50 for special goods, repacking and individual clearance when chosen', () => {
    const q = quote(sea, {
      ...base,
      mode: 'SEA',
      category: 'special',
      pieces: [piece(50, 40, 25, 3)],
      isCut: true,
      individualClearance: true,
    });
    expect(q.lines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['sea_freight', 1250],
      ['special_clearance', 5000],
      ['repack', 500],
      ['individual_clearance', 3000],
    ]);
    expect(q.totalMinor).toBe(1250 + 5000 + 500 + 3000);
  });

  it('charges 9% GST on goods + freight by sea (no relief), as its own line of the total', () => {
    expect(rmbToSgdMinor(53_200, '5.3200')).toBe(10_000);
    expect(rmbToSgdMinor(100, '5.32')).toBe(19); // ¥1 = S$0.188 → 0.19
    const q = seaQuote([piece(50, 40, 25, 3)], { declaredValueRmbMinor: 53_200 });
    const freight = q.lines[0].amountMinor;
    const gst = Math.round(((10_000 + freight) * 9) / 100);
    expect(q.gst).toMatchObject({
      declaredValueSgdMinor: 10_000,
      ratePercent: 9,
      estimateMinor: gst,
      cifMinor: 10_000 + freight,
      basis: 'sea_no_relief',
    });
    expect(q.lines.at(-1)).toMatchObject({ code: 'gst', amountMinor: gst });
    expect(q.totalMinor).toBe(freight + gst);
  });

  it('charges no GST by air within the S$400 relief, and GST on the whole CIF above it', () => {
    const air: RateCardRates = { ...sea, mode: 'AIR', firstHalfKgMinor: 1200, nextHalfKgMinor: 450 };
    const small = quote(air, { ...base, mode: 'AIR', pieces: [piece(20, 20, 20, 1)], declaredValueRmbMinor: 53_200 });
    expect(small.gst.basis).toBe('air_relief');
    expect(small.lines.some((l) => l.code === 'gst')).toBe(false);
    const big = quote(air, { ...base, mode: 'AIR', pieces: [piece(20, 20, 20, 1)], declaredValueRmbMinor: 532_000 });
    expect(big.gst.basis).toBe('air_over_relief');
    expect(big.gst.estimateMinor).toBe(Math.round(((100_000 + big.lines[0].amountMinor) * 9) / 100));
    // The same goods already taxed at purchase are not taxed again by air.
    const paid = quote(air, {
      ...base,
      mode: 'AIR',
      pieces: [piece(20, 20, 20, 1)],
      declaredValueRmbMinor: 532_000,
      gstPaidValueRmbMinor: 532_000,
    });
    expect(paid.gst.basis).toBe('air_relief');
  });

  it('explains every line in both languages', () => {
    const q = seaQuote([piece(120, 50, 40, 20)]);
    expect(q.lines[0].detail.en).toBe('0.24 cbm (big parcel under 0.4 cbm) × S$2.00 per 0.01 cbm');
    expect(q.lines[0].detail.zh_CN).toContain('0.24 方');
    expect(q.rateText.en).toBe('S$2.00 per 0.01 cbm (big parcel under 0.4 cbm)');
  });

  it('refuses a quote without pieces', () => {
    expect(() => seaQuote([])).toThrow();
  });

  it('default cards exist for sea, group and air and are internally consistent', () => {
    for (const c of defaultRateCards.filter((c) => c.mode !== 'AIR')) {
      expect(c.band1PerStepMinor).toBeGreaterThanOrEqual(c.band2PerStepMinor);
      expect(c.band2PerStepMinor).toBeGreaterThanOrEqual(c.band3PerStepMinor);
    }
    expect(defaultRateCards.some((c) => c.mode === 'AIR' && c.firstHalfKgMinor > 0)).toBe(true);
  });
});

describe('group batch unit price (issue 9)', () => {
  const group: RateCardRates = { ...sea, mode: 'GROUP', minChargeMinor: 500 };
  const groupQuote = (pieces: Piece[], unitPriceMinor: number | null, extra: Partial<typeof base> = {}) =>
    quote(group, {
      ...base,
      mode: 'GROUP',
      pieces,
      batchRate: unitPriceMinor === null ? null : { unitPriceMinor, batchNo: 'G2612010001' },
      ...extra,
    });

  it('bills the volume, rounded up to 0.001 cbm, at the price per cbm, half a cent up', () => {
    const q = groupQuote([piece(50, 50, 49.2, 10)], 10_000);
    expect(q.lines).toEqual([
      {
        code: 'group_batch_freight',
        label: { en: 'Group batch freight', zh_CN: '拼邮批次运费' },
        detail: { en: 'Group batch rate S$100.00/cbm × 0.123 cbm', zh_CN: '拼邮批次单价 S$100.00/方 × 0.123 方' },
        amountMinor: 1230,
      },
    ]);
    expect(q.rateText.en).toBe('Group batch G2612010001 rate S$100.00/cbm');
    // 0.12325 cbm counts as 0.124; S$85.55 × 0.124 = S$10.6082 → S$10.61.
    expect(groupQuote([piece(50, 50, 49.3, 10)], 8555).totalMinor).toBe(1061);
    // Without a batch price the card applies, as before.
    expect(groupQuote([piece(50, 50, 49.2, 10)], null).lines[0].code).toBe('group_freight');
  });

  it('keeps the card minimum, the surcharges and the GST', () => {
    const tiny = groupQuote([piece(10, 10, 10, 1)], 10_000);
    expect(tiny.totalMinor).toBe(500);
    expect(tiny.lines[0].detail.en).toBe('Group batch rate S$100.00/cbm × 0.001 cbm, minimum charge S$5.00');
    const q = groupQuote([piece(50, 50, 49.2, 10)], 10_000, { isCut: true, individualClearance: true, declaredValueRmbMinor: 53_200 });
    expect(q.lines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['group_batch_freight', 1230],
      ['repack', 500],
      ['individual_clearance', 3000],
      ['gst', Math.round(((10_000 + 1230 + 500 + 3000) * 9) / 100)],
    ]);
    // ¥532 at 5.32 is S$100; by sea GST is on goods + freight.
    expect(q.gst.cifMinor).toBe(10_000 + 1230 + 500 + 3000);
  });

  it('is only for GROUP: a sea quote ignores a batch price', () => {
    expect(seaQuote([piece(50, 50, 49.2, 10)], { batchRate: { unitPriceMinor: 1, batchNo: 'X' } } as never).lines[0].code).toBe(
      'sea_freight',
    );
  });
});
