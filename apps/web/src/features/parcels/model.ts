import {
  patterns,
  parseAmountToMinor,
  amountRuleBroken,
  carrierOf,
  type GoodsCategory,
  type LogisticsStage,
  type PackStatus,
  type ParcelStatus,
  type ShippingMode,
} from '@pinyou/contract';

/*
 * The vocabulary lists again as plain data: the contract's copies sit next to its zod schemas, which the
 * web build must not load. `satisfies` keeps them in step with the contract's types.
 */
export const parcelTabs = ['pending', 'warehouse', 'unpaid', 'ship', 'received', 'return'] as const satisfies readonly ParcelStatus[];
export const modes = ['GROUP', 'SEA', 'AIR'] as const satisfies readonly ShippingMode[];
export const categories = ['normal', 'sensitive', 'special'] as const satisfies readonly GoodsCategory[];
export const stages = [
  'loading_customs',
  'dock',
  'cn_cabinet_check',
  'in_transit',
  'container_arrival',
  'sg_customs',
  'sg_cabinet_check',
  'unpacking_delivery',
  'delivered',
] as const satisfies readonly LogisticsStage[];
export const returnSteps = ['review', 'pay', 'paid', 'sent'] as const;
export const slots = ['09:00-13:00', '13:00-18:00', '18:00-22:00'] as const;
export type Slot = (typeof slots)[number];

export const isParcelTab = (v: string | null): v is ParcelStatus => !!v && (parcelTabs as readonly string[]).includes(v);

/** A pack can be cancelled until it is paid. */
export const packCancellable = (s: PackStatus) => s === 'applied' || s === 'packed';
/** A return can be cancelled until it is sent. */
export const returnCancellable = (s: string) => s === 'review' || s === 'pay' || s === 'paid';
/** A waybill exists from packing on. */
export const waybillReady = (s: PackStatus) => ['packed', 'paid', 'shipped', 'delivered', 'received'].includes(s);

/** China courier suggested from the number's format while typing: the contract's table, as the server records it. */
export const suggestCarrier = (trackingNo: string): string | null => carrierOf(trackingNo);

export const trackingPattern = /^[A-Za-z0-9-]+$/;

/** Spec §5: a goods name has no digits or symbols. Returns the strings key of the problem, or null. */
/** A form rule from a check that returns the i18n key of what is wrong, or null when the value is fine. */
export function ruleOf(check: (v: string) => string | null, t: (key: string) => string) {
  return {
    validator: (_: unknown, v: string) => {
      const key = check(v);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  };
}

export function goodsNameProblem(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return 'parcels.rule.goodsNameRequired';
  if (!patterns.goodsName.test(s)) return 'parcels.rule.goodsName';
  return null;
}

/** Spec §5: a goods value in yuan with at most 2 decimals, at least ¥1 (or what staff asked). */
export function goodsValueProblem(v: string | undefined, minMinor = 100): string | null {
  const s = (v ?? '').trim();
  if (!s) return 'parcels.rule.goodsCost';
  const minor = parseAmountToMinor(s);
  // The same rule names as the server's (contract amountRuleBroken), so both say what is wrong the same way.
  if (minor === null) return `parcels.${amountRuleBroken(s) ?? 'rule.amount'}`;
  if (minor < minMinor) return 'parcels.rule.goodsValue';
  return null;
}

/** CSV of the batch template's columns (the server reads either header language). */
export function batchCsv(
  rows: Array<{
    tracking_no: string;
    goods_name: string;
    goods_value: string;
    quantity: string;
    category: string;
    mode: string;
    remark: string;
  }>,
): string {
  const q = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const head = ['tracking_no', 'goods_name', 'goods_value', 'quantity', 'category', 'mode', 'remark'];
  return (
    [
      head.join(','),
      ...rows.map((r) => [r.tracking_no, r.goods_name, r.goods_value, r.quantity, r.category, r.mode, r.remark].map(q).join(',')),
    ].join('\r\n') + '\r\n'
  );
}

/** Tracking numbers typed one per line (or separated by spaces/commas), de-duplicated. */
export function splitTrackingNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * Which modes take which goods: special goods (batteries, liquids, powders…) go by sea only, so air
 * and group shipping are offered disabled with this rule instead of failing later with "no rate".
 */
export const modeTakes = (mode: ShippingMode, category: GoodsCategory) => category !== 'special' || mode === 'SEA';
