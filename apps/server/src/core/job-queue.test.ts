import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, truncateAll, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { DbJobQueue } from './job-queue.ts';
import { jobs } from './jobs.schema.ts';
import { nextSlot, parseCron } from './cron.ts';

let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;
let clock: Date;
const now = () => clock;
const queue = (db = database) => new DbJobQueue(db.db, { pollMs: 0, now });

beforeAll(async () => {
  ({ database, drop, url } = await openTestDatabase());
}, 60_000);
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await truncateAll(database.db);
  clock = new Date('2026-11-23T10:00:00Z');
});

const rowsOf = async () => database.db.select().from(jobs).orderBy(jobs.id);
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

describe('job queue', () => {
  it('lets waiting requests run between jobs of a backlog (PGlite answers in-process)', async () => {
    const q = queue();
    const order: string[] = [];
    q.register('note', async (p) => {
      order.push(`job ${(p as { n: number }).n}`);
    });
    for (let n = 0; n < 30; n++) await q.enqueue(null, 'note', { n });
    // What an HTTP request arriving during the round looks like to the event loop.
    setImmediate(() => order.push('request'));
    expect(await q.runDue()).toBe(30);
    expect(order.indexOf('request')).toBeGreaterThan(-1);
    expect(order.indexOf('request')).toBeLessThan(order.length - 1);
  });

  it('retries a failing job with doubling back-off, then finishes it', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.register(
      'flaky',
      async (_p, run) => {
        attempts.push(run.attempt);
        if (run.attempt < 3) throw new Error(`try ${run.attempt} failed`);
      },
      { backoffSeconds: 10, retryLimit: 5 },
    );
    await q.enqueue(null, 'flaky', { a: 1 });
    expect(await q.runDue()).toBe(1);
    let [row] = await rowsOf();
    expect(row.status).toBe('waiting');
    expect(row.lastError).toBe('try 1 failed');
    expect(row.runAt.getTime() - clock.getTime()).toBe(10_000);
    // Not before its back-off.
    advance(9);
    expect(await q.runDue()).toBe(0);
    advance(1);
    expect(await q.runDue()).toBe(1);
    [row] = await rowsOf();
    expect(row.runAt.getTime() - clock.getTime()).toBe(20_000);
    advance(20);
    await q.runDue();
    [row] = await rowsOf();
    expect(attempts).toEqual([1, 2, 3]);
    expect(row.status).toBe('done');
    expect(row.attempt).toBe(3);
  });

  it('gives a job up after its retry limit', async () => {
    const q = queue();
    let runs = 0;
    q.register(
      'broken',
      async () => {
        runs++;
        throw new Error('always');
      },
      { retryLimit: 2, backoffSeconds: 1 },
    );
    await q.enqueue(null, 'broken');
    await q.runDue();
    advance(1);
    await q.runDue();
    advance(3600);
    await q.runDue();
    const [row] = await rowsOf();
    expect(runs).toBe(2);
    expect(row.status).toBe('failed');
    expect(row.finishedAt).not.toBeNull();
  });

  it('keeps one waiting job per singleton key, and takes a new one once it finished', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register('single', async (p) => void seen.push(p));
    await q.enqueue(null, 'single', { n: 1 }, { singletonKey: 'k' });
    await q.enqueue(null, 'single', { n: 2 }, { singletonKey: 'k' });
    await q.enqueue(null, 'single', { n: 3 }, { singletonKey: 'other' });
    expect((await rowsOf()).length).toBe(2);
    await q.runDue();
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
    await q.enqueue(null, 'single', { n: 4 }, { singletonKey: 'k' });
    await q.runDue();
    expect(seen).toEqual([{ n: 1 }, { n: 3 }, { n: 4 }]);
  });

  it('runs a job at its runAt, not before', async () => {
    const q = queue();
    let ran = 0;
    q.register('later', async () => void ran++);
    await q.enqueue(null, 'later', {}, { runAt: new Date(clock.getTime() + 60_000) });
    expect(await q.runDue()).toBe(0);
    advance(60);
    expect(await q.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('enqueues inside a transaction: the job exists only if it commits', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register('tx', async (p) => void seen.push(p));
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueue(tx, 'tx', { kept: false });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => q.enqueue(tx, 'tx', { kept: true }));
    await q.runDue();
    expect(seen).toEqual([{ kept: true }]);
    expect((await rowsOf()).length).toBe(1);
  });

  it('lets a handler open its own transaction and enqueue more work (no deadlock on one connection)', async () => {
    const q = queue();
    const order: string[] = [];
    q.register('parent', async () => {
      order.push('parent');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await q.enqueue(tx, 'child', {});
      });
    });
    q.register('child', async () => void order.push('child'));
    await q.enqueue(null, 'parent');
    expect(await q.runDue()).toBe(2);
    expect(order).toEqual(['parent', 'child']);
  });

  it('runs a recurring slot once across instances, in Singapore time', async () => {
    const runs: string[] = [];
    const a = queue();
    const b = queue();
    for (const q of [a, b]) {
      q.register('daily', async (_p, run) => void runs.push(`${run.id}`));
      q.schedule('daily', '0 3 * * *');
    }
    // 02:59:30 in Singapore is 18:59:30 UTC the day before.
    clock = new Date('2026-11-22T18:59:30Z');
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual([]);
    clock = new Date('2026-11-22T19:00:20Z');
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs.length).toBe(1);
    // A third instance started later in the same slot does not run it again.
    const c = queue();
    c.register('daily', async () => void runs.push('c'));
    c.schedule('daily', '0 3 * * *');
    advance(30);
    await c.runDue();
    expect(runs.length).toBe(1);
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'daily'));
    expect(rows.map((r) => r.slotKey)).toEqual(['daily@2026-11-22T19:00:00.000Z']);
    // The next day's slot runs.
    clock = new Date('2026-11-23T19:00:05Z');
    await Promise.all([a.runDue(), b.runDue(), c.runDue()]);
    expect(runs.length).toBe(2);
  });

  it('takes a running job back when its instance died (lock expired)', async () => {
    const q = queue();
    let ran = 0;
    q.register('orphan', async () => void ran++);
    await q.enqueue(null, 'orphan');
    await database.db.update(jobs).set({ status: 'running', attempt: 1, lockedUntil: new Date(clock.getTime() + 300_000) });
    expect(await q.runDue()).toBe(0);
    advance(301);
    expect(await q.runDue()).toBe(1);
    const [row] = await rowsOf();
    expect(ran).toBe(1);
    expect(row.attempt).toBe(2);
    expect(row.status).toBe('done');
  });

  it('two queue instances (separate connections on PostgreSQL) run each job once', async () => {
    // On PostgreSQL the second instance has its own pool, like a second server; on PGlite both share the one connection.
    const other = url ? await openDatabase({ url }) : database;
    try {
      const counts = new Map<number, number>();
      const a = queue();
      const b = queue(other);
      for (const q of [a, b])
        q.register('each', async (p: { n: number }) => {
          counts.set(p.n, (counts.get(p.n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        });
      for (let n = 0; n < 40; n++) await a.enqueue(null, 'each', { n });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(40);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      expect(counts.size).toBe(40);
    } finally {
      if (other !== database) await other.close();
    }
  });
});

describe('cron in Singapore time', () => {
  it('reads fields in UTC+8 and finds the next slot', () => {
    const c = parseCron('30 9 * * 1-5');
    // Saturday 2026-11-21 10:00 SGT → Monday 2026-11-23 09:30 SGT = 01:30 UTC.
    expect(nextSlot(c, new Date('2026-11-21T02:00:00Z')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(nextSlot(parseCron('*/15 * * * *'), new Date('2026-11-21T02:01:10Z')).toISOString()).toBe('2026-11-21T02:15:00.000Z');
    expect(nextSlot(parseCron('0 0 1 * *'), new Date('2026-11-21T02:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });
  it('refuses bad expressions', () => {
    expect(() => parseCron('* * * *')).toThrow(/5 fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/out of range/);
    expect(() => parseCron('0 0 31 2 *')).not.toThrow();
    expect(() => nextSlot(parseCron('0 0 31 2 *'), new Date())).toThrow(/never matches/);
  });
});
