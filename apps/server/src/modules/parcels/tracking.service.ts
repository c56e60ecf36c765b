import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../core/jobs.ts';
import { SandboxTrackingProvider, type TrackingProvider } from '../../providers/tracking.provider.ts';
import * as repo from './tracking.repository.ts';

export const TRACKING_SUBSCRIBE_JOB = 'parcels.trackingSubscribe';
/** A number with no courier event for this long is no longer followed (the courier lost it, or it was never sent). */
export const TRACKING_QUIET_DAYS = 30;

/** Parcels looked at per run: several provider calls of `batchSize` each. */
const PER_RUN = 200;
/** A failed call is tried again after 2, 4, 8 … minutes, at most a day apart. */
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 60_000, 86_400_000);

export type PushOutcome = { status: 'refused'; reason: string } | { status: 'stored'; added: number; unknown: number };

/**
 * The China leg: subscribes declared parcels with the tracking service and stores what it pushes as the
 * parcel's courier events. Never touches a parcel's status (the warehouse's scan-in does).
 */
export class TrackingService {
  constructor(
    private db: Db,
    readonly provider: TrackingProvider,
    private now: () => Date = () => new Date(),
  ) {}

  registerJobs(queue: JobQueue) {
    queue.register(TRACKING_SUBSCRIBE_JOB, async () => {
      await this.subscribeDue();
      await this.endDue();
      await this.playSandbox();
    });
    queue.schedule(TRACKING_SUBSCRIBE_JOB, '*/10 * * * *');
  }

  /**
   * Subscribes the due parcels in calls of the provider's batch size. A call that fails leaves its parcels
   * waiting with back-off (attempts kept); numbers the service refuses are marked and not tried again.
   */
  async subscribeDue() {
    const now = this.now();
    const due = await repo.findDueForSubscription(this.db, now, PER_RUN);
    const p = this.provider;
    let calls = 0;
    let subscribed = 0;
    let failed = 0;
    for (let i = 0; i < due.length; i += p.batchSize) {
      const batch = due.slice(i, i + p.batchSize);
      calls++;
      const base = { provider: p.name, updatedAt: now };
      try {
        const r = await p.subscribe(batch.map((b) => ({ trackingNo: b.trackingNo, carrier: b.carrier })));
        const accepted = new Set(r.accepted);
        const rejected = new Map(r.rejected.map((x) => [x.trackingNo, x.reason]));
        await repo.saveSubscriptions(
          this.db,
          batch.map((b) => {
            const attempts = (b.attempts ?? 0) + 1;
            if (accepted.has(b.trackingNo))
              return { ...base, parcelId: b.id, status: 'subscribed', attempts, lastError: '', nextTryAt: null };
            const reason = rejected.get(b.trackingNo) ?? 'not in the answer';
            // A number left out of the answer is tried again later; one refused is not.
            return rejected.has(b.trackingNo)
              ? { ...base, parcelId: b.id, status: 'rejected', attempts, lastError: reason, nextTryAt: null }
              : {
                  ...base,
                  parcelId: b.id,
                  status: 'waiting',
                  attempts,
                  lastError: reason,
                  nextTryAt: new Date(now.getTime() + backoffMs(attempts)),
                };
          }),
        );
        subscribed += accepted.size;
      } catch (e) {
        failed += batch.length;
        const lastError = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        await repo.saveSubscriptions(
          this.db,
          batch.map((b) => {
            const attempts = (b.attempts ?? 0) + 1;
            return {
              ...base,
              parcelId: b.id,
              status: 'waiting',
              attempts,
              lastError,
              nextTryAt: new Date(now.getTime() + backoffMs(attempts)),
            };
          }),
        );
      }
    }
    return { calls, subscribed, failed };
  }

  /**
   * Stops following numbers whose parcel was scanned in at the warehouse, was deleted, or has gone quiet for
   * TRACKING_QUIET_DAYS: subscribed ones are stopped with the service (Kuaidi100 has no such call: it only ends on
   * our side), in calls of its batch size; ones still waiting to be subscribed just end. Each ends once; a call
   * that fails leaves its numbers for the next run. Pushes for an ended number are ignored.
   */
  async endDue() {
    const now = this.now();
    const due = await repo.findSubscriptionsToEnd(this.db, new Date(now.getTime() - TRACKING_QUIET_DAYS * 86_400_000), PER_RUN);
    const p = this.provider;
    const reasonOf = new Map(due.map((d) => [d.parcelId, d.reason]));
    // Never subscribed with this service (waiting, or subscribed with another one): nothing to stop there.
    const local = due.filter((d) => d.status !== 'subscribed' || d.provider !== p.name);
    await repo.endSubscriptions(
      this.db,
      local.map((d) => ({ parcelId: d.parcelId, reason: d.reason, note: '' })),
      now,
    );
    const remote = due.filter((d) => d.status === 'subscribed' && d.provider === p.name);
    let stopped = 0;
    let failed = 0;
    for (let i = 0; i < remote.length; i += p.batchSize) {
      const batch = remote.slice(i, i + p.batchSize);
      try {
        const r = await p.stop(batch.map((b) => ({ trackingNo: b.trackingNo, carrier: b.carrier })));
        const refused = new Map(r.rejected.map((x) => [x.trackingNo, x.reason]));
        await repo.endSubscriptions(
          this.db,
          batch.map((b) => ({
            parcelId: b.parcelId,
            reason: reasonOf.get(b.parcelId)!,
            note: (refused.get(b.trackingNo) ?? '').slice(0, 300),
          })),
          now,
        );
        stopped += batch.length;
      } catch {
        failed += batch.length;
      }
    }
    return { ended: local.length + stopped, stopped, failed };
  }

  /**
   * With the sandbox service: sends each subscribed parcel's domestic events so far (SandboxTrackingProvider.eventsFor,
   * from its subscription) through the same signed push path a real service uses. Already stored events are not
   * added again, so running it every few minutes plays the sequence over time.
   */
  async playSandbox() {
    const p = this.provider;
    if (!(p instanceof SandboxTrackingProvider)) return { pushed: 0 };
    const now = this.now();
    let pushed = 0;
    for (const s of await repo.findSubscribedPending(this.db, p.name, 1000)) {
      const events = SandboxTrackingProvider.eventsFor(s.trackingNo, s.since, now);
      if (!events.length) continue;
      const body = p.push(s.trackingNo, events);
      const r = await this.handlePush(p.name, body.headers, body.body);
      if (r.status === 'stored') pushed += r.added;
    }
    return { pushed };
  }

  /**
   * A push from the service named `name`: verified with that service's signature, its events stored once
   * each against the live parcel of the number (numbers we do not know are ignored).
   */
  async handlePush(name: string, headers: Record<string, unknown>, rawBody: string): Promise<PushOutcome> {
    if (name !== this.provider.name) return { status: 'refused', reason: `unknown tracking provider: ${name}` };
    const v = this.provider.verifyPush(headers, rawBody);
    if (!v.ok) return { status: 'refused', reason: v.reason };
    const found = await repo.findLiveByTracking(
      this.db,
      v.updates.map((u) => u.trackingNo),
    );
    const byNo = new Map(found.map((p) => [p.trackingNo, p]));
    let added = 0;
    let unknown = 0;
    await this.db.transaction(async (tx) => {
      const owners: number[] = [];
      for (const u of v.updates) {
        const p = byNo.get(u.trackingNo);
        if (!p) {
          unknown++;
          continue;
        }
        const n = await repo.insertCourierEvents(
          tx,
          u.events.map((e) => ({ parcelId: p.id, provider: this.provider.name, stage: e.stage, text: e.text.slice(0, 500), at: e.at })),
        );
        added += n;
        if (n) owners.push(p.userId);
      }
      await repo.bumpListVersions(tx, owners);
    });
    return { status: 'stored', added, unknown };
  }
}
