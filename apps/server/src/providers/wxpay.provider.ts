import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';

/**
 * WeChat Pay API v3: creating a payment for a top-up, asking its state, and checking the payment
 * notification WeChat posts back. The real client and the sandbox share WxpayNotifyVerifier, so a
 * sandbox confirmation travels the same verify-decrypt-credit path as a real one.
 */
export interface WxpayCreateInput {
  outTradeNo: string;
  description: string;
  amountMinor: number;
  currency: string;
  notifyUrl: string;
  tradeType: 'h5' | 'jsapi';
  openid?: string | null;
  clientIp: string;
  expiresAt: Date;
}

export interface WxpayCreated {
  /** H5: the page that takes the payment. */
  payUrl: string | null;
  /** JSAPI: what WeixinJSBridge.invoke('getBrandWCPayRequest') takes. */
  jsapi: Record<string, string> | null;
}

/** The decrypted `resource` of a TRANSACTION.SUCCESS notification (fields we use). */
export interface WxpayTransaction {
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; currency: string; payer_total?: number };
}

export type WxpayNotifyResult = { ok: true; eventType: string; transaction: WxpayTransaction } | { ok: false; reason: string };

export interface WxpayProvider {
  readonly name: string;
  createOrder(input: WxpayCreateInput): Promise<WxpayCreated>;
  /** The provider's view of a payment, or null when unknown. */
  queryOrder(outTradeNo: string): Promise<WxpayTransaction | null>;
  verifyNotification(headers: Record<string, unknown>, rawBody: string): WxpayNotifyResult;
}

const header = (h: Record<string, unknown>, name: string) => {
  const v = h[name] ?? h[name.toLowerCase()];
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
};

/** AES-256-GCM as WeChat uses it: the tag is the last 16 bytes of the base64 ciphertext. */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function encryptResource(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ct.toString('base64'),
    nonce,
    associated_data: associatedData,
    original_type: 'transaction',
  };
}

export const signSha256Rsa = (key: KeyObject, message: string) => sign('RSA-SHA256', Buffer.from(message, 'utf8'), key).toString('base64');

export class WxpayNotifyVerifier {
  constructor(
    private readonly opts: {
      platformPublicKey: KeyObject;
      platformSerial: string;
      apiV3Key: string;
      maxSkewSeconds?: number;
      now?: () => number;
    },
  ) {}

  /** Checks the platform signature over "timestamp\nnonce\nbody\n" (WeChat's response and notification format). */
  verifySignature(headers: Record<string, unknown>, rawBody: string): string | null {
    const ts = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !nonce || !signature || !serial) return 'missing signature headers';
    if (serial !== this.opts.platformSerial) return 'unknown platform serial';
    const now = Math.floor((this.opts.now?.() ?? Date.now()) / 1000);
    if (!/^\d+$/.test(ts) || Math.abs(now - Number(ts)) > (this.opts.maxSkewSeconds ?? 300)) return 'stale timestamp';
    let good = false;
    try {
      good = verify(
        'RSA-SHA256',
        Buffer.from(`${ts}\n${nonce}\n${rawBody}\n`, 'utf8'),
        this.opts.platformPublicKey,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      good = false;
    }
    return good ? null : 'bad signature';
  }

  verify(headers: Record<string, unknown>, rawBody: string): WxpayNotifyResult {
    const bad = this.verifySignature(headers, rawBody);
    if (bad) return { ok: false, reason: bad };
    try {
      const body = JSON.parse(rawBody) as {
        event_type?: string;
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      if (!body.resource) return { ok: false, reason: 'no resource' };
      const transaction = JSON.parse(decryptResource(this.opts.apiV3Key, body.resource)) as WxpayTransaction;
      return { ok: true, eventType: body.event_type ?? '', transaction };
    } catch {
      return { ok: false, reason: 'resource does not decrypt' };
    }
  }
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  platformPublicKey: KeyObject;
  /** The platform certificate serial or public-key ID (PUB_KEY_ID_...) notifications carry. */
  platformSerial: string;
  baseUrl: string;
  /** '/v3/pay/transactions' (mainland merchants) or '/v3/global/transactions' (cross-border, SGD). */
  apiPrefix: string;
}

/** PEM text, or a path to a PEM file. */
export function readPem(value: string): string {
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFileSync(value, 'utf8');
}

/** The real WeChat Pay API v3 client (requests signed with the merchant key; answers and notifications verified). */
export class WechatPayV3Provider implements WxpayProvider {
  readonly name = 'wechatpay';
  private readonly verifier: WxpayNotifyVerifier;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10_000,
  ) {
    this.verifier = new WxpayNotifyVerifier({
      platformPublicKey: cfg.platformPublicKey,
      platformSerial: cfg.platformSerial,
      apiV3Key: cfg.apiV3Key,
    });
  }

  static fromEnv(env: {
    WXPAY_MCHID?: string;
    WXPAY_APPID?: string;
    WECHAT_APPID?: string;
    WXPAY_SERIAL_NO?: string;
    WXPAY_PRIVATE_KEY?: string;
    WXPAY_API_V3_KEY?: string;
    WXPAY_PLATFORM_PUBLIC_KEY?: string;
    WXPAY_PLATFORM_SERIAL?: string;
    WXPAY_BASE_URL: string;
    WXPAY_API_PREFIX: string;
  }): WechatPayV3Provider | null {
    const appId = env.WXPAY_APPID ?? env.WECHAT_APPID;
    if (
      !env.WXPAY_MCHID ||
      !appId ||
      !env.WXPAY_SERIAL_NO ||
      !env.WXPAY_PRIVATE_KEY ||
      !env.WXPAY_API_V3_KEY ||
      !env.WXPAY_PLATFORM_PUBLIC_KEY ||
      !env.WXPAY_PLATFORM_SERIAL
    )
      return null;
    return new WechatPayV3Provider({
      mchId: env.WXPAY_MCHID,
      appId,
      serialNo: env.WXPAY_SERIAL_NO,
      privateKey: createPrivateKey(readPem(env.WXPAY_PRIVATE_KEY)),
      apiV3Key: env.WXPAY_API_V3_KEY,
      platformPublicKey: createPublicKey(readPem(env.WXPAY_PLATFORM_PUBLIC_KEY)),
      platformSerial: env.WXPAY_PLATFORM_SERIAL,
      baseUrl: env.WXPAY_BASE_URL.replace(/\/$/, ''),
      apiPrefix: env.WXPAY_API_PREFIX.replace(/\/$/, ''),
    });
  }

  /** The v3 Authorization header: RSA-SHA256 over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n". */
  authorization(
    method: string,
    pathWithQuery: string,
    body: string,
    timestamp = Math.floor(Date.now() / 1000),
    nonce = randomBytes(16).toString('hex'),
  ) {
    const signature = signSha256Rsa(this.cfg.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`;
  }

  private async request<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<{ status: number; body: T | null }> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await this.fetchImpl(`${this.cfg.baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        Authorization: this.authorization(method, pathWithQuery, body),
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'pinyou-server',
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
    // Successful answers are signed by the platform; an unsigned or forged one is not trusted.
    if (res.status < 300 && text && this.verifier.verifySignature(headers, text))
      throw new Error('WeChat Pay answer signature does not verify');
    return { status: res.status, body: text ? (JSON.parse(text) as T) : null };
  }

  async createOrder(i: WxpayCreateInput): Promise<WxpayCreated> {
    const common = {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: i.description.slice(0, 127),
      out_trade_no: i.outTradeNo,
      time_expire: i.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: i.notifyUrl,
      amount: { total: i.amountMinor, currency: i.currency },
    };
    if (i.tradeType === 'jsapi') {
      if (!i.openid) throw new Error('JSAPI payment needs the payer openid');
      const { status, body } = await this.request<{ prepay_id?: string }>('POST', `${this.cfg.apiPrefix}/jsapi`, {
        ...common,
        payer: { openid: i.openid },
      });
      if (status >= 300 || !body?.prepay_id) throw new Error(`WeChat Pay JSAPI order failed (${status})`);
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=${body.prepay_id}`;
      const paySign = signSha256Rsa(this.cfg.privateKey, `${this.cfg.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
      return { payUrl: null, jsapi: { appId: this.cfg.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign } };
    }
    const { status, body } = await this.request<{ h5_url?: string }>('POST', `${this.cfg.apiPrefix}/h5`, {
      ...common,
      scene_info: { payer_client_ip: i.clientIp, h5_info: { type: 'Wap' } },
    });
    if (status >= 300 || !body?.h5_url) throw new Error(`WeChat Pay H5 order failed (${status})`);
    return { payUrl: body.h5_url, jsapi: null };
  }

  async queryOrder(outTradeNo: string): Promise<WxpayTransaction | null> {
    const { status, body } = await this.request<WxpayTransaction>(
      'GET',
      `${this.cfg.apiPrefix}/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`,
    );
    if (status === 404 || !body) return null;
    if (status >= 300) throw new Error(`WeChat Pay query failed (${status})`);
    return body;
  }

  verifyNotification(headers: Record<string, unknown>, rawBody: string) {
    return this.verifier.verify(headers, rawBody);
  }
}

interface SandboxOrder {
  input: WxpayCreateInput;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string | null;
  /** Only the pay link holds it, and only the session that created the payment got the link. */
  key: string;
}

/**
 * The default without merchant keys: a stand-in for WeChat's side. It keeps its own platform key pair
 * and APIv3 key, serves a pay page (/sandbox/wxpay/:no, see wallet.http.ts), and on Confirm builds the
 * notification WeChat would send (RSA-signed, resource AES-256-GCM encrypted) for the notify endpoint.
 */
export class SandboxWxpayProvider implements WxpayProvider {
  readonly name = 'sandbox';
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly platformSerial = `SANDBOX_${randomBytes(8).toString('hex').toUpperCase()}`;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly verifier = new WxpayNotifyVerifier({
    platformPublicKey: this.keys.publicKey,
    platformSerial: this.platformSerial,
    apiV3Key: this.apiV3Key,
  });
  private readonly orders = new Map<string, SandboxOrder>();

  async createOrder(input: WxpayCreateInput): Promise<WxpayCreated> {
    const key = randomBytes(16).toString('hex');
    this.orders.set(input.outTradeNo, { input, state: 'NOTPAY', transactionId: null, key });
    const payUrl = `/sandbox/wxpay/${encodeURIComponent(input.outTradeNo)}/${key}`;
    if (input.tradeType === 'jsapi') {
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=sandbox_${input.outTradeNo}`;
      return {
        payUrl,
        jsapi: {
          appId: 'sandbox',
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: signSha256Rsa(this.keys.privateKey, `sandbox\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
        },
      };
    }
    return { payUrl, jsapi: null };
  }

  async queryOrder(outTradeNo: string): Promise<WxpayTransaction | null> {
    const o = this.orders.get(outTradeNo);
    if (!o) return null;
    return {
      out_trade_no: outTradeNo,
      transaction_id: o.transactionId ?? '',
      trade_state: o.state,
      amount: { total: o.input.amountMinor, currency: o.input.currency },
    };
  }

  verifyNotification(headers: Record<string, unknown>, rawBody: string) {
    return this.verifier.verify(headers, rawBody);
  }

  order(outTradeNo: string) {
    return this.orders.get(outTradeNo) ?? null;
  }

  /** Whether `key` is the order's pay-link key (the sandbox page acts only for the payment's own link). */
  holdsLink(outTradeNo: string, key: string) {
    const o = this.orders.get(outTradeNo);
    return !!o && key.length === o.key.length && timingSafeEqual(Buffer.from(key), Buffer.from(o.key));
  }

  /** The payer pressed Confirm: the payment succeeds and this is the notification WeChat would post. */
  confirm(outTradeNo: string): { headers: Record<string, string>; body: string } | null {
    const o = this.orders.get(outTradeNo);
    if (!o || o.state === 'CLOSED') return null;
    if (o.state === 'NOTPAY') {
      o.state = 'SUCCESS';
      o.transactionId = `4200${Date.now()}${randomBytes(4).toString('hex')}`;
    }
    return this.notification(outTradeNo);
  }

  cancel(outTradeNo: string): boolean {
    const o = this.orders.get(outTradeNo);
    if (!o || o.state !== 'NOTPAY') return false;
    o.state = 'CLOSED';
    return true;
  }

  /** A signed notification for an order; `override` lets tests send a well-signed but wrong one. */
  notification(
    outTradeNo: string,
    override: Partial<WxpayTransaction> = {},
    signWith?: KeyObject,
  ): { headers: Record<string, string>; body: string } {
    const o = this.orders.get(outTradeNo);
    const transaction: WxpayTransaction = {
      out_trade_no: outTradeNo,
      transaction_id: o?.transactionId ?? `4200${Date.now()}`,
      trade_state: o?.state ?? 'SUCCESS',
      amount: { total: o?.input.amountMinor ?? 0, currency: o?.input.currency ?? 'SGD', payer_total: o?.input.amountMinor ?? 0 },
      ...override,
    };
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: transaction.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
      summary: '支付成功',
      resource: encryptResource(this.apiV3Key, JSON.stringify(transaction)),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = signSha256Rsa(signWith ?? this.keys.privateKey, `${timestamp}\n${nonce}\n${body}\n`);
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': this.platformSerial,
      },
      body,
    };
  }
}
