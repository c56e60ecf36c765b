import type { Language, MallOrderStatus, MallSource, Money } from '@pinyou/contract';
import { mall as mallRules, mallOrderStatuses, rateTenThousandths, rmbToSgdMinor as convertRmbToSgd } from '@pinyou/contract';
import { paths, type RoutePath } from '../../lib/paths.ts';
import type { StatusTone } from '../../components/status-tag.tsx';

/**
 * The detail page of each source. PDD has no page of its own in the spec: its goods open the Taobao-like
 * page (cargotbDetail), which names the source; the per-source differences live in `sourceTraits`.
 */
export const detailPathOf: Record<MallSource, RoutePath> = {
  jd: paths.cargoJdDetail,
  taobao: paths.cargoTbDetail,
  pdd: paths.cargoTbDetail,
  '1688': paths.cargo1688Detail,
  self: paths.cargoLtzyDetail,
};

/** Which sources a detail route shows (a product of another source is redirected to its own page). */
export function routeShows(route: string, source: MallSource): boolean {
  return detailPathOf[source] === route;
}

export interface SourceTraits {
  /** Mainland shipping is free above this many RMB fen (JD: over ¥59, §9). */
  freeShippingOverMinor: number | null;
  /** The seller is us: customer service is our own chat. */
  ownShop: boolean;
  /** Whether a promotion link to the platform's own app exists (PDD duoduojinbao). */
  platformLink: boolean;
}

export const sourceTraits: Record<MallSource, SourceTraits> = {
  jd: { freeShippingOverMinor: mallRules.jdFreeShippingOverRmbMinor, ownShop: false, platformLink: false },
  taobao: { freeShippingOverMinor: null, ownShop: false, platformLink: false },
  pdd: { freeShippingOverMinor: null, ownShop: false, platformLink: true },
  '1688': { freeShippingOverMinor: null, ownShop: false, platformLink: false },
  self: { freeShippingOverMinor: null, ownShop: true, platformLink: false },
};

/** RMB fen to SGD cents at a rate given as "RMB per S$1" (the settings' rate, e.g. "5.30"); null without a usable rate. */
export function rmbToSgdMinor(rmbMinor: number, rate: string | number): number | null {
  const r = String(rate);
  return rateTenThousandths(r) === null ? null : convertRmbToSgd(rmbMinor, r);
}

/** Mainland shipping for one order of a product: free, free over a threshold, or the freight (as the server gave it). */
export function inlandShipping(
  source: MallSource,
  p: { free_shipping: boolean; inland_freight: Money },
  goodsMinor: number,
): { kind: 'free' } | { kind: 'freeOver'; over: Money; freight: Money } | { kind: 'paid'; freight: Money } {
  if (p.free_shipping || p.inland_freight.amount_minor === 0) return { kind: 'free' };
  const over = sourceTraits[source].freeShippingOverMinor;
  if (over !== null)
    return goodsMinor > over
      ? { kind: 'free' }
      : { kind: 'freeOver', over: { amount_minor: over, currency: 'RMB' }, freight: p.inland_freight };
  return { kind: 'paid', freight: p.inland_freight };
}

/** Working days to Singapore by mode: one range each, the same in both languages. */
export function deliveryDays(mode: 'sea' | 'air'): readonly [number, number] {
  return mode === 'sea' ? mallRules.seaDeliveryWorkingDays : mallRules.airDeliveryWorkingDays;
}

/** Number box bounds: at least 1, at most the stock (and the contract's 999). */
export function quantityBounds(stock: number): { min: number; max: number; canBuy: boolean } {
  const max = Math.max(0, Math.min(stock, 999));
  return { min: 1, max: Math.max(1, max), canBuy: max >= 1 };
}

export function clampQuantity(q: number, stock: number): number {
  const { max } = quantityBounds(stock);
  if (!Number.isFinite(q)) return 1;
  return Math.min(max, Math.max(1, Math.floor(q)));
}

/**
 * Whether pasted text is a platform link or share text rather than search words: a URL, a Taobao-style
 * 【淘宝】 share with its ￥code￥ token, or a known platform host.
 */
export function looksLikeProductLink(text: string): boolean {
  const s = text.trim();
  if (!s) return false;
  if (/https?:\/\//i.test(s)) return true;
  if (/【(淘宝|天猫|京东|拼多多|1688|阿里巴巴)】/.test(s)) return true;
  if (/[￥$€₤¢][A-Za-z0-9]{8,}[￥$€₤¢]/.test(s)) return true;
  return /\b(m\.tb\.cn|taobao\.com|tmall\.com|jd\.com|3\.cn|1688\.com|yangkeduo\.com|pinduoduo\.com)\b/i.test(s);
}

/** Order centre tabs: all, then each status (§4 plus waiting pay). */
export const orderTabs = ['all', ...mallOrderStatuses] as const;
export type OrderTab = (typeof orderTabs)[number];
export const isOrderTab = (v: unknown): v is OrderTab => typeof v === 'string' && (orderTabs as readonly string[]).includes(v);

export const statusTone: Record<MallOrderStatus, StatusTone> = {
  waiting_pay: 'action',
  waiting_ship: 'waiting',
  shipped: 'waiting',
  packed: 'waiting',
  done: 'done',
  cancelled: 'neutral',
  cancel_pending: 'danger',
};

/** Which cancel call an order takes: JD and our own shop have their own (the server refuses the wrong one). */
export function cancelCallOf(source: MallSource): 'cancelJdOrder' | 'cancelSelfShopOrder' | 'cancelOrder' {
  return source === 'jd' ? 'cancelJdOrder' : source === 'self' ? 'cancelSelfShopOrder' : 'cancelOrder';
}

/** Milliseconds left to pay, or 0 when the time ran out (null: no deadline). */
export function msLeft(payBefore: string | null, now: number): number | null {
  if (!payBefore) return null;
  const t = new Date(payBefore).getTime();
  if (Number.isNaN(t)) return null;
  return Math.max(0, t - now);
}

/** "mm:ss", or "h:mm:ss" from an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Footprints grouped by the day they were viewed (Singapore time), newest day first, order kept. */
export function groupByDay<T extends { viewed_at: string }>(items: T[]): { day: string; items: T[] }[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' });
  const out: { day: string; items: T[] }[] = [];
  for (const it of items) {
    const d = new Date(it.viewed_at);
    const day = Number.isNaN(d.getTime()) ? it.viewed_at.slice(0, 10) : fmt.format(d);
    const last = out[out.length - 1];
    if (last && last.day === day) last.items.push(it);
    else out.push({ day, items: [it] });
  }
  return out;
}

/** The product's name in the reader's language (Chinese platforms' titles are Chinese). */
export const titleIn = (p: { title: string; title_en: string }, lang: Language) => (lang === 'en' && p.title_en ? p.title_en : p.title);
export const skuNameIn = (s: { name: string; name_en: string }, lang: Language) => (lang === 'en' && s.name_en ? s.name_en : s.name);
/** The same for a cart, settlement or order line. */
export const lineSkuNameIn = (i: { sku_name: string; sku_name_en: string }, lang: Language) =>
  skuNameIn({ name: i.sku_name, name_en: i.sku_name_en }, lang);

/**
 * One key per settlement attempt (sessionStorage): the same goods and mode keep their key across retries
 * of createOrder, so a lost answer and a second tap return the same orders; a success ends the attempt.
 */
export function settleKeyFor(sig: string, store: Storage = sessionStorage): string {
  const k = `mall-settle:${sig}`;
  const saved = store.getItem(k);
  if (saved && saved.length >= 8) return saved;
  const rnd = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const key = `mall-${rnd}`.slice(0, 64);
  store.setItem(k, key);
  return key;
}
export function endSettle(sig: string, store: Storage = sessionStorage) {
  store.removeItem(`mall-settle:${sig}`);
}

/** What a settlement is of, as a stable signature. */
export function settleSignature(w: { cartIds?: number[]; productId?: number; skuId?: number; quantity?: number }, mode: string): string {
  if (w.cartIds?.length) return `c:${[...w.cartIds].sort((a, b) => a - b).join(',')}:${mode}`;
  return `p:${w.productId ?? ''}:${w.skuId ?? ''}:${w.quantity ?? 1}:${mode}`;
}

/** Parses "1,2,3" into ids (drops anything not a positive integer). */
export function parseIds(v: string | null): number[] {
  if (!v) return [];
  return v
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** A price filter in yuan: empty, or a number ≥ 0 with up to 2 decimals; min not above max. */
export function priceRangeProblem(min: string, max: string): 'notNumber' | 'order' | null {
  const ok = (v: string) => v.trim() === '' || /^\d{1,7}(\.\d{1,2})?$/.test(v.trim());
  if (!ok(min) || !ok(max)) return 'notNumber';
  if (min.trim() && max.trim() && Number(min) > Number(max)) return 'order';
  return null;
}

/** The goods-list filter as query-string values and back (cargoList / searchShop keep it in the URL). */
export function filterFromParams(p: URLSearchParams): {
  sort: import('@pinyou/contract').MallSort;
  source?: MallSource;
  minPrice?: string;
  maxPrice?: string;
} {
  const sorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
  const sources = ['jd', 'taobao', '1688', 'pdd', 'self'] as const;
  const sort = (sorts as readonly string[]).includes(p.get('sort') ?? '') ? (p.get('sort') as (typeof sorts)[number]) : 'default';
  const src = p.get('source');
  const source = (sources as readonly string[]).includes(src ?? '') ? (src as MallSource) : undefined;
  const minPrice = p.get('min') || undefined;
  const maxPrice = p.get('max') || undefined;
  return { sort, source, minPrice, maxPrice };
}
export function filterToParams(f: { sort: string; source?: string; minPrice?: string; maxPrice?: string }): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.sort !== 'default') out.sort = f.sort;
  if (f.source) out.source = f.source;
  if (f.minPrice) out.min = f.minPrice;
  if (f.maxPrice) out.max = f.maxPrice;
  return out;
}
