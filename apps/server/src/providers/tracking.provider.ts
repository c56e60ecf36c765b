import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The China leg: domestic courier tracking before our warehouse. We subscribe declared parcels' numbers with
 * a tracking service, which then pushes each new courier event to POST /api/tracking/push/<provider name>.
 * Events only inform the customer and the warehouse: the parcel's status moves on our own scan-in.
 */
export type CourierStage = 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'exception' | 'other';

export interface CourierEvent {
  /** The courier's text as it came (usually Chinese). */
  text: string;
  at: Date;
  stage: CourierStage;
}

export interface TrackingUpdate {
  trackingNo: string;
  events: CourierEvent[];
}

export type PushVerdict = { ok: true; updates: TrackingUpdate[] } | { ok: false; reason: string };

export interface SubscribeResult {
  accepted: string[];
  rejected: Array<{ trackingNo: string; reason: string }>;
}

export interface StopResult {
  /** Numbers the service no longer follows (or never did: nothing left to stop). */
  stopped: string[];
  /** Numbers the service refused to stop, with its reason; we stop following them all the same. */
  rejected: Array<{ trackingNo: string; reason: string }>;
}

export interface TrackingProvider {
  /** The push path's last segment: POST /api/tracking/push/<name>. */
  readonly name: string;
  /** Numbers per subscribe call (the service's limit). */
  readonly batchSize: number;
  /** Subscribes at most `batchSize` numbers; throws when the call itself fails (network, auth, quota), to be retried later. */
  subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult>;
  /**
   * Stops following at most `batchSize` numbers (the parcel reached the warehouse, was deleted, or went quiet);
   * throws when the call itself fails, to be retried later.
   */
  stop(batch: Array<{ trackingNo: string; carrier: string }>): Promise<StopResult>;
  /** Verifies a pushed body (as it came, with its content type) and reads its events. */
  verifyPush(headers: Record<string, unknown>, rawBody: string): PushVerdict;
  /** What the service expects as the answer to an accepted push. */
  pushAnswer(): { status: number; body: unknown };
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

/** A call that hangs is given up after this (the parcels wait for the next try). */
const CALL_TIMEOUT_MS = 15_000;
function timed<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "2026-11-28 16:33:19" in China time (UTC+8), as the couriers write it. */
export function chinaTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s.trim());
  if (!m) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +(m[6] ?? 0)));
}

// ---------------------------------------------------------------------------------------------
// Kuaidi100 (快递100) subscription API
// ---------------------------------------------------------------------------------------------

/** Our carrier codes → Kuaidi100 company codes. */
export const KUAIDI100_COMPANY: Record<string, string> = {
  SF: 'shunfeng',
  JD: 'jd',
  JT: 'jtexpress',
  YTO: 'yuantong',
  EMS: 'ems',
  STO: 'shentong',
  ZTO: 'zhongtong',
  YUNDA: 'yunda',
  BEST: 'huitongkuaidi',
};

/** Kuaidi100 `state` (and resultv2 item `status`) → our stage. */
function kuaidi100Stage(state: string): CourierStage {
  if (['1', '揽收'].includes(state)) return 'picked_up';
  if (['5', '派件'].includes(state)) return 'out_for_delivery';
  if (['3', '签收'].includes(state)) return 'delivered';
  if (['2', '4', '6', '14', '疑难', '退签', '退回', '拒签'].includes(state)) return 'exception';
  if (['0', '在途', '7', '转投', '8', '清关'].includes(state)) return 'in_transit';
  return 'other';
}

/**
 * Kuaidi100 subscription (https://api.kuaidi100.com/document/5f0ffb5ebc8da837cbd8aefc): POST
 * https://poll.kuaidi100.com/poll, form fields `schema=json` and `param` = JSON {company, number, key,
 * parameters: {callbackurl, salt, resultv2}}, one number per call; answer {result, returnCode, message}, 501 =
 * already subscribed. The push posts form fields `param` (JSON with lastResult.data[]) and `sign` =
 * MD5(param + salt) in upper case; it wants {"result":true,"returnCode":"200","message":"成功"} back.
 */
export class Kuaidi100Provider implements TrackingProvider {
  readonly name = 'kuaidi100';
  readonly batchSize = 1;
  static readonly URL = 'https://poll.kuaidi100.com/poll';

  constructor(
    private key: string,
    private salt: string,
    private callbackUrl: string,
    private fetchFn: FetchLike = fetch as unknown as FetchLike,
  ) {}

  /** The exact request of one subscription (exposed for tests). */
  request(trackingNo: string, carrier: string) {
    const param = JSON.stringify({
      company: KUAIDI100_COMPANY[carrier] ?? '',
      number: trackingNo,
      key: this.key,
      parameters: {
        callbackurl: this.callbackUrl,
        salt: this.salt,
        resultv2: '1',
        ...(KUAIDI100_COMPANY[carrier] ? {} : { autoCom: '1' }),
      },
    });
    return {
      url: Kuaidi100Provider.URL,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ schema: 'json', param }).toString(),
      },
    };
  }

  async subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult> {
    const out: SubscribeResult = { accepted: [], rejected: [] };
    for (const b of batch) {
      const { url, init } = this.request(b.trackingNo, b.carrier);
      const res = await timed(this.fetchFn(url, init));
      if (res.status >= 500) throw new Error(`kuaidi100 HTTP ${res.status}`);
      const j = JSON.parse(await res.text()) as { result?: boolean; returnCode?: string; message?: string };
      const code = String(j.returnCode ?? '');
      if (j.result || code === '200' || code === '501') out.accepted.push(b.trackingNo);
      // 600/601 (no credit, key expired) and 500 (server) are the call failing, not the number.
      else if (['500', '600', '601', '503'].includes(code)) throw new Error(`kuaidi100 ${code}: ${j.message ?? ''}`);
      else out.rejected.push({ trackingNo: b.trackingNo, reason: `${code} ${j.message ?? ''}`.trim() });
    }
    return out;
  }

  /**
   * Kuaidi100's subscription API has no call to end a subscription (it stops by itself once the courier
   * reports delivery, or after a long quiet): we stop following the number on our side, and later pushes
   * for it are ignored.
   */
  async stop(batch: Array<{ trackingNo: string; carrier: string }>): Promise<StopResult> {
    return { stopped: batch.map((b) => b.trackingNo), rejected: [] };
  }

  static sign(param: string, salt: string) {
    return md5Upper(param + salt);
  }

  verifyPush(_headers: Record<string, unknown>, rawBody: string): PushVerdict {
    const form = new URLSearchParams(rawBody);
    const param = form.get('param');
    const sign = form.get('sign') ?? '';
    if (!param) return { ok: false, reason: 'no param' };
    if (!sameText(sign.toUpperCase(), Kuaidi100Provider.sign(param, this.salt))) return { ok: false, reason: 'bad signature' };
    let body: {
      lastResult?: { nu?: string; state?: string; data?: Array<{ context?: string; time?: string; ftime?: string; status?: string }> };
    };
    try {
      body = JSON.parse(param);
    } catch {
      return { ok: false, reason: 'param is not JSON' };
    }
    const r = body.lastResult;
    if (!r?.nu) return { ok: false, reason: 'no lastResult.nu' };
    const data = r.data ?? [];
    const events: CourierEvent[] = [];
    data.forEach((d, i) => {
      const at = chinaTime(d.ftime ?? d.time ?? '');
      if (!at || !d.context) return;
      // Without resultv2 items carry no status: the newest (first) takes the whole track's state.
      const stage = d.status ? kuaidi100Stage(d.status) : i === 0 ? kuaidi100Stage(String(r.state ?? '')) : 'in_transit';
      events.push({ text: d.context, at, stage });
    });
    return { ok: true, updates: [{ trackingNo: r.nu, events }] };
  }

  pushAnswer() {
    return { status: 200, body: { result: true, returnCode: '200', message: '成功' } };
  }
}

// ---------------------------------------------------------------------------------------------
// 17TRACK API v2.2
// ---------------------------------------------------------------------------------------------

/**
 * Our carrier codes → 17TRACK carrier keys (its carrier list, apicarrier.all.json). Only keys confirmed against
 * that list are sent: a wrong key makes 17TRACK look the number up at the wrong carrier, while a number sent
 * without one is detected by 17TRACK itself. China Post is 3011 and China EMS 3013 (our EMS code is the EMS
 * service, not ordinary post).
 */
export const SEVENTEEN_TRACK_CARRIER: Record<string, number> = {
  SF: 100012,
  YTO: 190157,
  EMS: 3013,
};

function seventeenStage(stage: string): CourierStage {
  const s = stage.toLowerCase();
  if (s.includes('pickedup') || s === 'inforeceived') return 'picked_up';
  if (s.includes('outfordelivery') || s.includes('availableforpickup')) return 'out_for_delivery';
  if (s.includes('delivered')) return 'delivered';
  if (s.includes('exception') || s.includes('returning') || s.includes('returned') || s.includes('expired') || s.includes('failed'))
    return 'exception';
  if (s.includes('transit') || s.includes('departure') || s.includes('arrival')) return 'in_transit';
  return 'other';
}

/**
 * 17TRACK v2.2 (https://api.17track.net/en/doc?version=v2.2): POST /track/v2.2/register with header `17token`
 * and a JSON array of {number, carrier}, at most 40 per call; answer {code, data: {accepted[], rejected[]}}
 * (rejected code -18019901 = already registered); POST /track/v2.2/stoptrack with the same body stops one
 * (no more pushes, the quota is not given back). The webhook posts JSON {event: "TRACKING_UPDATED", data:
 * {number, track_info: {tracking: {providers: [{events: [{time_iso, description, location, sub_status}]}]}}}}
 * with header `sign` = SHA256 hex of `<raw body>/<security key>`.
 */
export class SeventeenTrackProvider implements TrackingProvider {
  readonly name = '17track';
  readonly batchSize = 40;
  static readonly URL = 'https://api.17track.net/track/v2.2/register';
  /** Stops tracking registered numbers (same body as register); they stay in the account and are no longer pushed. */
  static readonly STOP_URL = 'https://api.17track.net/track/v2.2/stoptrack';

  constructor(
    private key: string,
    private fetchFn: FetchLike = fetch as unknown as FetchLike,
  ) {}

  request(batch: Array<{ trackingNo: string; carrier: string }>, url = SeventeenTrackProvider.URL) {
    const body = JSON.stringify(
      batch.map((b) => {
        const carrier = SEVENTEEN_TRACK_CARRIER[b.carrier];
        return carrier ? { number: b.trackingNo, carrier } : { number: b.trackingNo };
      }),
    );
    return {
      url,
      init: { method: 'POST', headers: { '17token': this.key, 'content-type': 'application/json' }, body },
    };
  }

  /** One call's answer {code, data: {accepted, rejected}}; throws when the call itself failed. */
  private async call(url: string, batch: Array<{ trackingNo: string; carrier: string }>) {
    if (batch.length > this.batchSize) throw new Error(`17track: at most ${this.batchSize} numbers per call`);
    const { init } = this.request(batch, url);
    const res = await timed(this.fetchFn(url, init));
    if (res.status !== 200) throw new Error(`17track HTTP ${res.status}`);
    const j = JSON.parse(await res.text()) as {
      code?: number;
      data?: {
        accepted?: Array<{ number: string }>;
        rejected?: Array<{ number: string; error?: { code?: number; message?: string } }>;
        errors?: Array<{ code?: number; message?: string }>;
      };
    };
    if (j.code !== 0) throw new Error(`17track code ${j.code}: ${j.data?.errors?.[0]?.message ?? ''}`);
    return { accepted: (j.data?.accepted ?? []).map((a) => a.number), rejected: j.data?.rejected ?? [] };
  }

  async stop(batch: Array<{ trackingNo: string; carrier: string }>): Promise<StopResult> {
    const r = await this.call(SeventeenTrackProvider.STOP_URL, batch);
    return {
      stopped: r.accepted,
      rejected: r.rejected.map((x) => ({ trackingNo: x.number, reason: `${x.error?.code ?? ''} ${x.error?.message ?? ''}`.trim() })),
    };
  }

  async subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult> {
    const answer = await this.call(SeventeenTrackProvider.URL, batch);
    const out: SubscribeResult = { accepted: answer.accepted, rejected: [] };
    for (const r of answer.rejected) {
      if (r.error?.code === -18019901) out.accepted.push(r.number);
      else out.rejected.push({ trackingNo: r.number, reason: `${r.error?.code ?? ''} ${r.error?.message ?? ''}`.trim() });
    }
    return out;
  }

  static sign(rawBody: string, key: string) {
    return sha256Hex(`${rawBody}/${key}`);
  }

  verifyPush(headers: Record<string, unknown>, rawBody: string): PushVerdict {
    const sign = String(headers['sign'] ?? '').toLowerCase();
    if (!sign) return { ok: false, reason: 'no sign header' };
    if (!sameText(sign, SeventeenTrackProvider.sign(rawBody, this.key))) return { ok: false, reason: 'bad signature' };
    let body: {
      event?: string;
      data?: {
        number?: string;
        track_info?: {
          tracking?: {
            providers?: Array<{
              events?: Array<{
                time_iso?: string;
                time_utc?: string;
                description?: string;
                location?: string;
                stage?: string;
                sub_status?: string;
              }>;
            }>;
          };
        };
      };
    };
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
    if (body.event !== 'TRACKING_UPDATED') return { ok: true, updates: [] };
    const number = body.data?.number;
    if (!number) return { ok: false, reason: 'no data.number' };
    const events: CourierEvent[] = [];
    for (const p of body.data?.track_info?.tracking?.providers ?? []) {
      for (const e of p.events ?? []) {
        const at = new Date(e.time_utc ?? e.time_iso ?? '');
        if (Number.isNaN(at.getTime()) || !e.description) continue;
        const text = e.location ? `${e.location} ${e.description}` : e.description;
        events.push({ text, at, stage: seventeenStage(e.sub_status ?? e.stage ?? '') });
      }
    }
    return { ok: true, updates: [{ trackingNo: number, events }] };
  }

  pushAnswer() {
    return { status: 200, body: { ok: true } };
  }
}

// ---------------------------------------------------------------------------------------------
// Sandbox
// ---------------------------------------------------------------------------------------------

const SANDBOX_STEPS: Array<{ afterHours: number; stage: CourierStage; text: string }> = [
  { afterHours: 2, stage: 'picked_up', text: '【广州市】快递员已揽收 Picked up by the courier' },
  { afterHours: 10, stage: 'in_transit', text: '【广州市】已发往 深圳转运中心 Left for the Shenzhen hub' },
  { afterHours: 20, stage: 'in_transit', text: '【深圳市】已到达 深圳转运中心 Arrived at the Shenzhen hub' },
  { afterHours: 30, stage: 'out_for_delivery', text: '【东莞市】派件中，派往 品邮集运仓 Out for delivery to the warehouse' },
];

/**
 * The offline tracking service (default without keys): subscribing always succeeds, and `eventsFor` plays the
 * same four domestic events for a number from the moment it was subscribed, a few hours apart, varied by the
 * number (deterministic). `push()` makes the signed body the service would post, so dev and tests travel the
 * real push path: a JSON body with header `x-sandbox-sign` = SHA256 hex of `<raw body>/<secret>`.
 */
export class SandboxTrackingProvider implements TrackingProvider {
  readonly name = 'sandbox';
  static readonly SECRET = 'pinyou-sandbox-tracking-secret';
  readonly subscribed: string[] = [];
  readonly stopped: string[] = [];

  /** `pushes: false` (production): the secret is in the source, so its pushes would let anyone write events. */
  constructor(
    readonly batchSize = 50,
    private opts: { pushes: boolean } = { pushes: true },
  ) {}

  async subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult> {
    for (const b of batch) this.subscribed.push(b.trackingNo);
    return { accepted: batch.map((b) => b.trackingNo), rejected: [] };
  }

  async stop(batch: Array<{ trackingNo: string; carrier: string }>): Promise<StopResult> {
    for (const b of batch) this.stopped.push(b.trackingNo);
    return { stopped: batch.map((b) => b.trackingNo), rejected: [] };
  }

  /** The events a number has had by `now`, counted from `since` (oldest first). */
  static eventsFor(trackingNo: string, since: Date, now: Date): CourierEvent[] {
    const jitter = [...trackingNo].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 997, 7) % 5;
    return SANDBOX_STEPS.map((s, i) => ({
      text: s.text,
      stage: s.stage,
      at: new Date(since.getTime() + (s.afterHours + jitter * (i + 1)) * 3_600_000),
    })).filter((e) => e.at.getTime() <= now.getTime());
  }

  push(trackingNo: string, events: CourierEvent[]) {
    const body = JSON.stringify({
      tracking_no: trackingNo,
      events: events.map((e) => ({ text: e.text, at: e.at.toISOString(), stage: e.stage })),
    });
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-sandbox-sign': sha256Hex(`${body}/${SandboxTrackingProvider.SECRET}`) },
    };
  }

  verifyPush(headers: Record<string, unknown>, rawBody: string): PushVerdict {
    if (!this.opts.pushes) return { ok: false, reason: 'sandbox pushes are off in production' };
    const sign = String(headers['x-sandbox-sign'] ?? '').toLowerCase();
    if (!sameText(sign, sha256Hex(`${rawBody}/${SandboxTrackingProvider.SECRET}`))) return { ok: false, reason: 'bad signature' };
    let b: { tracking_no?: string; events?: Array<{ text?: string; at?: string; stage?: string }> };
    try {
      b = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
    if (!b.tracking_no) return { ok: false, reason: 'no tracking_no' };
    const stages: CourierStage[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'other'];
    const events = (b.events ?? []).flatMap((e) => {
      const at = new Date(e.at ?? '');
      if (!e.text || Number.isNaN(at.getTime())) return [];
      return [{ text: e.text, at, stage: stages.includes(e.stage as CourierStage) ? (e.stage as CourierStage) : 'other' }];
    });
    return { ok: true, updates: [{ trackingNo: b.tracking_no, events }] };
  }

  pushAnswer() {
    return { status: 200, body: { ok: true } };
  }
}

/** TRACKING_PROVIDER with its keys (Kuaidi100 also PUBLIC_URL); the sandbox by default or when the chosen one lacks them. */
export function trackingProviderFromEnv(env: {
  TRACKING_PROVIDER: 'sandbox' | 'kuaidi100' | '17track';
  KUAIDI100_KEY?: string;
  KUAIDI100_SALT?: string;
  SEVENTEEN_TRACK_KEY?: string;
  PUBLIC_URL?: string;
  NODE_ENV?: string;
}): TrackingProvider {
  // Kuaidi100 is told where to push with each subscription: it needs our public address.
  if (env.TRACKING_PROVIDER === 'kuaidi100' && env.KUAIDI100_KEY && env.KUAIDI100_SALT && env.PUBLIC_URL) {
    const base = env.PUBLIC_URL.replace(/\/$/, '');
    return new Kuaidi100Provider(env.KUAIDI100_KEY, env.KUAIDI100_SALT, `${base}/api/tracking/push/kuaidi100`);
  }
  // 17TRACK's webhook address is set in its dashboard: <PUBLIC_URL>/api/tracking/push/17track.
  if (env.TRACKING_PROVIDER === '17track' && env.SEVENTEEN_TRACK_KEY) return new SeventeenTrackProvider(env.SEVENTEEN_TRACK_KEY);
  return new SandboxTrackingProvider(50, { pushes: env.NODE_ENV !== 'production' });
}
