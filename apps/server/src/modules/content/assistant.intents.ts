/**
 * What a question asks for, read before any search: the customer's own things (parcels, bills, packing
 * date, mall orders, top-ups, coupons) and freight quotes go to a tool; anything else to the articles.
 */

/** Tracking numbers as customers paste them: a courier prefix and digits, or a long run of digits. */
export const trackingPattern = /\b(?=[A-Z]*\d)([A-Z]{2,4}[A-Z0-9]{8,20}|\d{10,20})\b/;

export type QuoteArgs = {
  mode: 'SEA' | 'AIR' | null;
  weight_kg: number | null;
  volume_cbm: number | null;
  dims_cm: [number, number, number] | null;
};

export type Intent =
  | { tool: 'parcel_status'; tracking_no: string }
  | { tool: 'my_parcels' }
  | { tool: 'amount_owed' }
  | { tool: 'group_packing_date' }
  | { tool: 'mall_orders' }
  | { tool: 'topups' }
  | { tool: 'coupons' }
  | ({ tool: 'freight_quote' } & QuoteArgs);

const num = '(\\d+(?:\\.\\d+)?|\\.\\d+)';
const volumeRe = new RegExp(`${num}\\s*(?:cbm|cubic\\s*met(?:er|re)s?|m3|m³|立方米|立方|个方|方)`, 'i');
const weightRe = new RegExp(`${num}\\s*(?:kg|kgs|kilo(?:gram)?s?|公斤|千克)`, 'i');
const jinRe = new RegExp(`${num}\\s*斤`);
const dimsRe = new RegExp(`${num}\\s*(?:cm)?\\s*[x×*✕乘]\\s*${num}\\s*(?:cm)?\\s*[x×*✕乘]\\s*${num}\\s*(?:cm|厘米|公分)?`, 'i');

const airRe = /\b(air|airfreight|by plane|fly|flight)\b|空运|航空|空派|飞机/i;
const seaRe = /\b(sea|ocean|by ship|by boat)\b|海运|船运|走船|海路/i;
/** Questions about a rule that happen to carry a number ("is 30 kg the limit?") are not quotes. */
const limitRe = /\b(limit|max(imum)?|allowed|over|above|more than|heavier|up to)\b|限制|最大|最多|超过|以上|限重|上限/i;

const mine = /\b(my|mine|i|i've|i have)\b|我的|我(?:有|还|在|买|充|下|那)|俺/i;

/** Asking where a parcel is or how far it got, not how a rule goes. */
const parcelWhere =
  /\b(where|wheres|status|track|tracking|arrived?|reached|shipped yet|sent yet|come|coming|now)\b|到哪|到了|到没|在哪|到仓|发货了|发出了|寄出了|查一下|查下|查查|物流|进度/i;
/** Asking whether the asker's own top-up went through, not how topping up works. */
const toppedStatus = /\b(arrived?|credited|status|through|received|gone through|yet)\b|到账|状态|成功|还没|没到|了吗|了没/i;

const intents: Array<[RegExp, Intent['tool']]> = [
  [
    /(\bowe\b|\bunpaid\b|\boutstanding\b|\bbills?\b|how much (do|should|must) i (still )?pay|what do i have to pay|欠|账单|待支付|未支付|应付|要付多少|还要付|没付)/i,
    'amount_owed',
  ],
  [
    /(packing date|pack date|when .*\b(pack|packing|packs)\b|打包日期|打包时间|什么时候打包|几号打包|哪天打包|打包是哪天)/i,
    'group_packing_date',
  ],
  [/((mall|shop) orders?|my orders?|order status|商城订单|我的订单|订单状态|订单到哪|订单发货|买的东西)/i, 'mall_orders'],
  [/(top[- ]?ups?|recharges?|充值|充的钱|转账|(钱|款).*到账|到账了)/i, 'topups'],
  [/(coupons?|vouchers?|优惠券|代金券|运费券|券)/i, 'coupons'],
  [/(\b(parcels?|packages?|shipments?|stuff|things|items?|goods)\b|包裹|快递|东西|货|物流)/i, 'my_parcels'],
];

/** Numbers that ask for a freight price, with the mode, weight, volume and sides they give. */
export function quoteArgs(q: string): QuoteArgs | null {
  const vol = q.match(volumeRe);
  const kg = q.match(weightRe);
  const jin = kg ? null : q.match(jinRe);
  const dims = q.match(dimsRe);
  const mode = airRe.test(q) ? 'AIR' : seaRe.test(q) ? 'SEA' : null;
  const weight = kg ? Number(kg[1]) : jin ? Number(jin[1]) / 2 : null;
  if (!vol && !dims && weight === null) return null;
  // A weight alone is a quote when a mode or a price is asked, and not a question about a limit.
  if (!vol && !dims && (limitRe.test(q) || (!mode && !/(how much|cost|price|fee|多少钱|运费|价格|费用|收费)/i.test(q)))) return null;
  return {
    mode,
    weight_kg: weight,
    volume_cbm: vol ? Number(vol[1]) : null,
    dims_cm: dims ? [Number(dims[1]), Number(dims[2]), Number(dims[3])] : null,
  };
}

/** The tool a question is for, or null to search the articles. */
export function intentOf(question: string): Intent | null {
  const q = question.normalize('NFKC');
  const tracking = q.toUpperCase().match(trackingPattern);
  if (tracking) return { tool: 'parcel_status', tracking_no: tracking[1] };
  const quote = quoteArgs(q);
  if (quote) return { tool: 'freight_quote', ...quote };
  for (const [re, tool] of intents) {
    if (!re.test(q)) continue;
    // "Where is my parcel" asks where or how far the asker's own is; "can a parcel have batteries" is a rule question.
    if (tool === 'my_parcels' && !(parcelWhere.test(q) && (mine.test(q) || /到哪|到了|在哪|到仓/.test(q)))) continue;
    if (tool === 'topups' && !(mine.test(q) && toppedStatus.test(q))) continue;
    if ((tool === 'coupons' || tool === 'mall_orders') && !mine.test(q) && !/过期|还有|状态|status|expire/i.test(q)) continue;
    return { tool } as Intent;
  }
  return null;
}
