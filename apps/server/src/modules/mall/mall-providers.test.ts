import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import {
  Alibaba1688Provider,
  beijingTime,
  createMallProviders,
  JdUnionProvider,
  PddDdkProvider,
  TaobaoTbkProvider,
  type Fetch,
} from './mall-providers.ts';
import { recogniseLink, shareTitle } from './mall-links.ts';

const NOW = new Date('2026-01-02T08:00:00Z');
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
const noFetch: Fetch = async () => {
  throw new Error('no network in unit tests');
};

describe('platform clients build signed requests as the platforms document', () => {
  it('JD union: md5(secret + sorted key/value pairs + secret), Beijing time, 360buy_param_json', () => {
    const r = new JdUnionProvider('ak', 'sk', 'site9', () => NOW, noFetch).searchRequest('蓝牙耳机', 2, 20);
    expect(r.url).toBe('https://api.jd.com/routerjson');
    expect(r.params.timestamp).toBe('2026-01-02 16:00:00');
    const json = '{"goodsReqDTO":{"keyword":"蓝牙耳机","pageIndex":2,"pageSize":20}}';
    expect(r.params['360buy_param_json']).toBe(json);
    const plain = `sk360buy_param_json${json}app_keyakformatjsonmethodjd.union.open.goods.querysign_methodmd5timestamp2026-01-02 16:00:00v1.0sk`;
    expect(r.params.sign).toBe(md5(plain));
    const promo = new JdUnionProvider('ak', 'sk', 'site9', () => NOW, noFetch).promotionRequest('100012345678');
    expect(promo.params.method).toBe('jd.union.open.promotion.common.get');
    expect(promo.params['360buy_param_json']).toContain('https://item.jd.com/100012345678.html');
  });

  it('Taobao TOP: material search with adzone, md5 signature over sorted parameters', () => {
    const r = new TaobaoTbkProvider('tk', 'ts', '123', () => NOW, noFetch).searchRequest('dress', 1, 10);
    expect(r.params.method).toBe('taobao.tbk.dg.material.optional.upgrade');
    const plain =
      'tsadzone_id123app_keytkformatjsonmethodtaobao.tbk.dg.material.optional.upgradepage_no1page_size10qdresssign_methodmd5simplifytruetimestamp2026-01-02 16:00:00v2.0ts';
    expect(r.params.sign).toBe(md5(plain));
    expect(new TaobaoTbkProvider('tk', 'ts', '123', () => NOW, noFetch).itemRequest('42').params.item_id).toBe('42');
  });

  it('PDD duoduojinbao: unix seconds, md5(client_secret + pairs + client_secret)', () => {
    const r = new PddDdkProvider('cid', 'csec', 'pid_1', () => NOW, noFetch).searchRequest('零食', 1, 20);
    expect(r.url).toBe('https://gw-api.pinduoduo.com/api/router');
    expect(r.params.timestamp).toBe('1767340800');
    const expected = md5('csecclient_idciddata_typeJSONkeyword零食page1page_size20pidpid_1timestamp1767340800typepdd.ddk.goods.searchcsec');
    expect(r.params.sign).toBe(expected);
  });

  it('1688 cross-border: HMAC-SHA1 over the url path and sorted pairs, key the app secret', () => {
    const r = new Alibaba1688Provider('app1', 'sec1', 'tok', () => NOW, noFetch).searchRequest('phone case', 1, 20);
    const path = 'param2/1/com.alibaba.fenxiao.crossborder/product.search.keywordQuery/app1';
    expect(r.url).toBe(`https://gw.open.1688.com/openapi/${path}`);
    const q = '{"keyword":"phone case","beginPage":1,"pageSize":20,"country":"en"}';
    const expected = createHmac('sha1', 'sec1')
      .update(`${path}_aop_timestamp${NOW.getTime()}access_tokentokofferQueryParam${q}`)
      .digest('hex')
      .toUpperCase();
    expect(r.params._aop_signature).toBe(expected);
  });

  it('search sends the signed form and reads the answer; PDD promotion links are read too', async () => {
    const sent: { url: string; body?: string }[] = [];
    const fake: Fetch = async (url, init) => {
      sent.push({ url, body: init.body });
      const body = new URLSearchParams(init.body).get('type')?.includes('promotion')
        ? {
            goods_promotion_url_generate_response: {
              goods_promotion_url_list: [{ url: 'https://p.pinduoduo.com/a', mobile_url: 'https://p.pinduoduo.com/m' }],
            },
          }
        : {
            goods_search_response: {
              goods_list: [
                {
                  goods_sign: 'E9_abc',
                  goods_name: '辣条',
                  min_group_price: 990,
                  min_normal_price: 1290,
                  coupon_discount: 100,
                  promotion_rate: 100,
                  sales_tip: '10万+',
                },
              ],
            },
          };
      return { json: async () => body };
    };
    const p = new PddDdkProvider('cid', 'csec', 'pid_1', () => NOW, fake);
    const items = await p.search('辣条', 1, 10);
    expect(items).toEqual([
      expect.objectContaining({
        source: 'pdd',
        itemId: 'E9_abc',
        title: '辣条',
        priceMinor: 890,
        originalPriceMinor: 1290,
        rebateMinor: 99,
        sales: 10,
      }),
    ]);
    expect(new URLSearchParams(sent[0].body).get('sign')).toMatch(/^[0-9A-F]{32}$/);
    expect(await p.promotionUrl('E9_abc')).toEqual({ url: 'https://p.pinduoduo.com/a', mobile_url: 'https://p.pinduoduo.com/m' });
  });

  it('the real clients are used only for sources whose keys are set; the others are the sandbox', async () => {
    const none = createMallProviders(loadEnv({ NODE_ENV: 'test' }));
    expect(Object.values(none).every((p) => p.sandbox)).toBe(true);
    const some = createMallProviders(loadEnv({ NODE_ENV: 'test', PDD_CLIENT_ID: 'a', PDD_CLIENT_SECRET: 'b', JD_UNION_APP_KEY: 'x' }));
    expect(
      Object.entries(some)
        .filter(([, p]) => !p.sandbox)
        .map(([k]) => k),
    ).toEqual(['pdd']);
    expect(some.pdd).toBeInstanceOf(PddDdkProvider);
    expect(await none.taobao.promotionUrl('42')).toEqual({
      url: 'https://item.taobao.com/item.htm?id=42',
      mobile_url: 'https://h5.m.taobao.com/awp/core/detail.htm?id=42',
    });
    expect(beijingTime(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01 04:30:00');
  });
});

describe('link recognition', () => {
  const cases: [string, ReturnType<typeof recogniseLink>][] = [
    ['100012345678', { source: 'jd', itemId: '100012345678', kind: 'id' }],
    ['https://item.jd.com/100012345678.html', { source: 'jd', itemId: '100012345678', kind: 'id' }],
    ['https://item.m.jd.com/product/100012345678.html?x=1', { source: 'jd', itemId: '100012345678', kind: 'id' }],
    ['https://item.taobao.com/item.htm?spm=a.b&id=680000104729', { source: 'taobao', itemId: '680000104729', kind: 'id' }],
    ['https://detail.tmall.com/item.htm?id=612345678901&skuId=4', { source: 'taobao', itemId: '612345678901', kind: 'id' }],
    ['https://detail.1688.com/offer/720015485863.html?spm=1', { source: '1688', itemId: '720015485863', kind: 'id' }],
    ['https://mobile.yangkeduo.com/goods.html?goods_id=450000007907&_x=1', { source: 'pdd', itemId: '450000007907', kind: 'id' }],
    ['hello', null],
    ['https://example.com/item.htm?id=123456', null],
  ];
  for (const [text, want] of cases) it(`reads ${text.slice(0, 50)}`, () => expect(recogniseLink(text)).toEqual(want));

  it('reads Taobao share texts (short link, ￥token￥, quoted title)', () => {
    const r = recogniseLink('【淘宝】https://m.tb.cn/h.5AbCdEf?tk=Xy 「小米 降噪蓝牙耳机 运动款」 点击链接直接打开');
    expect(r).toEqual({ source: 'taobao', kind: 'share', token: 'h.5AbCdEf', title: '小米 降噪蓝牙耳机 运动款' });
    const t = recogniseLink('9￥Ab12Cd34Ef￥ 【淘宝】罗马仕 快充充电宝 复制这段描述后打开淘宝');
    expect(t).toMatchObject({ source: 'taobao', kind: 'share', token: 'Ab12Cd34Ef' });
    expect(shareTitle('【淘宝】罗马仕 快充充电宝 https://m.tb.cn/h.x ￥Ab12Cd34Ef￥')).toBe('罗马仕 快充充电宝');
  });
});
