import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  Kuaidi100Provider,
  SandboxTrackingProvider,
  type SubscribeResult,
  type TrackingProvider,
} from '../../providers/tracking.provider.ts';
import { createTestApp } from '../../test/harness.ts';
import { A, createKit, customer, declare, ok, P, resetKit, scanIn, staff, type Kit } from './parcels.test-kit.ts';
import { TrackingService } from './tracking.service.ts';
import { parcelCourierEvents, parcelTrackingSubs } from './parcels.schema.ts';

/** The China leg: declared parcels subscribed with the tracking service, its pushes stored as courier events. */
let k: Kit;
beforeAll(async () => {
  k = await createKit();
});
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  await resetKit(k);
});

const sandbox = new SandboxTrackingProvider();
const number = (i = 0) => `SF${String(Date.now()).slice(-7)}${randomBytes(3).toString('hex').toUpperCase()}${i}`;

async function push(body: { body: string; headers: Record<string, string> }, provider = 'sandbox') {
  const res = await k.t.app.inject({ method: 'POST', url: `/api/tracking/push/${provider}`, headers: body.headers, payload: body.body });
  return { status: res.statusCode, body: res.json() as { ok?: boolean; message?: string } };
}

const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h));
const events = {
  picked: { text: '【广州市】快递员已揽收', at: at(1), stage: 'picked_up' as const },
  transit: { text: '【深圳市】已到达 深圳转运中心', at: at(5), stage: 'in_transit' as const },
  out: { text: '【东莞市】派件中，派往 品邮集运仓', at: at(9), stage: 'out_for_delivery' as const },
};

/** A provider whose calls fail the first `failures` times, recording every batch. */
class FlakyProvider implements TrackingProvider {
  readonly name = 'sandbox';
  calls: string[][] = [];
  constructor(
    readonly batchSize: number,
    private failures: number,
  ) {}
  async subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult> {
    this.calls.push(batch.map((b) => b.trackingNo));
    if (this.failures-- > 0) throw new Error('service unavailable');
    return { accepted: batch.map((b) => b.trackingNo), rejected: [] };
  }
  stop = sandbox.stop.bind(sandbox);
  verifyPush = sandbox.verifyPush.bind(sandbox);
  pushAnswer = sandbox.pushAnswer.bind(sandbox);
}

describe('subscribing declared parcels', () => {
  it('subscribes pending parcels in calls of the batch size, once each, and not those already in the warehouse', async () => {
    const s = await staff(k);
    const c = await customer(k);
    const nos = Array.from({ length: 5 }, (_, i) => number(i));
    for (const n of nos) await declare(k, c.token, n);
    await scanIn(k, s, nos[4]!);
    const provider = new FlakyProvider(2, 0);
    const svc = new TrackingService(k.t.services.db, provider);
    expect(await svc.subscribeDue()).toEqual({ calls: 2, subscribed: 4, failed: 0 });
    expect(provider.calls.map((b) => b.length)).toEqual([2, 2]);
    expect(provider.calls.flat().sort()).toEqual(nos.slice(0, 4).sort());
    // Nothing left to do on the next run.
    expect(await svc.subscribeDue()).toEqual({ calls: 0, subscribed: 0, failed: 0 });
  });

  it('a failed call waits with back-off and is tried again when due', async () => {
    const c = await customer(k);
    const no = number();
    const p = await declare(k, c.token, no);
    let now = new Date();
    const provider = new FlakyProvider(40, 2);
    const svc = new TrackingService(k.t.services.db, provider, () => now);
    expect(await svc.subscribeDue()).toMatchObject({ failed: 1, subscribed: 0 });
    const [sub] = await k.t.services.db.select().from(parcelTrackingSubs).where(eq(parcelTrackingSubs.parcelId, p.id));
    expect(sub).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'service unavailable' });
    expect(sub!.nextTryAt!.getTime() - now.getTime()).toBe(2 * 60_000);
    // Not due yet: no call.
    expect(await svc.subscribeDue()).toEqual({ calls: 0, subscribed: 0, failed: 0 });
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await svc.subscribeDue()).toMatchObject({ failed: 1 });
    const [again] = await k.t.services.db.select().from(parcelTrackingSubs).where(eq(parcelTrackingSubs.parcelId, p.id));
    expect(again!.attempts).toBe(2);
    expect(again!.nextTryAt!.getTime() - now.getTime()).toBe(4 * 60_000);
    now = new Date(now.getTime() + 4 * 60_000);
    expect(await svc.subscribeDue()).toMatchObject({ subscribed: 1, failed: 0 });
    expect(provider.calls).toEqual([[no], [no], [no]]);
    const [done] = await k.t.services.db.select().from(parcelTrackingSubs).where(eq(parcelTrackingSubs.parcelId, p.id));
    expect(done).toMatchObject({ status: 'subscribed', attempts: 3, lastError: '', nextTryAt: null });
  });

  it('the app runs the sandbox by default, which plays the domestic events over time through the push path', async () => {
    const c = await customer(k);
    const p = await declare(k, c.token, number());
    expect(k.t.services.tracking.provider.name).toBe('sandbox');
    expect(await k.t.services.tracking.subscribeDue()).toMatchObject({ subscribed: 1, failed: 0 });
    let now = new Date();
    const svc = new TrackingService(k.t.services.db, new SandboxTrackingProvider(), () => now);
    expect(await svc.playSandbox()).toEqual({ pushed: 0 });
    now = new Date(now.getTime() + 3 * 86_400_000);
    expect(await svc.playSandbox()).toEqual({ pushed: 4 });
    expect(await svc.playSandbox()).toEqual({ pushed: 0 });
    const d = await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
    expect(d.courier.arriving_soon).toBe(true);
    expect(d.status).toBe('pending');
  });
});

describe('pushed courier events', () => {
  it('stores a signed push once, shows the last event and arriving soon, and never moves the status', async () => {
    const c = await customer(k);
    const no = number();
    const p = await declare(k, c.token, no);
    const before = await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
    expect(before.courier).toEqual({ last_event: null, arriving_soon: false });
    // The pending tab read (and kept) before anything was pushed.
    const kept = await ok(k.t.call(P.getOrderList, { status: 'pending' }, { token: c.token }));
    expect(kept.list[0].courier).toEqual({ last_event: null, arriving_soon: false });

    const first = sandbox.push(no, [events.picked, events.transit]);
    expect(await push(first)).toEqual({ status: 200, body: { ok: true } });
    expect(await push(first)).toEqual({ status: 200, body: { ok: true } });
    const rows = await k.t.services.db.select().from(parcelCourierEvents).where(eq(parcelCourierEvents.parcelId, p.id));
    expect(rows).toHaveLength(2);

    const mid = await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
    expect(mid.courier).toEqual({ last_event: { text: events.transit.text, at: events.transit.at.toISOString() }, arriving_soon: false });
    expect(mid.status).toBe('pending');

    // The service sends the whole track again with one more event: only the new one is added.
    await push(sandbox.push(no, [events.picked, events.transit, events.out]));
    expect(await k.t.services.db.select().from(parcelCourierEvents).where(eq(parcelCourierEvents.parcelId, p.id))).toHaveLength(3);
    const d = await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
    expect(d.courier).toEqual({ last_event: { text: events.out.text, at: events.out.at.toISOString() }, arriving_soon: true });
    expect(d.status).toBe('pending');
    expect(d.history).toEqual(before.history);

    // The list (a kept category page) shows it too.
    const list = await ok(k.t.call(P.getOrderList, { status: 'pending' }, { token: c.token }));
    expect(list.list.find((x: { id: number }) => x.id === p.id).courier.arriving_soon).toBe(true);

    // The warehouse sees it among the parcels expected today.
    const s = await staff(k);
    const soon = await ok(k.t.call(A.adminParcelList, { arriving_soon: true }, { token: s }));
    expect(soon.list.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect(soon.list[0].owner.user_id).toBe(c.id);

    // Scanned in: past the China leg, no longer expected nor shown as with the courier.
    await scanIn(k, s, no);
    const after = await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
    expect(after.status).toBe('warehouse');
    expect(after.courier).toEqual({ last_event: null, arriving_soon: false });
    expect((await ok(k.t.call(A.adminParcelList, { arriving_soon: true }, { token: s }))).total).toBe(0);
  });

  it('refuses a bad signature with 401 and stores nothing; unknown providers 404', async () => {
    const c = await customer(k);
    const no = number();
    const p = await declare(k, c.token, no);
    const good = sandbox.push(no, [events.out]);
    const forged = await push({ body: good.body.replace('派件中', '已签收'), headers: good.headers });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toMatch(/Tracking push refused: bad signature/);
    expect((await push({ body: good.body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await push({ body: 'not json', headers: { 'content-type': 'text/plain' } })).status).toBe(401);
    expect((await push(good, 'kuaidi100')).status).toBe(404);
    expect(await k.t.services.db.select().from(parcelCourierEvents).where(eq(parcelCourierEvents.parcelId, p.id))).toHaveLength(0);
    expect((await ok(k.t.call(P.getOrderDetail, { id: p.id }, { token: c.token }))).courier.last_event).toBeNull();
  });

  it('another customer never sees the events; numbers we do not know are accepted and ignored', async () => {
    const owner = await customer(k);
    const other = await customer(k);
    const no = number();
    const p = await declare(k, owner.token, no);
    const mine = await declare(k, other.token, number(1));
    await push(sandbox.push(no, [events.out]));
    expect((await k.t.call(P.getOrderDetail, { id: p.id }, { token: other.token })).code).not.toBe(0);
    const theirs = await ok(k.t.call(P.getOrderList, { status: 'pending' }, { token: other.token }));
    expect(theirs.list.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(theirs.list[0].courier).toEqual({ last_event: null, arriving_soon: false });
    expect(await push(sandbox.push('SF000000000000', [events.out]))).toEqual({ status: 200, body: { ok: true } });
  });

  it('the sandbox plays the same domestic events for a number over time', () => {
    const since = new Date('2026-11-20T00:00:00Z');
    const early = SandboxTrackingProvider.eventsFor('SF123', since, new Date(since.getTime() + 3_600_000));
    expect(early).toEqual([]);
    const all = SandboxTrackingProvider.eventsFor('SF123', since, new Date(since.getTime() + 7 * 86_400_000));
    expect(all.map((e) => e.stage)).toEqual(['picked_up', 'in_transit', 'in_transit', 'out_for_delivery']);
    expect(SandboxTrackingProvider.eventsFor('SF123', since, new Date(since.getTime() + 7 * 86_400_000))).toEqual(all);
    expect(all.every((e, i) => i === 0 || e.at > all[i - 1]!.at)).toBe(true);
  });
});

describe('a Kuaidi100 push through the route', () => {
  it('takes the form body as it came, verifies its sign and answers what Kuaidi100 expects', async () => {
    const kuaidi = new Kuaidi100Provider('KEY', 'SALT9', 'https://pinyou.sg/api/tracking/push/kuaidi100');
    const t = await createTestApp({ providers: { tracking: kuaidi } });
    try {
      const c = await customer({ t, billing: k.billing });
      const no = number();
      const p = await ok(
        t.call(P.createOrder, { tracking_no: no, goods_name: 'Clothes', goods_value: '12.00', quantity: 1 }, { token: c.token }),
      );
      const param = JSON.stringify({
        status: 'polling',
        lastResult: { nu: no, state: '5', data: [{ context: '【东莞市】派件中', ftime: '2026-11-20 17:00:00', status: '派件' }] },
      });
      const send = (sign: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tracking/push/kuaidi100',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ param, sign }).toString(),
        });
      const bad = await send('0'.repeat(32));
      expect(bad.statusCode).toBe(401);
      const good = await send(Kuaidi100Provider.sign(param, 'SALT9'));
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ result: true, returnCode: '200', message: '成功' });
      const d = await ok(t.call(P.getOrderDetail, { id: p.id }, { token: c.token }));
      expect(d.courier).toEqual({ last_event: { text: '【东莞市】派件中', at: '2026-11-20T09:00:00.000Z' }, arriving_soon: true });
      expect(d.status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
