/**
 * Freight estimates for goods that have a weight but no measured size yet (mall goods at checkout):
 * the one pricing engine (`quote`) prices them as one piece built from the weight, so the rates are the
 * staff's rate cards and never a copy.
 */
import { AIR_VOLUMETRIC_DIVISOR, quote, type Category, type Mode, type Piece, type QuoteResult, type RateCardRates } from './pricing.ts';

/** A goods line with no weight counts this much per item (grams). */
export const DEFAULT_ITEM_WEIGHT_G = 500;

/**
 * The size assumed for goods known only by weight: a cube as dense as the air volumetric rule
 * (L×W×H / 6000 in cm, i.e. about 167 kg per cbm), its side rounded down to the millimetre so its
 * volumetric weight never exceeds its actual weight.
 */
export function pieceOfWeight(weightG: number): Piece {
  const side = Math.max(1, Math.floor(Math.cbrt(weightG * AIR_VOLUMETRIC_DIVISOR) + 1e-9));
  return { weightG, lengthMm: side, widthMm: side, heightMm: side };
}

/** The freight part of a quote (without GST: that depends on the declared value, charged with the pack's bill). */
export const freightMinorOf = (r: QuoteResult) => r.lines.filter((l) => l.code !== 'gst').reduce((a, l) => a + l.amountMinor, 0);

export interface GoodsEstimate {
  mode: Mode;
  category: Category;
  amountMinor: number;
  actualWeightG: number;
  chargeableWeightG: number;
}

/** Prices `weightG` of goods with `card` as one piece; `date` is the Singapore date (for the engine's GST part, left out). */
export function estimateGoods(card: RateCardRates, weightG: number, date: string): GoodsEstimate {
  const r = quote(card, {
    mode: card.mode,
    category: card.category,
    pieces: [pieceOfWeight(Math.max(1, weightG))],
    declaredValueRmbMinor: 0,
    date,
    isCut: false,
    individualClearance: false,
    exchangeRate: '1',
  });
  return {
    mode: r.mode,
    category: r.category,
    amountMinor: freightMinorOf(r),
    actualWeightG: r.actualWeightG,
    chargeableWeightG: r.chargeableWeightG,
  };
}
