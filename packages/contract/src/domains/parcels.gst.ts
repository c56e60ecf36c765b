/**
 * Singapore GST on imported goods, as Singapore Customs and IRAS apply it to a consolidated shipment.
 * One rule for the freight calculator, the pack's bill and the invoice, on the web and on the server.
 *
 * - GST is charged on the CIF value: goods + freight + insurance, in SGD.
 * - Sea (and group sea) shipments have no import relief: GST on the whole CIF value.
 * - Air shipments get the import relief per shipment: no GST when the CIF value is at most S$400.
 *   Goods the customer already paid GST on at purchase (a GST-registered overseas vendor, low-value goods
 *   rules) are not taxed again by air and do not count towards the S$400.
 * - The rate is a dated setting: the rate of the shipment's date applies.
 */

export interface GstRate {
  /** First day (Singapore date, YYYY-MM-DD) on which the rate applies. */
  from: string;
  /** Percent, e.g. 9. */
  percent: number;
}

/** Singapore's rates since 2023; staff add a new dated entry when the rate changes. */
export const defaultGstRates: GstRate[] = [
  { from: '2023-01-01', percent: 8 },
  { from: '2024-01-01', percent: 9 },
];

/** The import relief for goods brought in by air (and post): S$400 CIF per shipment, in SGD cents. */
export const GST_AIR_RELIEF_SGD_MINOR = 40_000;

export type GstMode = 'SEA' | 'GROUP' | 'AIR';

export interface GstInput {
  mode: GstMode;
  /** Every item's value, SGD cents. */
  goodsMinor: number;
  /** The part of `goodsMinor` already charged GST at purchase (the customer declared the seller's GST number). */
  gstPaidGoodsMinor: number;
  /** Freight to Singapore, SGD cents (the pack's freight lines before GST). */
  freightMinor: number;
  /** Insurance premium, SGD cents. */
  insuranceMinor: number;
  /** Singapore date of the shipment, YYYY-MM-DD. */
  date: string;
  rates?: GstRate[];
}

export type GstBasis = 'sea_no_relief' | 'air_relief' | 'air_over_relief' | 'nothing_to_tax';

export interface GstResult {
  /** goods + freight + insurance. */
  cifMinor: number;
  /** What the rate is applied to (0 under the relief). */
  taxableMinor: number;
  ratePercent: number;
  basis: GstBasis;
  /** GST to charge, SGD cents, rounded half up. */
  amountMinor: number;
  /** Sea: GST charged again on goods already taxed at purchase (the customer may ask for a refund of it). */
  paidTwiceMinor: number;
}

/** The rate in force on `date` (YYYY-MM-DD); the earliest entry's rate before every entry. */
export function gstRateOn(date: string, rates: GstRate[] = defaultGstRates): number {
  const sorted = [...rates].sort((a, b) => a.from.localeCompare(b.from));
  if (!sorted.length) return 0;
  let percent = sorted[0].percent;
  for (const r of sorted) if (r.from <= date) percent = r.percent;
  return percent;
}

/** Percent of an amount in cents, half up; percent may carry up to two decimals. */
const percentOf = (minor: number, percent: number) => {
  const p100 = Math.round(percent * 100);
  return Math.floor((minor * p100 * 2 + 10_000) / 20_000);
};

export function gstFor(input: GstInput): GstResult {
  const goods = Math.max(0, Math.trunc(input.goodsMinor));
  const paid = Math.min(goods, Math.max(0, Math.trunc(input.gstPaidGoodsMinor)));
  const freight = Math.max(0, Math.trunc(input.freightMinor));
  const insurance = Math.max(0, Math.trunc(input.insuranceMinor));
  const cif = goods + freight + insurance;
  const ratePercent = gstRateOn(input.date, input.rates);
  if (goods === 0) return { cifMinor: cif, taxableMinor: 0, ratePercent, basis: 'nothing_to_tax', amountMinor: 0, paidTwiceMinor: 0 };
  if (input.mode !== 'AIR') {
    return {
      cifMinor: cif,
      taxableMinor: cif,
      ratePercent,
      basis: 'sea_no_relief',
      amountMinor: percentOf(cif, ratePercent),
      paidTwiceMinor: percentOf(paid, ratePercent),
    };
  }
  const taxable = cif - paid;
  if (taxable <= GST_AIR_RELIEF_SGD_MINOR)
    return { cifMinor: cif, taxableMinor: 0, ratePercent, basis: 'air_relief', amountMinor: 0, paidTwiceMinor: 0 };
  return {
    cifMinor: cif,
    taxableMinor: taxable,
    ratePercent,
    basis: 'air_over_relief',
    amountMinor: percentOf(taxable, ratePercent),
    paidTwiceMinor: 0,
  };
}

/** A GST registration number as IRAS issues them (e.g. M90312345A, 200312345A) or an overseas vendor's (e.g. M9-0012345-6). */
export const GST_NUMBER_PATTERN = /^(?:[A-Z]\d{8}[A-Z]|\d{9}[A-Z]|M\d-\d{7}-\d|M9\d{7}[A-Z])$/;

/** How the basis reads on a bill, calculator and invoice. */
export const gstBasisText: Record<GstBasis, { en: string; zh_CN: string }> = {
  sea_no_relief: {
    en: 'Sea shipments have no S$400 relief: GST on goods + freight + insurance',
    zh_CN: '海运无400新元免税额：按货值+运费+保险计税',
  },
  air_relief: {
    en: 'Air shipment within the S$400 import relief: no GST',
    zh_CN: '空运货值在400新元免税额内：免消费税',
  },
  air_over_relief: {
    en: 'Air shipment over S$400: GST on goods + freight + insurance (goods taxed at purchase excluded)',
    zh_CN: '空运超过400新元：按货值+运费+保险计税（购买时已缴消费税的商品除外）',
  },
  nothing_to_tax: { en: 'No declared goods value', zh_CN: '未申报货值' },
};
