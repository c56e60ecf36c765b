import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  SandboxTrackingProvider,
  type StopResult,
  type SubscribeResult,
  type TrackingProvider,
} from '../../providers/tracking.provider.ts';
import { createKit, customer, declare, ok, P, resetKit, scanIn, staff, type Kit } from './parcels.test-kit.ts';
import { TRACKING_QUIET_DAYS, TrackingService } from './tracking.service.ts';
import { parcelCourierEvents, parcelTrackingSubs } from './parcels.schema.ts';

/** The China leg stops following a number once its parcel is in the warehouse, deleted, or quiet for weeks. */
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
const DAY = 86_400_000;

/** A provider that records its subscribe and stop calls; its stop calls fail the first `stopFailures` times. */
class RecordingProvider implements TrackingProvider {
  readonly name = 'sandbox';
  stops: string[][] = [];
  constructor(
    readonly batchSize: number,
    private stopFailures = 0,
    private refuse: string[] = [],
  ) {}
  async subscribe(batch: Array<{ trackingNo: string; carrier: string }>): Promise<SubscribeResult> {
    return { accepted: batch.map((b) => b.trackingNo), rejected: [] };
  }
  async stop(batch: Array<{ trackingNo: string; carrier: string }>): Promise<StopResult> {
    this.stops.push(batch.map((b) => b.trackingNo));
    if (this.stopFailures-- > 0) throw new Error('service unavailable');
    return {
      stopped: batch.filter((b) => !this.refuse.includes(b.trackingNo)).map((b) => b.trackingNo),
      rejected: batch
        .filter((b) => this.refuse.includes(b.trackingNo))
        .map((b) => ({ trackingNo: b.trackingNo, reason: '-18019902 not registered' })),
    };
  }
  verifyPush = sandbox.verifyPush.bind(sandbox);
  pushAnswer = sandbox.pushAnswer.bind(sandbox);
}

const subsOf = async (ids: number[]) =>
  new Map(
    (await k.t.services.db.select().from(parcelTrackingSubs).where(inArray(parcelTrackingSubs.parcelId, ids))).map((r) => [r.parcelId, r]),
  );

async function push(no: string, text: string, at: Date) {
  const body = sandbox.push(no, [{ text, at, stage: 'in_transit' }]);
  const res = await k.t.app.inject({ method: 'POST', url: '/api/tracking/push/sandbox', headers: body.headers, payload: body.body });
  expect(res.statusCode).toBe(200);
}

describe('ending subscriptions', () => {
  it('stops numbers scanned in, deleted or quiet with the service, once, and keeps following the rest', async () => {
    let now = new Date();
    const provider = new RecordingProvider(2);
    const svc = new TrackingService(k.t.services.db, provider, () => now);
    const c = await customer(k);
    const s = await staff(k);
    const [inWarehouse, deleted, quiet, active] = [number(1), number(2), number(3), number(4)];
    const ids: Record<string, number> = {};
    for (const no of [inWarehouse, deleted, quiet, active]) ids[no] = (await declare(k, c.token, no)).id;
    expect(await svc.subscribeDue()).toMatchObject({ subscribed: 4 });
    expect(await svc.endDue()).toEqual({ ended: 0, stopped: 0, failed: 0 });

    await scanIn(k, s, inWarehouse);
    await ok(k.t.call(P.deleteOrder, { id: ids[deleted]! }, { token: c.token }));
    // Weeks later: the active number had an event yesterday; the quiet one none since it was subscribed.
    now = new Date(now.getTime() + (TRACKING_QUIET_DAYS + 1) * DAY);
    await push(active, '【深圳市】已到达 深圳转运中心', new Date(now.getTime() - DAY));
    await k.t.services.db
      .update(parcelCourierEvents)
      .set({ receivedAt: new Date(now.getTime() - DAY) })
      .where(eq(parcelCourierEvents.parcelId, ids[active]!));

    expect(await svc.endDue()).toEqual({ ended: 3, stopped: 3, failed: 0 });
    expect(provider.stops).toEqual([[inWarehouse, deleted], [quiet]]);
    const subs = await subsOf(Object.values(ids));
    expect(subs.get(ids[inWarehouse]!)).toMatchObject({ status: 'ended', endReason: 'scanned_in', endedAt: now });
    expect(subs.get(ids[deleted]!)).toMatchObject({ status: 'ended', endReason: 'deleted' });
    expect(subs.get(ids[quiet]!)).toMatchObject({ status: 'ended', endReason: 'quiet' });
    expect(subs.get(ids[active]!)).toMatchObject({ status: 'subscribed', endReason: null });
    // Ended once: nothing to stop on the next run, and an ended number is never subscribed again.
    expect(await svc.endDue()).toEqual({ ended: 0, stopped: 0, failed: 0 });
    expect(await svc.subscribeDue()).toEqual({ calls: 0, subscribed: 0, failed: 0 });
  });

  it('ignores pushes for an ended number, still stores them for followed ones', async () => {
    const provider = new RecordingProvider(40);
    const svc = new TrackingService(k.t.services.db, provider);
    const c = await customer(k);
    const [quietNo, liveNo] = [number(1), number(2)];
    const quiet = await declare(k, c.token, quietNo);
    const live = await declare(k, c.token, liveNo);
    await svc.subscribeDue();
    // The quiet one's subscription is old.
    await k.t.services.db
      .update(parcelTrackingSubs)
      .set({ updatedAt: new Date(Date.now() - (TRACKING_QUIET_DAYS + 1) * DAY) })
      .where(eq(parcelTrackingSubs.parcelId, quiet.id));
    expect(await svc.endDue()).toMatchObject({ ended: 1 });
    await push(quietNo, '【广州市】快递员已揽收', new Date());
    await push(liveNo, '【广州市】快递员已揽收', new Date());
    const stored = await k.t.services.db
      .select()
      .from(parcelCourierEvents)
      .where(inArray(parcelCourierEvents.parcelId, [quiet.id, live.id]));
    expect(stored.map((e) => e.parcelId)).toEqual([live.id]);
    expect((await ok(k.t.call(P.getOrderDetail, { id: quiet.id }, { token: c.token }))).courier.last_event).toBeNull();
  });

  it('a failed stop call leaves the numbers for the next run; a number the service will not stop ends all the same', async () => {
    let now = new Date();
    const c = await customer(k);
    const s = await staff(k);
    const [a, b] = [number(1), number(2)];
    const pa = await declare(k, c.token, a);
    const pb = await declare(k, c.token, b);
    const provider = new RecordingProvider(40, 1, [b]);
    const svc = new TrackingService(k.t.services.db, provider, () => now);
    await svc.subscribeDue();
    await scanIn(k, s, a);
    await scanIn(k, s, b);
    expect(await svc.endDue()).toEqual({ ended: 0, stopped: 0, failed: 2 });
    expect((await subsOf([pa.id, pb.id])).get(pa.id)).toMatchObject({ status: 'subscribed' });
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await svc.endDue()).toEqual({ ended: 2, stopped: 2, failed: 0 });
    const subs = await subsOf([pa.id, pb.id]);
    expect(subs.get(pa.id)).toMatchObject({ status: 'ended', endReason: 'scanned_in', lastError: '' });
    expect(subs.get(pb.id)).toMatchObject({ status: 'ended', endReason: 'scanned_in', lastError: '-18019902 not registered' });
    expect(provider.stops).toEqual([
      [a, b],
      [a, b],
    ]);
  });

  it('a number never subscribed (still waiting for a retry) just ends, with no call', async () => {
    const c = await customer(k);
    const no = number();
    const p = await declare(k, c.token, no);
    const failing = new (class extends RecordingProvider {
      override async subscribe(): Promise<SubscribeResult> {
        throw new Error('down');
      }
    })(40);
    const svc = new TrackingService(k.t.services.db, failing);
    expect(await svc.subscribeDue()).toMatchObject({ failed: 1 });
    await ok(k.t.call(P.deleteOrder, { id: p.id }, { token: c.token }));
    expect(await svc.endDue()).toEqual({ ended: 1, stopped: 0, failed: 0 });
    expect(failing.stops).toEqual([]);
    expect((await subsOf([p.id])).get(p.id)).toMatchObject({ status: 'ended', endReason: 'deleted', nextTryAt: null });
  });
});
