import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chinaTime,
  Kuaidi100Provider,
  SandboxTrackingProvider,
  SeventeenTrackProvider,
  trackingProviderFromEnv,
  type FetchLike,
} from './tracking.provider.ts';

/** A fetch that records each request and answers from the list, in order. */
function fakeFetch(answers: Array<{ status: number; body: unknown }>) {
  const seen: Array<{ url: string; init: Parameters<FetchLike>[1] }> = [];
  const fn: FetchLike = async (url, init) => {
    seen.push({ url, init });
    const a = answers.shift() ?? { status: 500, body: {} };
    return { status: a.status, text: async () => JSON.stringify(a.body) };
  };
  return { fn, seen };
}

describe('Kuaidi100', () => {
  const callback = 'https://pinyou.sg/api/tracking/push/kuaidi100';

  it('subscribes one number per call with the form the poll API documents; 501 (already subscribed) counts as done', async () => {
    const f = fakeFetch([
      { status: 200, body: { result: true, returnCode: '200', message: '提交成功' } },
      { status: 200, body: { result: false, returnCode: '501', message: '重复订阅' } },
      { status: 200, body: { result: false, returnCode: '700', message: '不支持的快递公司' } },
    ]);
    const k = new Kuaidi100Provider('KEY123', 'SALT9', callback, f.fn);
    const r = await k.subscribe([
      { trackingNo: 'SF1234567890123', carrier: 'SF' },
      { trackingNo: 'YT1234567890123', carrier: 'YTO' },
      { trackingNo: 'X1', carrier: 'unknown' },
    ]);
    expect(r).toEqual({
      accepted: ['SF1234567890123', 'YT1234567890123'],
      rejected: [{ trackingNo: 'X1', reason: '700 不支持的快递公司' }],
    });
    expect(f.seen).toHaveLength(3);
    const first = f.seen[0]!;
    expect(first.url).toBe('https://poll.kuaidi100.com/poll');
    expect(first.init.method).toBe('POST');
    expect(first.init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    const form = new URLSearchParams(first.init.body);
    expect(form.get('schema')).toBe('json');
    expect(JSON.parse(form.get('param')!)).toEqual({
      company: 'shunfeng',
      number: 'SF1234567890123',
      key: 'KEY123',
      parameters: { callbackurl: callback, salt: 'SALT9', resultv2: '1' },
    });
    // A carrier we cannot name: Kuaidi100 detects it.
    expect(JSON.parse(new URLSearchParams(f.seen[2]!.init.body).get('param')!)).toMatchObject({
      company: '',
      parameters: { autoCom: '1' },
    });
  });

  it('throws when the call itself fails (no credit, server error), to be retried', async () => {
    await expect(
      new Kuaidi100Provider(
        'K',
        'S',
        callback,
        fakeFetch([{ status: 200, body: { result: false, returnCode: '601', message: 'key过期' } }]).fn,
      ).subscribe([{ trackingNo: 'SF1', carrier: 'SF' }]),
    ).rejects.toThrow(/601/);
    await expect(
      new Kuaidi100Provider('K', 'S', callback, fakeFetch([]).fn).subscribe([{ trackingNo: 'SF1', carrier: 'SF' }]),
    ).rejects.toThrow(/HTTP 500/);
  });

  it('verifies the push sign = MD5(param + salt) upper case and reads its events in China time', () => {
    const k = new Kuaidi100Provider('K', 'SALT9', callback);
    const param = JSON.stringify({
      status: 'polling',
      lastResult: {
        nu: 'SF1234567890123',
        state: '5',
        data: [
          { context: '【东莞市】派件中', time: '2026-11-20 17:00:00', ftime: '2026-11-20 17:00:00', status: '派件' },
          { context: '【广州市】已揽收', time: '2026-11-20 09:30:00', ftime: '2026-11-20 09:30:00', status: '揽收' },
        ],
      },
    });
    const sign = createHash('md5')
      .update(param + 'SALT9')
      .digest('hex')
      .toUpperCase();
    expect(Kuaidi100Provider.sign(param, 'SALT9')).toBe(sign);
    const body = new URLSearchParams({ param, sign }).toString();
    const v = k.verifyPush({}, body);
    expect(v).toEqual({
      ok: true,
      updates: [
        {
          trackingNo: 'SF1234567890123',
          events: [
            { text: '【东莞市】派件中', at: new Date('2026-11-20T09:00:00Z'), stage: 'out_for_delivery' },
            { text: '【广州市】已揽收', at: new Date('2026-11-20T01:30:00Z'), stage: 'picked_up' },
          ],
        },
      ],
    });
    expect(k.verifyPush({}, new URLSearchParams({ param, sign: sign.toLowerCase() }).toString()).ok).toBe(true);
    expect(k.verifyPush({}, new URLSearchParams({ param: param.replace('派件中', '已签收'), sign }).toString())).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(new Kuaidi100Provider('K', 'OTHER', callback).verifyPush({}, body)).toEqual({ ok: false, reason: 'bad signature' });
    expect(k.verifyPush({}, 'sign=x')).toEqual({ ok: false, reason: 'no param' });
    expect(k.pushAnswer()).toEqual({ status: 200, body: { result: true, returnCode: '200', message: '成功' } });
  });
});

describe('17TRACK', () => {
  it('registers up to 40 numbers per call with the 17token header; already registered counts as done', async () => {
    const f = fakeFetch([
      {
        status: 200,
        body: {
          code: 0,
          data: {
            accepted: [{ origin: 1, number: 'SF1', carrier: 100012 }],
            rejected: [
              { number: 'YT2', error: { code: -18019901, message: 'registered' } },
              { number: 'X3', error: { code: -18019909, message: 'invalid number' } },
            ],
          },
        },
      },
    ]);
    const s = new SeventeenTrackProvider('TOKEN', f.fn);
    expect(s.batchSize).toBe(40);
    const r = await s.subscribe([
      { trackingNo: 'SF1', carrier: 'SF' },
      { trackingNo: 'YT2', carrier: 'YTO' },
      { trackingNo: 'X3', carrier: 'unknown' },
    ]);
    expect(r).toEqual({ accepted: ['SF1', 'YT2'], rejected: [{ trackingNo: 'X3', reason: '-18019909 invalid number' }] });
    expect(f.seen).toEqual([
      {
        url: 'https://api.17track.net/track/v2.2/register',
        init: {
          method: 'POST',
          headers: { '17token': 'TOKEN', 'content-type': 'application/json' },
          body: JSON.stringify([{ number: 'SF1', carrier: 100012 }, { number: 'YT2', carrier: 190157 }, { number: 'X3' }]),
        },
      },
    ]);
    const many = Array.from({ length: 41 }, (_, i) => ({ trackingNo: `N${i}`, carrier: 'SF' }));
    await expect(s.subscribe(many)).rejects.toThrow(/at most 40/);
    await expect(
      new SeventeenTrackProvider(
        'T',
        fakeFetch([{ status: 200, body: { code: 401, data: { errors: [{ message: 'bad token' }] } } }]).fn,
      ).subscribe([{ trackingNo: 'A', carrier: 'SF' }]),
    ).rejects.toThrow(/bad token/);
  });

  it('verifies the webhook sign = SHA256(body + "/" + key) and reads the events', () => {
    const s = new SeventeenTrackProvider('TOKEN');
    const raw = JSON.stringify({
      event: 'TRACKING_UPDATED',
      data: {
        number: 'SF1',
        carrier: 100012,
        track_info: {
          tracking: {
            providers: [
              {
                events: [
                  {
                    time_iso: '2026-11-20T17:00:00+08:00',
                    time_utc: '2026-11-20T09:00:00Z',
                    description: '派件中',
                    location: '东莞市',
                    sub_status: 'OutForDelivery_Other',
                  },
                  {
                    time_iso: '2026-11-20T09:30:00+08:00',
                    time_utc: '2026-11-20T01:30:00Z',
                    description: '已揽收',
                    location: '',
                    sub_status: 'InTransit_PickedUp',
                  },
                ],
              },
            ],
          },
        },
      },
    });
    const sign = createHash('sha256').update(`${raw}/TOKEN`).digest('hex');
    expect(SeventeenTrackProvider.sign(raw, 'TOKEN')).toBe(sign);
    expect(s.verifyPush({ sign }, raw)).toEqual({
      ok: true,
      updates: [
        {
          trackingNo: 'SF1',
          events: [
            { text: '东莞市 派件中', at: new Date('2026-11-20T09:00:00Z'), stage: 'out_for_delivery' },
            { text: '已揽收', at: new Date('2026-11-20T01:30:00Z'), stage: 'picked_up' },
          ],
        },
      ],
    });
    expect(s.verifyPush({ sign }, raw.replace('派件中', '已签收'))).toEqual({ ok: false, reason: 'bad signature' });
    expect(s.verifyPush({}, raw)).toEqual({ ok: false, reason: 'no sign header' });
    expect(new SeventeenTrackProvider('OTHER').verifyPush({ sign }, raw)).toEqual({ ok: false, reason: 'bad signature' });
    const stopped = JSON.stringify({ event: 'TRACKING_STOPPED', data: { number: 'SF1' } });
    expect(s.verifyPush({ sign: SeventeenTrackProvider.sign(stopped, 'TOKEN') }, stopped)).toEqual({ ok: true, updates: [] });
  });
});

describe('choosing and the sandbox', () => {
  it('picks the provider by TRACKING_PROVIDER when its keys are set, the sandbox otherwise', () => {
    expect(trackingProviderFromEnv({ TRACKING_PROVIDER: 'sandbox' }).name).toBe('sandbox');
    expect(trackingProviderFromEnv({ TRACKING_PROVIDER: 'kuaidi100' }).name).toBe('sandbox');
    expect(trackingProviderFromEnv({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_KEY: 'k', KUAIDI100_SALT: 's' }).name).toBe('sandbox');
    const k = trackingProviderFromEnv({
      TRACKING_PROVIDER: 'kuaidi100',
      KUAIDI100_KEY: 'k',
      KUAIDI100_SALT: 's',
      PUBLIC_URL: 'https://pinyou.sg/',
    });
    expect(k.name).toBe('kuaidi100');
    expect(
      JSON.parse(new URLSearchParams((k as Kuaidi100Provider).request('SF1', 'SF').init.body).get('param')!).parameters.callbackurl,
    ).toBe('https://pinyou.sg/api/tracking/push/kuaidi100');
    expect(trackingProviderFromEnv({ TRACKING_PROVIDER: '17track', SEVENTEEN_TRACK_KEY: 'k' }).name).toBe('17track');
  });

  it('signs its pushes and refuses altered ones', () => {
    const s = new SandboxTrackingProvider();
    const p = s.push('SF1', [{ text: 'x', at: new Date('2026-11-20T01:00:00Z'), stage: 'picked_up' }]);
    expect(s.verifyPush(p.headers, p.body)).toEqual({
      ok: true,
      updates: [{ trackingNo: 'SF1', events: [{ text: 'x', at: new Date('2026-11-20T01:00:00Z'), stage: 'picked_up' }] }],
    });
    expect(s.verifyPush(p.headers, p.body.replace('SF1', 'SF2'))).toEqual({ ok: false, reason: 'bad signature' });
    const prod = trackingProviderFromEnv({ TRACKING_PROVIDER: 'sandbox', NODE_ENV: 'production' });
    expect(prod.verifyPush(p.headers, p.body)).toEqual({ ok: false, reason: 'sandbox pushes are off in production' });
  });

  it('reads China time', () => {
    expect(chinaTime('2026-11-20 08:00:00')).toEqual(new Date('2026-11-20T00:00:00Z'));
    expect(chinaTime('nonsense')).toBeNull();
  });
});
