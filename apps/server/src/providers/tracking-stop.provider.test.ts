import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { carrierOf } from '@pinyou/contract';
import {
  KUAIDI100_COMPANY,
  Kuaidi100Provider,
  SandboxTrackingProvider,
  SEVENTEEN_TRACK_CARRIER,
  SeventeenTrackProvider,
  type FetchLike,
} from './tracking.provider.ts';

/** Ending a subscription with each service, and the carrier codes each service documents. */
function fakeFetch(answers: Array<{ status: number; body: unknown }>) {
  const seen: Array<{ url: string; init: Parameters<FetchLike>[1] }> = [];
  const fn: FetchLike = async (url, init) => {
    seen.push({ url, init });
    const a = answers.shift() ?? { status: 500, body: {} };
    return { status: a.status, text: async () => JSON.stringify(a.body) };
  };
  return { fn, seen };
}

describe('stopping a number', () => {
  it('17TRACK: POST /track/v2.2/stoptrack with the register body; refusals are reported, call failures thrown', async () => {
    const f = fakeFetch([
      {
        status: 200,
        body: {
          code: 0,
          data: {
            accepted: [{ number: 'SF1', carrier: 100012 }],
            rejected: [{ number: 'ZT2', error: { code: -18019902, message: 'The tracking number does not exist' } }],
          },
        },
      },
      { status: 429, body: {} },
    ]);
    const s = new SeventeenTrackProvider('TOKEN', f.fn);
    const r = await s.stop([
      { trackingNo: 'SF1', carrier: 'SF' },
      { trackingNo: 'ZT2', carrier: 'ZTO' },
    ]);
    expect(r).toEqual({ stopped: ['SF1'], rejected: [{ trackingNo: 'ZT2', reason: '-18019902 The tracking number does not exist' }] });
    expect(f.seen).toEqual([
      {
        url: 'https://api.17track.net/track/v2.2/stoptrack',
        init: {
          method: 'POST',
          headers: { '17token': 'TOKEN', 'content-type': 'application/json' },
          body: JSON.stringify([{ number: 'SF1', carrier: 100012 }, { number: 'ZT2' }]),
        },
      },
    ]);
    await expect(s.stop([{ trackingNo: 'SF1', carrier: 'SF' }])).rejects.toThrow(/HTTP 429/);
    const many = Array.from({ length: 41 }, (_, i) => ({ trackingNo: `N${i}`, carrier: 'SF' }));
    await expect(s.stop(many)).rejects.toThrow(/at most 40/);
  });

  it('Kuaidi100 has no unsubscribe call: stopping makes no request and ends on our side', async () => {
    const f = fakeFetch([]);
    const k = new Kuaidi100Provider('KEY', 'SALT', 'https://pinyou.sg/api/tracking/push/kuaidi100', f.fn);
    expect(await k.stop([{ trackingNo: 'SF1', carrier: 'SF' }])).toEqual({ stopped: ['SF1'], rejected: [] });
    expect(f.seen).toEqual([]);
  });

  it('the sandbox records what it was asked to stop', async () => {
    const s = new SandboxTrackingProvider();
    await s.stop([{ trackingNo: 'YT1', carrier: 'YTO' }]);
    expect(s.stopped).toEqual(['YT1']);
  });
});

describe('carrier codes', () => {
  it('Kuaidi100 company codes are the ones its code table documents', () => {
    expect(KUAIDI100_COMPANY).toEqual({
      SF: 'shunfeng',
      JD: 'jd',
      JT: 'jtexpress',
      YTO: 'yuantong',
      EMS: 'ems',
      STO: 'shentong',
      ZTO: 'zhongtong',
      YUNDA: 'yunda',
      BEST: 'huitongkuaidi',
    });
  });

  it('17TRACK gets only confirmed carrier keys; the rest are left for it to detect', () => {
    expect(SEVENTEEN_TRACK_CARRIER).toEqual({ SF: 100012, YTO: 190157, EMS: 3013 });
    const body = (no: string) =>
      JSON.parse(new SeventeenTrackProvider('T').request([{ trackingNo: no, carrier: carrierOf(no)! }]).init.body);
    expect(body('SF1234567890123')).toEqual([{ number: 'SF1234567890123', carrier: 100012 }]);
    expect(body('EA123456789CN')).toEqual([{ number: 'EA123456789CN', carrier: 3013 }]);
    expect(body('JT1234567890123')).toEqual([{ number: 'JT1234567890123' }]);
  });

  it('17TRACK push sign is SHA256 hex of "<raw body>/<key>" (a known vector)', () => {
    const raw = '{"event":"TRACKING_UPDATED","data":{"number":"RR123456789CN","carrier":3011,"tag":null}}';
    const expected = createHash('sha256').update(`${raw}/KEY`).digest('hex');
    expect(SeventeenTrackProvider.sign(raw, 'KEY')).toBe(expected);
    expect(new SeventeenTrackProvider('KEY').verifyPush({ sign: expected }, raw)).toMatchObject({ ok: true });
    expect(new SeventeenTrackProvider('KEY').verifyPush({ sign: createHash('sha256').update(`KEY/${raw}`).digest('hex') }, raw)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });
});
