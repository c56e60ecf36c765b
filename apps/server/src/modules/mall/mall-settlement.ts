import {
  codeMessages,
  mall as mallRules,
  mallShippingModes,
  rmb,
  sgd,
  type Language,
  type MallShippingMode,
  type MallSource,
} from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { MallDeps } from './mall.deps.ts';
import type { PricedSku } from './mall-catalogue.port.ts';
import type { MallSettings } from './mall-settings.ts';
import * as repo from './mall-orders.repository.ts';
import { DEFAULT_ITEM_WEIGHT_G, kgText } from '../parcels/index.ts';

export interface SettleInput {
  cart_ids?: number[];
  product_id?: number;
  sku_id?: number;
  quantity?: number;
}

export interface PlanLine {
  cartId: number | null;
  p: PricedSku;
  quantity: number;
  addedPriceMinor: number;
}

/** One order of the settlement: the goods of one seller of one source. */
export interface PlanOrder {
  source: MallSource;
  shopName: string;
  lines: PlanLine[];
  goodsTotalMinor: number;
  inlandFreightMinor: number;
  rebateMinor: number;
  totalMinor: number;
  weightG: number;
  airAllowed: boolean;
}

const SOURCES: MallSource[] = ['jd', 'taobao', '1688', 'pdd', 'self'];
/** §9: a rebate, when there is one, is at least ¥0.06. */
const REBATE_MIN_MINOR = Math.round(mallRules.rebateMinimum * 100);

/**
 * The goods to settle at today's prices, as orders: one per seller within a source (each seller ships its
 * own parcel to our warehouse, so inland freight is per seller). Goods that cannot be bought are refused.
 */
export async function planOrders(tx: Tx, d: MallDeps, userId: number, input: SettleInput, s: MallSettings): Promise<PlanOrder[]> {
  const lines: PlanLine[] = [];
  if (input.cart_ids?.length) {
    const ids = [...new Set(input.cart_ids)];
    const mine = await repo.ownLines(tx, userId, ids);
    if (mine.length !== ids.length) throw new DomainError('CART_ITEM_NOT_FOUND');
    for (const l of mine)
      lines.push({
        cartId: l.id,
        p: await d.catalogue.priced(tx, l.productId, l.skuId),
        quantity: l.quantity,
        addedPriceMinor: l.addedPriceMinor,
      });
  } else if (input.product_id) {
    const p = await d.catalogue.priced(tx, input.product_id, input.sku_id ?? null);
    lines.push({ cartId: null, p, quantity: input.quantity ?? 1, addedPriceMinor: p.priceMinor });
  }
  if (!lines.length) throw new DomainError('CART_EMPTY');
  for (const l of lines) {
    const src = s.sources.find((x) => x.source === l.p.source);
    if (src && !src.on) throw new DomainError('SOURCE_OFF');
    if (!l.p.onSale) throw new DomainError('PRODUCT_OFF_SALE');
    if (l.quantity > l.p.stock) throw new DomainError('OUT_OF_STOCK', { stock: l.p.stock });
  }
  const orders: PlanOrder[] = [];
  for (const source of SOURCES) {
    const ofSource = lines.filter((l) => l.p.source === source);
    const shops = [...new Set(ofSource.map((l) => l.p.shopName))];
    for (const shopName of shops) {
      const ls = ofSource.filter((l) => l.p.shopName === shopName);
      const goods = ls.reduce((a, l) => a + l.p.priceMinor * l.quantity, 0);
      const freeJd = source === 'jd' && goods >= mallRules.jdFreeShippingOverRmbMinor;
      const freight = freeJd ? 0 : Math.max(0, ...ls.map((l) => l.p.inlandFreightMinor));
      const perUnit = ls.reduce((a, l) => a + l.p.rebateMinor * l.quantity, 0);
      const percent = s.sources.find((x) => x.source === source)?.rebate_percent ?? 0;
      let rebate = Math.max(perUnit, Math.floor((goods * percent) / 100));
      if (rebate > 0 && rebate < REBATE_MIN_MINOR) rebate = REBATE_MIN_MINOR;
      orders.push({
        source,
        shopName,
        lines: ls,
        goodsTotalMinor: goods,
        inlandFreightMinor: freight,
        rebateMinor: rebate,
        totalMinor: goods + freight,
        weightG: ls.reduce((a, l) => a + l.p.weightG * l.quantity, 0),
        airAllowed: ls.every((l) => l.p.airAllowed),
      });
    }
  }
  return orders;
}

const reasons = {
  // The same words as the codes createOrder refuses with, so settlement and order say one reason.
  noGroup: codeMessages.JOIN_GROUP_FIRST,
  notAir: codeMessages.SHIPPING_MODE_NOT_ALLOWED,
  heavy: codeMessages.AIR_TOO_HEAVY,
};

/** Which modes the goods may take, and why not. */
export function shippingModes(orders: PlanOrder[], inGroup: boolean, lang: Language) {
  const air = orders.every((o) => o.airAllowed);
  const kg = orders.reduce((a, o) => a + o.weightG, 0) / 1000;
  const heavy = kg > mallRules.contactServiceAboveKg;
  return [
    { mode: 'GROUP' as const, allowed: inGroup, reason: inGroup ? '' : reasons.noGroup[lang] },
    { mode: 'SEA' as const, allowed: true, reason: '' },
    { mode: 'AIR' as const, allowed: air && !heavy, reason: !air ? reasons.notAir[lang] : heavy ? reasons.heavy[lang] : '' },
  ];
}

/** Refuses a mode the goods cannot take (createOrder). */
export function checkMode(orders: PlanOrder[], mode: MallShippingMode, inGroup: boolean) {
  if (mode === 'GROUP' && !inGroup) throw new DomainError('JOIN_GROUP_FIRST');
  if (mode === 'AIR') {
    if (!orders.every((o) => o.airAllowed)) throw new DomainError('SHIPPING_MODE_NOT_ALLOWED');
    if (orders.reduce((a, o) => a + o.weightG, 0) / 1000 > mallRules.contactServiceAboveKg) throw new DomainError('AIR_TOO_HEAVY');
  }
}

export const planItemView = (l: PlanLine) => ({
  product_id: l.p.productId,
  sku_id: l.p.skuId,
  title: l.p.title,
  title_en: l.p.titleEn,
  image: l.p.image,
  sku_name: l.p.skuName,
  sku_name_en: l.p.skuNameEn,
  quantity: l.quantity,
  price: rmb(l.p.priceMinor),
  rebate: rmb(l.p.rebateMinor * l.quantity),
  cart_id: l.cartId,
  price_changed: l.p.priceMinor !== l.addedPriceMinor,
});

/**
 * The freight to Singapore by `mode`, roughly (issue 34): the goods' weight (a line without one counts
 * DEFAULT_ITEM_WEIGHT_G per item) priced by the parcels' rate cards. Goods refused by air are priced on the
 * sensitive card. Null when the mode is not allowed here or no active card prices it.
 */
export async function freightEstimate(
  tx: Tx,
  d: MallDeps,
  orders: PlanOrder[],
  modes: { mode: MallShippingMode; allowed: boolean }[],
  wanted: MallShippingMode | undefined,
) {
  const mode = wanted ?? mallShippingModes.find((m) => modes.some((x) => x.mode === m && x.allowed));
  if (!mode || !modes.some((x) => x.mode === mode && x.allowed)) return null;
  const lines = orders.flatMap((o) => o.lines);
  const weightG = lines.reduce((a, l) => a + (l.p.weightG > 0 ? l.p.weightG : DEFAULT_ITEM_WEIGHT_G) * l.quantity, 0);
  const category = mode !== 'AIR' && lines.some((l) => !l.p.airAllowed) ? 'sensitive' : 'normal';
  const e = await d.parcels.estimateFreight(tx, { mode, category, weightG });
  if (!e) return null;
  return { mode, amount: sgd(e.amountMinor), weight_kg: kgText(e.actualWeightG), chargeable_weight_kg: kgText(e.chargeableWeightG) };
}
