import { createHash, createHmac } from 'node:crypto';
import type { MallSource } from '@pinyou/contract';
import type { Env } from '../../env.ts';

/** An item as a platform describes it, before it becomes one of our catalogue's goods. */
export interface ProviderItem {
  source: MallSource;
  itemId: string;
  title: string;
  image: string;
  images: string[];
  shopName: string;
  priceMinor: number;
  originalPriceMinor: number;
  sales: number;
  /** Commission we pass on as rebate, RMB fen. */
  rebateMinor: number;
}

/** A signed request ready to send: what the real clients build (and what the tests check). */
export interface SignedRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Form fields (POST) or query (GET), already signed. */
  params: Record<string, string>;
}

/**
 * One source of goods. The sandbox provider answers from our seeded catalogue (see the catalogue
 * service); the real clients speak the platform's documented open API with its signature.
 */
export interface MallSourceProvider {
  readonly source: MallSource;
  readonly sandbox: boolean;
  /** Goods the platform finds for a keyword (the sandbox: none beyond the catalogue we hold). */
  search(keyword: string, page: number, pageSize: number): Promise<ProviderItem[]>;
  /** The promotion (affiliate) link of an item, when the platform gives one. */
  promotionUrl(itemId: string): Promise<{ url: string; mobile_url: string } | null>;
}

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ json(): Promise<unknown> }>;

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
const sortedConcat = (p: Record<string, string>) =>
  Object.keys(p)
    .sort()
    .map((k) => `${k}${p[k]}`)
    .join('');

/** China time "yyyy-MM-dd HH:mm:ss" (JD and Taobao gateways want Beijing time). */
export function beijingTime(now: Date): string {
  const t = new Date(now.getTime() + 8 * 3_600_000);
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

/** JD / Taobao TOP style: md5(secret + k1v1k2v2... + secret), upper-case hex. */
export function signTopMd5(params: Record<string, string>, secret: string): string {
  return md5Upper(`${secret}${sortedConcat(params)}${secret}`);
}

/** PDD (duoduojinbao): md5(client_secret + k1v1... + client_secret), upper-case hex. */
export const signPdd = signTopMd5;

/** 1688 open platform: HMAC-SHA1 over urlPath + k1v1... (sorted), upper-case hex, key the app secret. */
export function sign1688(urlPath: string, params: Record<string, string>, secret: string): string {
  return createHmac('sha1', secret)
    .update(`${urlPath}${sortedConcat(params)}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

const yuanToFen = (v: unknown) => Math.round(Number(v ?? 0) * 100) || 0;

/** A real platform client: builds the platform's signed requests (unit-tested) and sends them. */
export interface PlatformClient extends MallSourceProvider {
  searchRequest(keyword: string, page: number, pageSize: number): SignedRequest;
  itemRequest(itemId: string): SignedRequest;
  promotionRequest(itemId: string): SignedRequest;
}

/**
 * The sandbox of a source (the default without keys): its goods are the seeded catalogue we hold, which the
 * catalogue service searches itself; promotion links are the platform's plain item pages.
 */
export class SandboxProvider implements MallSourceProvider {
  readonly sandbox = true;
  constructor(readonly source: MallSource) {}
  async search(): Promise<ProviderItem[]> {
    return [];
  }
  async promotionUrl(itemId: string) {
    const id = encodeURIComponent(itemId);
    switch (this.source) {
      case 'jd':
        return { url: `https://item.jd.com/${id}.html`, mobile_url: `https://item.m.jd.com/product/${id}.html` };
      case 'taobao':
        return { url: `https://item.taobao.com/item.htm?id=${id}`, mobile_url: `https://h5.m.taobao.com/awp/core/detail.htm?id=${id}` };
      case '1688':
        return { url: `https://detail.1688.com/offer/${id}.html`, mobile_url: `https://m.1688.com/offer/${id}.html` };
      case 'pdd':
        return {
          url: `https://mobile.yangkeduo.com/goods.html?goods_id=${id}`,
          mobile_url: `https://mobile.yangkeduo.com/goods2.html?goods_id=${id}`,
        };
      default:
        return null;
    }
  }
}

abstract class RealProvider implements PlatformClient {
  abstract readonly source: MallSource;
  readonly sandbox = false;
  constructor(
    protected readonly now: () => Date,
    protected readonly fetcher: Fetch,
  ) {}
  abstract searchRequest(keyword: string, page: number, pageSize: number): SignedRequest;
  abstract itemRequest(itemId: string): SignedRequest;
  abstract promotionRequest(itemId: string): SignedRequest;
  protected abstract parse(body: unknown): ProviderItem[];
  protected parsePromotion(_body: unknown): { url: string; mobile_url: string } | null {
    return null;
  }
  protected async send(r: SignedRequest): Promise<unknown> {
    const res = await this.fetcher(r.url, {
      method: r.method,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(r.params).toString(),
    });
    return res.json();
  }
  async search(keyword: string, page: number, pageSize: number): Promise<ProviderItem[]> {
    return this.parse(await this.send(this.searchRequest(keyword, page, pageSize)));
  }
  async promotionUrl(itemId: string) {
    return this.parsePromotion(await this.send(this.promotionRequest(itemId)));
  }
}

/** JD Union open API (router api.jd.com/routerjson): jd.union.open.goods.query, promotion info, common promotion link. */
export class JdUnionProvider extends RealProvider {
  readonly source = 'jd' as const;
  constructor(
    private readonly appKey: string,
    private readonly secret: string,
    private readonly siteId: string,
    now: () => Date,
    fetcher: Fetch,
  ) {
    super(now, fetcher);
  }
  private request(method: string, body: unknown): SignedRequest {
    const params: Record<string, string> = {
      method,
      app_key: this.appKey,
      timestamp: beijingTime(this.now()),
      format: 'json',
      v: '1.0',
      sign_method: 'md5',
      '360buy_param_json': JSON.stringify(body),
    };
    return { method: 'POST', url: 'https://api.jd.com/routerjson', params: { ...params, sign: signTopMd5(params, this.secret) } };
  }
  searchRequest(keyword: string, page: number, pageSize: number) {
    return this.request('jd.union.open.goods.query', { goodsReqDTO: { keyword, pageIndex: page, pageSize } });
  }
  itemRequest(itemId: string) {
    return this.request('jd.union.open.goods.promotiongoodsinfo.query', { skuIds: itemId });
  }
  promotionRequest(itemId: string) {
    return this.request('jd.union.open.promotion.common.get', {
      promotionCodeReq: { materialId: `https://item.jd.com/${itemId}.html`, siteId: this.siteId },
    });
  }
  protected parse(body: unknown): ProviderItem[] {
    const b = body as Record<string, { queryResult?: string }>;
    const raw = b.jd_union_open_goods_query_responce?.queryResult;
    const data = raw ? ((JSON.parse(raw) as { data?: Record<string, any>[] }).data ?? []) : [];
    return data.map((g) => ({
      source: 'jd',
      itemId: String(g.skuId),
      title: String(g.skuName ?? ''),
      image: g.imageInfo?.imageList?.[0]?.url ?? '',
      images: (g.imageInfo?.imageList ?? []).map((x: { url: string }) => x.url),
      shopName: g.shopInfo?.shopName ?? '',
      priceMinor: yuanToFen(g.priceInfo?.lowestPrice ?? g.priceInfo?.price),
      originalPriceMinor: yuanToFen(g.priceInfo?.price),
      sales: Number(g.inOrderCount30Days ?? 0),
      rebateMinor: yuanToFen(g.commissionInfo?.commission),
    }));
  }
}

/** Taobao affiliate (TOP gateway): taobao.tbk.dg.material.optional.upgrade search, taobao.tbk.item.info.upgrade.get. */
export class TaobaoTbkProvider extends RealProvider {
  readonly source = 'taobao' as const;
  constructor(
    private readonly appKey: string,
    private readonly secret: string,
    private readonly adzoneId: string,
    now: () => Date,
    fetcher: Fetch,
  ) {
    super(now, fetcher);
  }
  private request(method: string, fields: Record<string, string>): SignedRequest {
    const params: Record<string, string> = {
      method,
      app_key: this.appKey,
      timestamp: beijingTime(this.now()),
      format: 'json',
      v: '2.0',
      sign_method: 'md5',
      simplify: 'true',
      ...fields,
    };
    return { method: 'POST', url: 'https://eco.taobao.com/router/rest', params: { ...params, sign: signTopMd5(params, this.secret) } };
  }
  searchRequest(keyword: string, page: number, pageSize: number) {
    return this.request('taobao.tbk.dg.material.optional.upgrade', {
      q: keyword,
      adzone_id: this.adzoneId,
      page_no: String(page),
      page_size: String(pageSize),
    });
  }
  itemRequest(itemId: string) {
    return this.request('taobao.tbk.item.info.upgrade.get', { item_id: itemId });
  }
  promotionRequest(itemId: string) {
    return this.request('taobao.tbk.dg.general.link.convert', { biz_scene_id: '1', adzone_id: this.adzoneId, id_list: itemId });
  }
  protected parse(body: unknown): ProviderItem[] {
    const list = ((body as any)?.result_list ?? []) as Record<string, any>[];
    return list.map((g) => ({
      source: 'taobao',
      itemId: String(g.item_id ?? g.item_basic_info?.item_id ?? ''),
      title: String(g.item_basic_info?.title ?? ''),
      image: g.item_basic_info?.pict_url ?? '',
      images: g.item_basic_info?.small_images?.string ?? [],
      shopName: g.item_basic_info?.shop_title ?? '',
      priceMinor: yuanToFen(g.price_promotion_info?.final_promotion_price ?? g.price_promotion_info?.zk_final_price),
      originalPriceMinor: yuanToFen(g.price_promotion_info?.reserve_price),
      sales: Number(g.item_basic_info?.volume ?? 0),
      rebateMinor: 0,
    }));
  }
}

/** PDD duoduojinbao (gw-api.pinduoduo.com/api/router): pdd.ddk.goods.search, goods detail, promotion URL. */
export class PddDdkProvider extends RealProvider {
  readonly source = 'pdd' as const;
  constructor(
    private readonly clientId: string,
    private readonly secret: string,
    private readonly pid: string,
    now: () => Date,
    fetcher: Fetch,
  ) {
    super(now, fetcher);
  }
  private request(type: string, fields: Record<string, string>): SignedRequest {
    const params: Record<string, string> = {
      type,
      client_id: this.clientId,
      timestamp: String(Math.floor(this.now().getTime() / 1000)),
      data_type: 'JSON',
      ...fields,
    };
    return { method: 'POST', url: 'https://gw-api.pinduoduo.com/api/router', params: { ...params, sign: signPdd(params, this.secret) } };
  }
  searchRequest(keyword: string, page: number, pageSize: number) {
    return this.request('pdd.ddk.goods.search', { keyword, page: String(page), page_size: String(pageSize), pid: this.pid });
  }
  itemRequest(goodsSign: string) {
    return this.request('pdd.ddk.goods.detail', { goods_sign: goodsSign, pid: this.pid });
  }
  promotionRequest(goodsSign: string) {
    return this.request('pdd.ddk.goods.promotion.url.generate', {
      p_id: this.pid,
      goods_sign_list: JSON.stringify([goodsSign]),
      generate_short_url: 'true',
    });
  }
  protected override parsePromotion(body: unknown) {
    const u = (body as any)?.goods_promotion_url_generate_response?.goods_promotion_url_list?.[0];
    return u ? { url: String(u.url ?? ''), mobile_url: String(u.mobile_url ?? u.url ?? '') } : null;
  }
  protected parse(body: unknown): ProviderItem[] {
    const list = ((body as any)?.goods_search_response?.goods_list ?? []) as Record<string, any>[];
    return list.map((g) => ({
      source: 'pdd',
      itemId: String(g.goods_sign ?? g.goods_id),
      title: String(g.goods_name ?? ''),
      image: g.goods_thumbnail_url ?? '',
      images: g.goods_gallery_urls ?? [],
      shopName: g.mall_name ?? '',
      priceMinor: Math.max(0, Number(g.min_group_price ?? 0) - Number(g.coupon_discount ?? 0)),
      originalPriceMinor: Number(g.min_normal_price ?? g.min_group_price ?? 0),
      sales: Number.parseInt(String(g.sales_tip ?? '0'), 10) || 0,
      rebateMinor: Math.floor((Number(g.min_group_price ?? 0) * Number(g.promotion_rate ?? 0)) / 1000),
    }));
  }
}

/** 1688 cross-border (open.1688.com, com.alibaba.fenxiao.crossborder): keyword query and product detail. */
export class Alibaba1688Provider extends RealProvider {
  readonly source = '1688' as const;
  constructor(
    private readonly appKey: string,
    private readonly secret: string,
    private readonly accessToken: string,
    now: () => Date,
    fetcher: Fetch,
  ) {
    super(now, fetcher);
  }
  private request(api: string, fields: Record<string, string>): SignedRequest {
    const urlPath = `param2/1/com.alibaba.fenxiao.crossborder/${api}/${this.appKey}`;
    const params: Record<string, string> = { access_token: this.accessToken, _aop_timestamp: String(this.now().getTime()), ...fields };
    return {
      method: 'POST',
      url: `https://gw.open.1688.com/openapi/${urlPath}`,
      params: { ...params, _aop_signature: sign1688(urlPath, params, this.secret) },
    };
  }
  searchRequest(keyword: string, page: number, pageSize: number) {
    return this.request('product.search.keywordQuery', {
      offerQueryParam: JSON.stringify({ keyword, beginPage: page, pageSize, country: 'en' }),
    });
  }
  itemRequest(offerId: string) {
    return this.request('product.search.queryProductDetail', {
      offerDetailParam: JSON.stringify({ offerId: Number(offerId), country: 'en' }),
    });
  }
  promotionRequest(offerId: string) {
    return this.itemRequest(offerId);
  }
  protected parse(body: unknown): ProviderItem[] {
    const list = ((body as any)?.result?.result?.data ?? []) as Record<string, any>[];
    return list.map((g) => ({
      source: '1688',
      itemId: String(g.offerId),
      title: String(g.subject ?? g.subjectTrans ?? ''),
      image: g.imageUrl ?? '',
      images: g.imageUrl ? [g.imageUrl] : [],
      shopName: '',
      priceMinor: yuanToFen(g.priceInfo?.price),
      originalPriceMinor: yuanToFen(g.priceInfo?.price),
      sales: Number(g.monthSold ?? 0),
      rebateMinor: 0,
    }));
  }
}

/** The real client of each source whose keys are set; sources without keys (and our own shop) use the sandbox. */
export function createMallProviders(env: Env, now: () => Date = () => new Date(), fetcher: Fetch = fetch as unknown as Fetch) {
  const out: Record<MallSource, MallSourceProvider> = {
    jd: new SandboxProvider('jd'),
    taobao: new SandboxProvider('taobao'),
    '1688': new SandboxProvider('1688'),
    pdd: new SandboxProvider('pdd'),
    self: new SandboxProvider('self'),
  };
  if (env.JD_UNION_APP_KEY && env.JD_UNION_APP_SECRET)
    out.jd = new JdUnionProvider(env.JD_UNION_APP_KEY, env.JD_UNION_APP_SECRET, env.JD_UNION_SITE_ID ?? '', now, fetcher);
  if (env.TAOBAO_APP_KEY && env.TAOBAO_APP_SECRET)
    out.taobao = new TaobaoTbkProvider(env.TAOBAO_APP_KEY, env.TAOBAO_APP_SECRET, env.TAOBAO_ADZONE_ID ?? '', now, fetcher);
  if (env.PDD_CLIENT_ID && env.PDD_CLIENT_SECRET)
    out.pdd = new PddDdkProvider(env.PDD_CLIENT_ID, env.PDD_CLIENT_SECRET, env.PDD_PID ?? '', now, fetcher);
  if (env.ALIBABA_APP_KEY && env.ALIBABA_APP_SECRET)
    out['1688'] = new Alibaba1688Provider(env.ALIBABA_APP_KEY, env.ALIBABA_APP_SECRET, env.ALIBABA_ACCESS_TOKEN ?? '', now, fetcher);
  return out;
}
