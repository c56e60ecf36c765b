import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptResource, encryptResource, signSha256Rsa, WechatPayV3Provider, WxpayNotifyVerifier } from './wxpay.provider.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const apiV3Key = randomBytes(16).toString('hex');
const PLATFORM_SERIAL = 'PUB_KEY_ID_0123456789';

function platformSigned(body: string, extra: Record<string, string> = {}) {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signSha256Rsa(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
      ...extra,
    },
  });
}

function client(fetchImpl: typeof fetch) {
  return new WechatPayV3Provider(
    {
      mchId: '1900000001',
      appId: 'wxd678efh567hg6787',
      serialNo: 'MERCHANTSERIAL01',
      privateKey: merchant.privateKey,
      apiV3Key,
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
      baseUrl: 'https://api.mch.weixin.qq.com',
      apiPrefix: '/v3/pay/transactions',
    },
    fetchImpl,
  );
}

function parseAuth(h: string) {
  expect(h.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  return Object.fromEntries([...h.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const input = {
  outTradeNo: 'R2611200000001ABCDEF',
  description: 'Pinyou top-up',
  amountMinor: 2550,
  currency: 'SGD',
  notifyUrl: 'https://pinyou.example/api/notify/wxpay',
  clientIp: '203.0.113.9',
  expiresAt: new Date('2026-11-21T00:00:00Z'),
};

describe('WeChat Pay v3 client', () => {
  it('signs requests with the merchant key and creates an H5 payment', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const c = client((async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return platformSigned(JSON.stringify({ h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1' }));
    }) as unknown as typeof fetch);
    const created = await c.createOrder({ ...input, tradeType: 'h5' });
    expect(created.payUrl).toContain('checkmweb');
    expect(seen[0].url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    const body = String(seen[0].init.body);
    expect(JSON.parse(body)).toMatchObject({
      appid: 'wxd678efh567hg6787',
      mchid: '1900000001',
      out_trade_no: input.outTradeNo,
      notify_url: input.notifyUrl,
      amount: { total: 2550, currency: 'SGD' },
      scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
    });
    const auth = parseAuth((seen[0].init.headers as Record<string, string>).Authorization);
    expect(auth).toMatchObject({ mchid: '1900000001', serial_no: 'MERCHANTSERIAL01' });
    const message = `POST\n/v3/pay/transactions/h5\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`;
    expect(verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(auth.signature, 'base64'))).toBe(true);
    expect(verify('RSA-SHA256', Buffer.from(message + 'x'), merchant.publicKey, Buffer.from(auth.signature, 'base64'))).toBe(false);
  });

  it('creates a JSAPI payment and signs the bridge parameters', async () => {
    const c = client((async () =>
      platformSigned(JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' }))) as unknown as typeof fetch);
    const created = await c.createOrder({ ...input, tradeType: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const j = created.jsapi!;
    expect(j.package).toBe('prepay_id=wx201410272009395522657a690389285100');
    const msg = `${j.appId}\n${j.timeStamp}\n${j.nonceStr}\n${j.package}\n`;
    expect(verify('RSA-SHA256', Buffer.from(msg), merchant.publicKey, Buffer.from(j.paySign, 'base64'))).toBe(true);
    await expect(c.createOrder({ ...input, tradeType: 'jsapi', openid: null })).rejects.toThrow(/openid/);
  });

  it('does not trust an answer that is not signed by the platform', async () => {
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const c = client((async () => {
      const body = JSON.stringify({ h5_url: 'https://evil.example' });
      const ts = String(Math.floor(Date.now() / 1000));
      return new Response(body, {
        status: 200,
        headers: {
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': 'n',
          'wechatpay-serial': PLATFORM_SERIAL,
          'wechatpay-signature': signSha256Rsa(forger.privateKey, `${ts}\nn\n${body}\n`),
        },
      });
    }) as unknown as typeof fetch);
    await expect(c.createOrder({ ...input, tradeType: 'h5' })).rejects.toThrow(/signature/);
    const failing = client((async () => new Response(JSON.stringify({ code: 'PARAM_ERROR' }), { status: 400 })) as unknown as typeof fetch);
    await expect(failing.createOrder({ ...input, tradeType: 'h5' })).rejects.toThrow(/400/);
  });

  it('queries an order by out_trade_no', async () => {
    let url = '';
    const c = client((async (u: string, init: RequestInit) => {
      url = u;
      expect(init.method).toBe('GET');
      return platformSigned(
        JSON.stringify({
          out_trade_no: input.outTradeNo,
          transaction_id: '4200001',
          trade_state: 'SUCCESS',
          amount: { total: 2550, currency: 'SGD' },
        }),
      );
    }) as unknown as typeof fetch);
    const r = await c.queryOrder(input.outTradeNo);
    expect(url).toBe(`https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${input.outTradeNo}?mchid=1900000001`);
    expect(r?.trade_state).toBe('SUCCESS');
  });

  it('verifies notifications with the platform key and decrypts the AES-256-GCM resource', () => {
    const c = client(fetch);
    const transaction = {
      out_trade_no: input.outTradeNo,
      transaction_id: '4200002',
      trade_state: 'SUCCESS',
      amount: { total: 2550, currency: 'SGD' },
    };
    const body = JSON.stringify({
      id: 'EV-1',
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: encryptResource(apiV3Key, JSON.stringify(transaction)),
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': 'abc',
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signSha256Rsa(platform.privateKey, `${ts}\nabc\n${body}\n`),
    };
    const ok = c.verifyNotification(headers, body);
    expect(ok).toEqual({ ok: true, eventType: 'TRANSACTION.SUCCESS', transaction });
    expect(c.verifyNotification({ ...headers, 'wechatpay-serial': 'OTHER' }, body)).toEqual({
      ok: false,
      reason: 'unknown platform serial',
    });
    expect(c.verifyNotification(headers, body.replace('EV-1', 'EV-2'))).toEqual({ ok: false, reason: 'bad signature' });
    expect(c.verifyNotification({ ...headers, 'wechatpay-signature': '' }, body)).toEqual({
      ok: false,
      reason: 'missing signature headers',
    });

    // Signed correctly but encrypted with another key: refused.
    const wrongKeyBody = JSON.stringify({
      event_type: 'TRANSACTION.SUCCESS',
      resource: encryptResource(randomBytes(16).toString('hex'), JSON.stringify(transaction)),
    });
    const h2 = { ...headers, 'wechatpay-signature': signSha256Rsa(platform.privateKey, `${ts}\nabc\n${wrongKeyBody}\n`) };
    expect(c.verifyNotification(h2, wrongKeyBody)).toEqual({ ok: false, reason: 'resource does not decrypt' });
  });

  it('AES-256-GCM round trip uses the associated data', () => {
    const enc = encryptResource(apiV3Key, '{"a":1}', 'transaction');
    expect(decryptResource(apiV3Key, enc)).toBe('{"a":1}');
    expect(() => decryptResource(apiV3Key, { ...enc, associated_data: 'other' })).toThrow();
  });

  it('refuses stale notifications', () => {
    const v = new WxpayNotifyVerifier({
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
      apiV3Key,
      now: () => Date.now() + 600_000,
    });
    const body = '{}';
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': 'n',
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signSha256Rsa(platform.privateKey, `${ts}\nn\n${body}\n`),
    };
    expect(v.verify(headers, body)).toEqual({ ok: false, reason: 'stale timestamp' });
  });

  it('is configured from the environment only when every key is present', () => {
    const base = { WXPAY_BASE_URL: 'https://api.mch.weixin.qq.com', WXPAY_API_PREFIX: '/v3/pay/transactions' };
    expect(WechatPayV3Provider.fromEnv(base)).toBeNull();
    const full = WechatPayV3Provider.fromEnv({
      ...base,
      WXPAY_MCHID: '1900000001',
      WECHAT_APPID: 'wx1',
      WXPAY_SERIAL_NO: 'S1',
      WXPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WXPAY_API_V3_KEY: apiV3Key,
      WXPAY_PLATFORM_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      WXPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
    });
    expect(full?.name).toBe('wechatpay');
  });
});
