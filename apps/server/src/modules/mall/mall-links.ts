import type { MallSource } from '@pinyou/contract';

/**
 * What a pasted text points at: a platform item id, or (share texts and short links that carry no id)
 * a token and the title the share text quotes.
 */
export type RecognisedLink =
  { source: MallSource; itemId: string; kind: 'id' } | { source: MallSource; kind: 'share'; token: string; title: string };

const patterns: { source: MallSource; re: RegExp }[] = [
  // JD: item.jd.com/<sku>.html, item.m.jd.com/product/<sku>.html, item.m.jd.com/<sku>.html, ?sku= / wareId=
  { source: 'jd', re: /item\.(?:m\.)?jd\.com\/(?:product\/)?(\d{5,16})\.html/i },
  { source: 'jd', re: /\.jd\.com\/[^\s]*?[?&](?:sku|skuId|wareId)=(\d{5,16})/i },
  // Taobao / Tmall: item.taobao.com/item.htm?id=, detail.tmall.com/item.htm?id=, detail.m.tmall.com, h5.m.taobao.com
  {
    source: 'taobao',
    re: /(?:item\.taobao\.com|detail\.(?:m\.)?tmall\.com|(?:h5\.)?m\.taobao\.com|world\.taobao\.com|detail\.tmall\.hk)\/[^\s]*?[?&](?:id|item_id)=(\d{6,16})/i,
  },
  // 1688: detail.1688.com/offer/<id>.html, m.1688.com/offer/<id>.html
  { source: '1688', re: /(?:detail|m)\.1688\.com\/offer\/(\d{6,16})\.html/i },
  { source: '1688', re: /1688\.com\/[^\s]*?[?&]offerId=(\d{6,16})/i },
  // PDD: mobile.yangkeduo.com/goods.html?goods_id=, goods2.html, pinduoduo.com
  { source: 'pdd', re: /(?:yangkeduo|pinduoduo)\.com\/[^\s]*?[?&]goods_id=(\d{5,16})/i },
];

/** Recognises a platform link, a share text or a bare JD sku id; null when nothing is recognised. */
export function recogniseLink(text: string): RecognisedLink | null {
  const t = text.trim();
  if (!t) return null;
  if (/^\d{5,16}$/.test(t)) return { source: 'jd', itemId: t, kind: 'id' };
  for (const p of patterns) {
    const m = p.re.exec(t);
    if (m) return { source: p.source, itemId: m[1], kind: 'id' };
  }
  // Taobao share text: 【淘宝】... https://m.tb.cn/h.xxxx ... ￥token￥ / 「title」; or a bare m.tb.cn short link.
  const short = /m\.tb\.cn\/(h\.[A-Za-z0-9_-]+)/.exec(t);
  const token = /[￥$€¢₴]([A-Za-z0-9]{6,20})[￥$€¢₴]/.exec(t) ?? /\(([A-Za-z0-9]{8,14})\)/.exec(t);
  const isTaobao = /【(?:淘宝|天猫|手机淘宝)】|淘宝|tmall|taobao|m\.tb\.cn/i.test(t);
  if (isTaobao && (short || token)) {
    return { source: 'taobao', kind: 'share', token: (short?.[1] ?? token?.[1])!, title: shareTitle(t) };
  }
  // Other apps' share texts: 【京东】 / 【拼多多】 / 【1688】 with a title and a link we could not read.
  const other = /【(京东|拼多多|1688|阿里巴巴)】/.exec(t);
  if (other) {
    const source: MallSource = other[1] === '京东' ? 'jd' : other[1] === '拼多多' ? 'pdd' : '1688';
    const title = shareTitle(t);
    if (title) return { source, kind: 'share', token: title, title };
  }
  return null;
}

/** The title a share text quotes: 「...」, or the words between 】 and the link / token. */
export function shareTitle(t: string): string {
  const q = /「([^」]{2,120})」/.exec(t);
  if (q) return q[1].trim();
  const after = /】([^【]*)/.exec(t);
  if (!after) return '';
  return after[1]
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[￥$€¢₴][A-Za-z0-9]{6,20}[￥$€¢₴]/g, ' ')
    .replace(/点击链接直接打开|或者淘宝搜索直接打开|复制本条信息|打开【?手机淘宝】?|打开淘宝|复制这段描述.*$/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}
