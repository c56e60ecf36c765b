import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from './jobs.schema.ts';
import type { EnqueueOptions, JobOptions, JobQueue, JobRun } from './jobs.ts';
import { addMinutes, floorMinute, nextSlot, parseCron, type Cron } from './cron.ts';

type Handler = (payload: unknown, run: JobRun) => Promise<void>;

interface Registered {
  handler: Handler;
  retryLimit: number;
  backoffSeconds: number;
}

interface Schedule {
  name: string;
  cron: Cron;
  payload: unknown;
  /** The next slot not yet inserted by this instance. */
  next: Date | null;
}

export interface JobQueueOptions {
  /** Poll interval in ms; 0 leaves the poller off (tests drive the queue with runDue). */
  pollMs: number;
  /** How long a claimed job may run before another instance may take it again (the claimer is presumed dead). */
  lockSeconds?: number;
  /** Jobs claimed per round trip. */
  batchSize?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface ClaimedRow {
  id: number;
  name: string;
  payload: unknown;
  attempt: number;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * The durable queue on the `jobs` table, the same on PGlite and PostgreSQL.
 *
 * A job is claimed by one autocommit UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED), so two
 * instances never take the same row; the handler then runs outside any queue transaction (PGlite has a
 * single connection: a claim transaction held open around a handler that opens its own would deadlock),
 * and the row is marked done, or waiting again with back-off, afterwards. A claimed row carries
 * `locked_until`: if its instance dies mid-run, another one claims it after that, which is why handlers
 * must be idempotent.
 */
export class DbJobQueue implements JobQueue {
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules: Schedule[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly now: () => Date;
  private readonly lockSeconds: number;
  private readonly batchSize: number;
  /** Where failures are reported (the app sets its logger). */
  log: JobQueueOptions['log'];

  constructor(
    private readonly db: Db,
    private readonly opts: JobQueueOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    this.lockSeconds = opts.lockSeconds ?? 300;
    this.batchSize = opts.batchSize ?? 10;
    this.log = opts.log;
    // Finished rows are a record for a week, then go.
    this.register('jobs.cleanup', async () => {
      const before = new Date(this.now().getTime() - 7 * 86_400_000);
      await this.db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
    });
    this.schedule('jobs.cleanup', '17 4 * * *');
  }

  register<P = unknown>(name: string, handler: (payload: P, run: JobRun) => Promise<void>, opts: JobOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} is registered twice`);
    this.handlers.set(name, {
      handler: handler as Handler,
      retryLimit: opts.retryLimit ?? 5,
      backoffSeconds: opts.backoffSeconds ?? 30,
    });
  }

  async enqueue(tx: Tx | null, name: string, payload: unknown = {}, opts: EnqueueOptions = {}): Promise<void> {
    await (tx ?? this.db)
      .insert(jobs)
      .values({ name, payload: payload ?? {}, runAt: opts.runAt ?? this.now(), singletonKey: opts.singletonKey ?? null })
      // The only conflicts are the singleton key (a live job with it exists) and a recurring slot already inserted.
      .onConflictDoNothing();
  }

  schedule(name: string, cron: string, payload: unknown = {}): void {
    if (this.schedules.some((s) => s.name === name)) throw new Error(`job ${name} is scheduled twice`);
    this.schedules.push({ name, cron: parseCron(cron), payload, next: null });
  }

  /** Starts the poller (no-op when pollMs is 0). */
  start(): void {
    if (this.opts.pollMs <= 0 || this.timer || this.stopped) return;
    const loop = () => {
      this.running = this.runDue()
        .then(() => undefined)
        .catch((err) => this.log?.error({ err }, 'job poller round failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(loop, this.opts.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops polling and waits for the round in progress (its handlers finish). */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Inserts due recurring slots, then runs every due job (including ones those jobs enqueue) until none is left. Returns how many ran. */
  async runDue(): Promise<number> {
    await this.insertDueSlots();
    const names = [...this.handlers.keys()];
    let ran = 0;
    // Bounded so a job that keeps re-enqueueing itself for "now" cannot spin a test or a poll round forever.
    for (let round = 0; round < 100; round++) {
      const claimed = await this.claim(names);
      if (!claimed.length) break;
      for (const job of claimed) {
        await this.runOne(job);
        ran++;
        // PGlite answers inside the process, so a round of jobs is one unbroken chain of resolved promises:
        // without this, a backlog (8,000 notifications) kept every request waiting for seconds at a time.
        await yieldToEventLoop();
      }
    }
    return ran;
  }

  private async insertDueSlots(): Promise<void> {
    const now = this.now();
    for (const s of this.schedules) {
      if (!this.handlers.has(s.name)) continue;
      s.next ??= nextSlot(s.cron, floorMinute(now));
      if (s.next.getTime() > now.getTime()) continue;
      // Only the latest passed slot runs: after a long stop, missed slots are not replayed one by one.
      let slot = s.next;
      for (let n = nextSlot(s.cron, addMinutes(slot, 1)); n.getTime() <= now.getTime(); n = nextSlot(s.cron, addMinutes(n, 1))) slot = n;
      await this.db
        .insert(jobs)
        .values({ name: s.name, payload: s.payload ?? {}, runAt: slot, slotKey: `${s.name}@${slot.toISOString()}` })
        .onConflictDoNothing();
      s.next = nextSlot(s.cron, addMinutes(slot, 1));
    }
  }

  private async claim(names: string[]): Promise<ClaimedRow[]> {
    if (!names.length) return [];
    const now = this.now().toISOString();
    const lockedUntil = new Date(this.now().getTime() + this.lockSeconds * 1000).toISOString();
    const nameList = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    const res = await this.db.execute(sql`
      update jobs set status = 'running', attempt = attempt + 1, locked_until = ${lockedUntil}::timestamptz
      where id in (
        select id from jobs
        where name in (${nameList})
          and ((status = 'waiting' and run_at <= ${now}::timestamptz) or (status = 'running' and locked_until < ${now}::timestamptz))
        order by run_at, id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, name, payload, attempt`);
    return rowsOf<ClaimedRow>(res).sort((a, b) => a.id - b.id);
  }

  private async runOne(job: ClaimedRow): Promise<void> {
    const reg = this.handlers.get(job.name)!;
    try {
      await reg.handler(job.payload, { id: job.id, name: job.name, attempt: job.attempt });
      await this.db.execute(
        sql`update jobs set status = 'done', finished_at = ${this.now().toISOString()}::timestamptz, locked_until = null, last_error = null where id = ${job.id}`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempt >= reg.retryLimit) {
        this.log?.error({ err, job: job.id, name: job.name, attempt: job.attempt }, 'job failed for good');
        await this.db.execute(
          sql`update jobs set status = 'failed', finished_at = ${this.now().toISOString()}::timestamptz, locked_until = null, last_error = ${message} where id = ${job.id}`,
        );
      } else {
        const delay = reg.backoffSeconds * 1000 * 2 ** (job.attempt - 1);
        const runAt = new Date(this.now().getTime() + delay).toISOString();
        this.log?.warn({ err, job: job.id, name: job.name, attempt: job.attempt }, 'job failed; retrying later');
        await this.db.execute(
          sql`update jobs set status = 'waiting', run_at = ${runAt}::timestamptz, locked_until = null, last_error = ${message} where id = ${job.id}`,
        );
      }
    }
  }
}

/** Lets waiting I/O (HTTP requests) run before the next job. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
