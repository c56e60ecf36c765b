/**
 * Customs data of a declared parcel, as Singapore Customs wants it on the broker's manifest: one customs line
 * per parcel with an English description, an HS-like category, the quantity and the unit value (CNY, converted
 * to SGD with the pack's stored rate on the manifest). One rule for the web app, the server and the console.
 * No national ID (NRIC) is ever part of it: the consignee is named by the customer's own address.
 */

/** The short list of categories a customer picks from, with the HS chapters a broker maps them to. */
export const customsCategories = ['clothing', 'electronics', 'cosmetics', 'food', 'household', 'toys', 'books', 'bags', 'other'] as const;
export type CustomsCategory = (typeof customsCategories)[number];

export const customsCategoryInfo: Record<CustomsCategory, { hs: string; en: string; zh_CN: string }> = {
  clothing: { hs: '61-64', en: 'Clothing & shoes', zh_CN: '服装鞋类' },
  electronics: { hs: '84-85', en: 'Electronics', zh_CN: '电子产品' },
  cosmetics: { hs: '33', en: 'Cosmetics', zh_CN: '化妆品' },
  food: { hs: '16-21', en: 'Food', zh_CN: '食品' },
  household: { hs: '39, 69-73', en: 'Household goods', zh_CN: '家居用品' },
  toys: { hs: '95', en: 'Toys', zh_CN: '玩具' },
  books: { hs: '49', en: 'Books & printed matter', zh_CN: '书籍印刷品' },
  bags: { hs: '42, 71', en: 'Bags & accessories', zh_CN: '箱包配饰' },
  other: { hs: '-', en: 'Other', zh_CN: '其他' },
};

export const CUSTOMS_DESCRIPTION_MAX = 100;
/** English for the broker: printable ASCII only (no Chinese, no control characters). */
export const CUSTOMS_DESCRIPTION_PATTERN = /^[\x20-\x7e]*$/;

export const isCustomsCategory = (v: string): v is CustomsCategory => (customsCategories as readonly string[]).includes(v);

/** A best-effort English description from the goods name: the name itself when it is plain ASCII, else nothing. */
export function defaultCustomsDescription(goodsName: string): string {
  const name = goodsName.trim().replace(/\s+/g, ' ');
  return name && CUSTOMS_DESCRIPTION_PATTERN.test(name) ? name.slice(0, CUSTOMS_DESCRIPTION_MAX) : '';
}

export type CustomsField = 'customs_description' | 'customs_category';

/** What a customs line still lacks (empty when complete). `customs_category` '' means not chosen yet. */
export function customsMissing(p: { customs_description: string; customs_category: string }): CustomsField[] {
  const out: CustomsField[] = [];
  const d = p.customs_description.trim();
  if (!d || !CUSTOMS_DESCRIPTION_PATTERN.test(d) || d.length > CUSTOMS_DESCRIPTION_MAX) out.push('customs_description');
  if (!isCustomsCategory(p.customs_category)) out.push('customs_category');
  return out;
}

export const isCustomsComplete = (p: { customs_description: string; customs_category: string }) => customsMissing(p).length === 0;

/** How many of the parcels lack customs data. */
export const customsMissingCount = (ps: Array<{ customs_description: string; customs_category: string }>) =>
  ps.filter((p) => !isCustomsComplete(p)).length;

/**
 * The customs line of one parcel: the declared value (RMB fen) is the line's total; the unit value is that over
 * the declared quantity, rounded half up to the fen.
 */
export function customsLineValues(p: { quantity: number; goods_value_minor: number }) {
  const quantity = Math.max(1, Math.trunc(p.quantity));
  const total = Math.max(0, Math.trunc(p.goods_value_minor));
  return { quantity, unit_value_minor: Math.floor((total * 2 + quantity) / (2 * quantity)), total_value_minor: total };
}
