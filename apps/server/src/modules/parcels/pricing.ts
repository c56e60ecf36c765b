/**
 * The one freight pricing engine (spec §9): the calculator and the pack bills both use it.
 * Pure: no database, no clock. Money is integer SGD cents; sizes are integer millimetres and grams
 * so every boundary comparison is exact.
 */
import {
  gstBasisText,
  formatMoney,
  gstFor,
  insuranceFor,
  parcelSize,
  rateTenThousandths,
  rmbToSgdMinor,
  type GstBasis,
  type GstRate,
  type InsuranceTerms,
} from '@pinyou/contract';

export type Mode = 'GROUP' | 'SEA' | 'AIR';
export type Category = 'normal' | 'sensitive' | 'special';
type Text = { en: string; zh_CN: string };

export interface RateCardRates {
  mode: Mode;
  category: Category;
  /** Sea and group: SGD cents per 0.01 cbm. */
  smallPerStepMinor: number;
  band1PerStepMinor: number;
  band2PerStepMinor: number;
  band3PerStepMinor: number;
  minChargeMinor: number;
  /** Air: SGD cents for the first 0.5 kg and each further 0.5 kg. */
  firstHalfKgMinor: number;
  nextHalfKgMinor: number;
  repackMinor: number;
  individualClearanceMinor: number;
}

export interface Piece {
  weightG: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

export interface QuoteInput {
  mode: Mode;
  category: Category;
  pieces: Piece[];
  /** Declared goods value in RMB fen (GST is charged on it with the freight). */
  declaredValueRmbMinor: number;
  /** The part of it already charged GST at purchase, RMB fen. */
  gstPaidValueRmbMinor?: number;
  /** Singapore date of the shipment (YYYY-MM-DD): the GST rate of that day applies. */
  date: string;
  gstRates?: GstRate[];
  /** Insure the goods (premium on the declared value); part of the CIF value GST is charged on. */
  insured?: boolean;
  /** The current terms (a setting); required to price an insured pack afresh. */
  insuranceTerms?: InsuranceTerms;
  /** The premium and cover a pack was insured at: a re-price keeps them whatever the terms are now. */
  insuranceKept?: { coverMinor: number; premiumMinor: number } | null;
  isCut: boolean;
  individualClearance: boolean;
  /** RMB per 1 SGD, e.g. "5.3200". */
  exchangeRate: string;
  /** GROUP only: the pack's group batch has a unit price (issue 9), which replaces the card's per-step rates. */
  batchRate?: GroupBatchRate | null;
}

/** A group batch's price per cbm, set by staff when they plan the batch. */
export interface GroupBatchRate {
  unitPriceMinor: number;
  batchNo: string;
}

export interface QuoteLine {
  code: string;
  label: Text;
  detail: Text;
  amountMinor: number;
}

export type SizeClass = 'small' | 'band1' | 'band2' | 'band3' | 'air';

export interface QuoteResult {
  mode: Mode;
  category: Category;
  sizeClass: SizeClass;
  volumeMm3: number;
  /** Volume rounded up to 0.01 cbm steps. */
  billedSteps: number;
  actualWeightG: number;
  /** Air: max(actual, volumetric) per piece, summed, rounded up to 0.5 kg. */
  chargeableWeightG: number;
  oversize: boolean;
  rateText: Text;
  lines: QuoteLine[];
  totalMinor: number;
  /** SGD cents; null when not insured. */
  insurance: { coverMinor: number; premiumMinor: number } | null;
  /** The RMB-per-SGD rate the goods value was converted at. */
  exchangeRate: string;
  gst: {
    declaredValueRmbMinor: number;
    declaredValueSgdMinor: number;
    ratePercent: number;
    /** GST charged, also a line of `lines` when above zero. */
    estimateMinor: number;
    cifMinor: number;
    basis: GstBasis;
    paidTwiceMinor: number;
  };
}

export const AIR_VOLUMETRIC_DIVISOR = 6000;
const MM3_PER_CBM = 1_000_000_000;
const MM3_PER_STEP = 10_000_000; // 0.01 cbm
const MM3_PER_LITRE = 1_000_000; // 0.001 cbm
const HALF_KG_G = 500;

export const cbmText = (mm3: number) => (mm3 / MM3_PER_CBM).toFixed(3);
export const stepsText = (steps: number) => (steps / 100).toFixed(2);
export const kgText = (g: number) => (g / 1000).toFixed(g % 10 === 0 ? 2 : 3);
/** An SGD amount in a quote's words, by the contract's one formatter. */
export const sgdText = (minor: number) => formatMoney(minor, 'SGD');
const litresText = (litres: number) => (litres / 1000).toFixed(3);

export const pieceVolumeMm3 = (p: Piece) => p.lengthMm * p.widthMm * p.heightMm;

/** Small parcel (spec §9): sides sum ≤ 180 cm, volume < 0.4 cbm, weight < 30 kg. */
export function isSmallPiece(p: Piece): boolean {
  return (
    p.lengthMm + p.widthMm + p.heightMm <= parcelSize.smallMaxSumOfSidesCm * 10 &&
    pieceVolumeMm3(p) < parcelSize.smallMaxVolumeCbm * MM3_PER_CBM &&
    p.weightG < parcelSize.smallMaxWeightKg * 1000
  );
}

/** Oversize (spec §9): a piece over 500 kg, a side over 400 cm, or two sides over 200 cm. */
export function isOversizePiece(p: Piece): boolean {
  const sides = [p.lengthMm, p.widthMm, p.heightMm];
  return (
    p.weightG > parcelSize.oversizePieceKg * 1000 ||
    sides.some((s) => s > parcelSize.oversizeSideCm * 10) ||
    sides.filter((s) => s > parcelSize.oversizeTwoSidesCm * 10).length >= 2
  );
}

/** Big-parcel band by total volume: < 0.4, 0.4–1 (inclusive), > 1 cbm. */
export function bandOf(volumeMm3: number): 'band1' | 'band2' | 'band3' {
  const [b1, b2] = parcelSize.bigBandsCbm;
  if (volumeMm3 < b1 * MM3_PER_CBM) return 'band1';
  if (volumeMm3 <= b2 * MM3_PER_CBM) return 'band2';
  return 'band3';
}

/** Sea and group: a small parcel when every piece and the whole are small, else the band of the volume. */
function seaSizeClass(pieces: Piece[], volumeMm3: number, actualWeightG: number): Exclude<SizeClass, 'air'> {
  const small =
    pieces.every(isSmallPiece) &&
    volumeMm3 < parcelSize.smallMaxVolumeCbm * MM3_PER_CBM &&
    actualWeightG < parcelSize.smallMaxWeightKg * 1000;
  return small ? 'small' : bandOf(volumeMm3);
}

/** Volumetric grams of a piece for air: L×W×H in cm³ / 6000 gives kg, so mm³ / 6000 gives grams. */
export const volumetricG = (p: Piece) => Math.ceil(pieceVolumeMm3(p) / AIR_VOLUMETRIC_DIVISOR);

/** RMB fen → SGD cents by the contract's one conversion; a pack priced before it had a rate ("0") converts to 0. */
export function toSgdMinor(rmbMinor: number, rate: string): number {
  return rateTenThousandths(rate) === null ? 0 : rmbToSgdMinor(rmbMinor, rate);
}

const bandText: Record<SizeClass, Text> = {
  small: { en: 'small parcel', zh_CN: '小件' },
  band1: { en: 'big parcel under 0.4 cbm', zh_CN: '大件（0.4方以下）' },
  band2: { en: 'big parcel 0.4–1 cbm', zh_CN: '大件（0.4–1方）' },
  band3: { en: 'big parcel over 1 cbm', zh_CN: '大件（1方以上）' },
  air: { en: 'air', zh_CN: '空运' },
};
const modeText: Record<Mode, Text> = {
  SEA: { en: 'Sea freight', zh_CN: '海运运费' },
  GROUP: { en: 'Group sea freight', zh_CN: '拼邮海运运费' },
  AIR: { en: 'Air freight', zh_CN: '空运运费' },
};

export function quote(card: RateCardRates, input: QuoteInput): QuoteResult {
  if (input.pieces.length === 0) throw new Error('a quote needs at least one piece');
  const volumeMm3 = input.pieces.reduce((s, p) => s + pieceVolumeMm3(p), 0);
  const actualWeightG = input.pieces.reduce((s, p) => s + p.weightG, 0);
  const billedSteps = Math.ceil(volumeMm3 / MM3_PER_STEP);
  const oversize = input.pieces.some(isOversizePiece);
  const lines: QuoteLine[] = [];
  let sizeClass: SizeClass;
  let chargeableWeightG = actualWeightG;
  let rateText: Text;

  if (input.mode === 'AIR') {
    sizeClass = 'air';
    const raw = input.pieces.reduce((s, p) => s + Math.max(p.weightG, volumetricG(p)), 0);
    const halves = Math.max(1, Math.ceil(raw / HALF_KG_G));
    chargeableWeightG = halves * HALF_KG_G;
    const amount = card.firstHalfKgMinor + (halves - 1) * card.nextHalfKgMinor;
    rateText = {
      en: `${sgdText(card.firstHalfKgMinor)} first 0.5 kg, ${sgdText(card.nextHalfKgMinor)} each further 0.5 kg`,
      zh_CN: `首0.5公斤 ${sgdText(card.firstHalfKgMinor)}，续0.5公斤 ${sgdText(card.nextHalfKgMinor)}`,
    };
    lines.push({
      code: 'air_freight',
      label: modeText.AIR,
      detail: {
        en: `chargeable ${kgText(chargeableWeightG)} kg = max(actual ${kgText(actualWeightG)} kg, L×W×H/${AIR_VOLUMETRIC_DIVISOR}) per piece, in 0.5 kg steps: ${sgdText(card.firstHalfKgMinor)} + ${halves - 1} × ${sgdText(card.nextHalfKgMinor)}`,
        zh_CN: `计费重 ${kgText(chargeableWeightG)} 公斤 = 每件取实重与体积重（长×宽×高/${AIR_VOLUMETRIC_DIVISOR}）较大者，按0.5公斤进位：${sgdText(card.firstHalfKgMinor)} + ${halves - 1} × ${sgdText(card.nextHalfKgMinor)}`,
      },
      amountMinor: amount,
    });
  } else if (input.mode === 'GROUP' && input.batchRate) {
    // A member pays their share of the batch: its volume (rounded up to the litre, 0.001 cbm, so the
    // line's arithmetic is exact) at the batch's price per cbm, half a cent up. The card's minimum
    // charge still applies per pack, as it does for every GROUP pack.
    const { unitPriceMinor, batchNo } = input.batchRate;
    sizeClass = seaSizeClass(input.pieces, volumeMm3, actualWeightG);
    const litres = Math.ceil(volumeMm3 / MM3_PER_LITRE);
    const byVolume = Number((BigInt(litres) * BigInt(unitPriceMinor) * 2n + 1000n) / 2000n);
    const amount = Math.max(byVolume, card.minChargeMinor);
    rateText = {
      en: `Group batch ${batchNo} rate ${sgdText(unitPriceMinor)}/cbm`,
      zh_CN: `拼邮批次 ${batchNo} 单价 ${sgdText(unitPriceMinor)}/方`,
    };
    const minNote =
      amount > byVolume
        ? { en: `, minimum charge ${sgdText(card.minChargeMinor)}`, zh_CN: `，最低收费 ${sgdText(card.minChargeMinor)}` }
        : { en: '', zh_CN: '' };
    lines.push({
      code: 'group_batch_freight',
      label: { en: 'Group batch freight', zh_CN: '拼邮批次运费' },
      detail: {
        en: `Group batch rate ${sgdText(unitPriceMinor)}/cbm × ${litresText(litres)} cbm${minNote.en}`,
        zh_CN: `拼邮批次单价 ${sgdText(unitPriceMinor)}/方 × ${litresText(litres)} 方${minNote.zh_CN}`,
      },
      amountMinor: amount,
    });
  } else {
    const seaClass = seaSizeClass(input.pieces, volumeMm3, actualWeightG);
    sizeClass = seaClass;
    const perStep = {
      small: card.smallPerStepMinor,
      band1: card.band1PerStepMinor,
      band2: card.band2PerStepMinor,
      band3: card.band3PerStepMinor,
    }[seaClass];
    const byVolume = billedSteps * perStep;
    const amount = Math.max(byVolume, card.minChargeMinor);
    rateText = {
      en: `${sgdText(perStep)} per 0.01 cbm (${bandText[sizeClass].en})`,
      zh_CN: `每0.01方 ${sgdText(perStep)}（${bandText[sizeClass].zh_CN}）`,
    };
    const minNote =
      amount > byVolume
        ? { en: `, minimum charge ${sgdText(card.minChargeMinor)}`, zh_CN: `，最低收费 ${sgdText(card.minChargeMinor)}` }
        : { en: '', zh_CN: '' };
    lines.push({
      code: input.mode === 'GROUP' ? 'group_freight' : 'sea_freight',
      label: modeText[input.mode],
      detail: {
        en: `${stepsText(billedSteps)} cbm (${bandText[sizeClass].en}) × ${sgdText(perStep)} per 0.01 cbm${minNote.en}`,
        zh_CN: `${stepsText(billedSteps)} 方（${bandText[sizeClass].zh_CN}）× 每0.01方 ${sgdText(perStep)}${minNote.zh_CN}`,
      },
      amountMinor: amount,
    });
  }

  if (oversize) {
    lines.push({
      code: 'oversize',
      label: { en: 'Oversize surcharge', zh_CN: '超大超重附加费' },
      detail: {
        en: 'a piece over 500 kg, a side over 400 cm, or two sides over 200 cm: per car',
        zh_CN: '单件超500公斤、单边超400厘米或两边超200厘米：每车',
      },
      amountMinor: parcelSize.oversizeSurchargeSgdMinor,
    });
  }
  if (input.category === 'special') {
    lines.push({
      code: 'special_clearance',
      label: { en: 'Special clearance service', zh_CN: '特殊清关服务费' },
      detail: { en: 'special goods', zh_CN: '特殊货物' },
      amountMinor: parcelSize.specialClearanceSgdMinor,
    });
  }
  if (input.isCut && card.repackMinor > 0) {
    lines.push({
      code: 'repack',
      label: { en: 'Repacking / compression', zh_CN: '重新打包/压缩' },
      detail: { en: 'per pack', zh_CN: '每包' },
      amountMinor: card.repackMinor,
    });
  }
  if (input.individualClearance && card.individualClearanceMinor > 0) {
    lines.push({
      code: 'individual_clearance',
      label: { en: 'Individual clearance', zh_CN: '单独清关' },
      detail: { en: 'per pack', zh_CN: '每包' },
      amountMinor: card.individualClearanceMinor,
    });
  }

  const declaredValueSgdMinor = toSgdMinor(input.declaredValueRmbMinor, input.exchangeRate);
  const freightMinor = lines.reduce((s, l) => s + l.amountMinor, 0);
  const insurance = input.insured ? (input.insuranceKept ?? insuranceFor(declaredValueSgdMinor, termsOf(input))) : null;
  if (insurance) {
    lines.push({
      code: 'insurance',
      label: { en: 'Insurance', zh_CN: '保险' },
      detail: { en: `cover up to ${sgdText(insurance.coverMinor)}`, zh_CN: `最高赔付 ${sgdText(insurance.coverMinor)}` },
      amountMinor: insurance.premiumMinor,
    });
  }
  const gst = gstFor({
    mode: input.mode,
    goodsMinor: declaredValueSgdMinor,
    gstPaidGoodsMinor: toSgdMinor(input.gstPaidValueRmbMinor ?? 0, input.exchangeRate),
    freightMinor,
    insuranceMinor: insurance?.premiumMinor ?? 0,
    date: input.date,
    rates: input.gstRates,
  });
  if (gst.amountMinor > 0) {
    lines.push({
      code: 'gst',
      label: { en: `GST ${gst.ratePercent}%`, zh_CN: `消费税 ${gst.ratePercent}%` },
      detail: {
        en: `${gstBasisText[gst.basis].en}: ${gst.ratePercent}% × ${sgdText(gst.taxableMinor)}`,
        zh_CN: `${gstBasisText[gst.basis].zh_CN}：${gst.ratePercent}% × ${sgdText(gst.taxableMinor)}`,
      },
      amountMinor: gst.amountMinor,
    });
  }
  return {
    mode: input.mode,
    category: input.category,
    sizeClass,
    volumeMm3,
    billedSteps,
    actualWeightG,
    chargeableWeightG,
    oversize,
    rateText,
    lines,
    totalMinor: lines.reduce((s, l) => s + l.amountMinor, 0),
    exchangeRate: input.exchangeRate,
    insurance,
    gst: {
      declaredValueRmbMinor: input.declaredValueRmbMinor,
      declaredValueSgdMinor,
      ratePercent: gst.ratePercent,
      estimateMinor: gst.amountMinor,
      cifMinor: gst.cifMinor,
      basis: gst.basis,
      paidTwiceMinor: gst.paidTwiceMinor,
    },
  };
}

/** Market-like defaults a fresh installation starts with (SGD cents); staff edit them in the console. */
export const defaultRateCards: RateCardRates[] = [
  {
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
  },
  {
    mode: 'SEA',
    category: 'sensitive',
    smallPerStepMinor: 300,
    band1PerStepMinor: 250,
    band2PerStepMinor: 230,
    band3PerStepMinor: 210,
    minChargeMinor: 1500,
    firstHalfKgMinor: 0,
    nextHalfKgMinor: 0,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
  {
    mode: 'SEA',
    category: 'special',
    smallPerStepMinor: 350,
    band1PerStepMinor: 300,
    band2PerStepMinor: 280,
    band3PerStepMinor: 260,
    minChargeMinor: 2000,
    firstHalfKgMinor: 0,
    nextHalfKgMinor: 0,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
  {
    mode: 'GROUP',
    category: 'normal',
    smallPerStepMinor: 200,
    band1PerStepMinor: 170,
    band2PerStepMinor: 150,
    band3PerStepMinor: 130,
    minChargeMinor: 500,
    firstHalfKgMinor: 0,
    nextHalfKgMinor: 0,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
  {
    mode: 'GROUP',
    category: 'sensitive',
    smallPerStepMinor: 250,
    band1PerStepMinor: 220,
    band2PerStepMinor: 200,
    band3PerStepMinor: 180,
    minChargeMinor: 800,
    firstHalfKgMinor: 0,
    nextHalfKgMinor: 0,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
  {
    mode: 'AIR',
    category: 'normal',
    smallPerStepMinor: 0,
    band1PerStepMinor: 0,
    band2PerStepMinor: 0,
    band3PerStepMinor: 0,
    minChargeMinor: 0,
    firstHalfKgMinor: 1200,
    nextHalfKgMinor: 450,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
  {
    mode: 'AIR',
    category: 'sensitive',
    smallPerStepMinor: 0,
    band1PerStepMinor: 0,
    band2PerStepMinor: 0,
    band3PerStepMinor: 0,
    minChargeMinor: 0,
    firstHalfKgMinor: 1500,
    nextHalfKgMinor: 600,
    repackMinor: 500,
    individualClearanceMinor: 3000,
  },
];

function termsOf(input: QuoteInput): InsuranceTerms {
  // The terms are a setting: pricing an insured pack without them would quietly use stale ones.
  if (!input.insuranceTerms) throw new Error('insured quote without insurance terms');
  return input.insuranceTerms;
}
