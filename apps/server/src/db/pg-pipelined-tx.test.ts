import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './client.ts';
import { canCommitWithStatement, executeNamed } from './prepared.ts';

// PostgreSQL only (the CI runs this suite on both databases; PGlite has no socket and no BEGIN to defer).
const onPg = !!process.env.DATABASE_URL;

let database: Database;
let single: Database;
let drop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  if (!onPg) return;
  const opened = await openTestDatabase();
  ({ database, drop } = opened);
  url = opened.url!;
  // One pooled connection, so the test can watch its socket.
  single = await openDatabase({ url, poolSize: 1 });
  await database.db.execute(sql`create table deferred_begin_probe (id int primary key, note text not null)`);
});
afterAll(async () => {
  if (!onPg) return;
  await single.close();
  await database.close();
  await drop();
});

/** The probe's rows with ids below 10 (each test writes its own range of ids). */
const rows = async (db: Database['db']) =>
  (
    (await db.execute(sql`select id, note from deferred_begin_probe where id < 10 order by id`)) as unknown as {
      rows: { id: number; note: string }[];
    }
  ).rows;
const rowsFrom = async (db: Database['db'], from: number) =>
  (
    (await db.execute(sql`select id, note from deferred_begin_probe where id >= ${from} order by id`)) as unknown as {
      rows: { id: number; note: string }[];
    }
  ).rows;

/** Counts the writes to the one pooled connection's socket while fn runs. */
async function countWrites(fn: () => Promise<void>): Promise<number> {
  const pool = (single.db as unknown as { session: { client: pg.Pool } }).session.client;
  const client = await pool.connect();
  const stream = (
    client as unknown as { connection: { stream: { _writev?: (...a: unknown[]) => void; _write: (...a: unknown[]) => void } } }
  ).connection.stream;
  client.release();
  let writes = 0;
  const writev = stream._writev!.bind(stream);
  const write = stream._write.bind(stream);
  stream._writev = (...a) => ((writes += 1), writev(...a));
  stream._write = (...a) => ((writes += 1), write(...a));
  try {
    await fn();
  } finally {
    stream._writev = writev;
    stream._write = write;
  }
  return writes;
}

const txid = async (db: Database['db']) =>
  ((await db.execute(sql`select txid_current()::text as id`)) as unknown as { rows: { id: string }[] }).rows[0].id;

it.skipIf(!onPg)('sends BEGIN in the same write as the first statement: three writes for BEGIN, two statements and COMMIT', async () => {
  let ids: string[] = [];
  const writes = await countWrites(async () => {
    ids = await single.db.transaction(async (tx) => [await txid(tx), await txid(tx)]);
  });
  // Both statements ran in one transaction (outside one, each would get its own id).
  expect(ids[0]).toBe(ids[1]);
  expect(writes).toBe(3);
});

it.skipIf(!onPg)('sends a statement named as the last with COMMIT: two writes; it commits with the rest', async () => {
  let ids: string[] = [];
  const writes = await countWrites(async () => {
    ids = await single.db.transaction(async (tx) => {
      expect(canCommitWithStatement(tx)).toBe(true);
      const first = await txid(tx);
      await tx.execute(sql`insert into deferred_begin_probe values (20, 'first')`);
      const last = await executeNamed<{ id: string }>(
        tx,
        sql`insert into deferred_begin_probe values (21, 'last') returning txid_current()::text as id`,
        { commit: true },
      );
      return [first, last.rows[0].id];
    });
  });
  expect(ids[0]).toBe(ids[1]);
  // BEGIN + the first statement, the insert, the last statement + COMMIT.
  expect(writes).toBe(3);
  expect(await rowsFrom(database.db, 20)).toEqual([
    { id: 20, note: 'first' },
    { id: 21, note: 'last' },
  ]);
  // Outside a transaction, or on a pool, there is no COMMIT to send with it.
  expect(canCommitWithStatement(single.db)).toBe(false);
});

it.skipIf(!onPg)('rolls the whole transaction back when the last statement fails, and never lets that pass for a commit', async () => {
  const { db } = single;
  // ledger_require_moved (migration 0018) is how the ledger's last statement refuses.
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe values (30, 'before the last')`);
      await executeNamed(tx, sql`select ledger_require_moved(false)`, { commit: true });
    }),
  ).rejects.toMatchObject({ code: 'LG001' });

  // The caller swallows the failure and returns: the transaction still fails (PostgreSQL rolled it back), as
  // drizzle's failed `commit` whose cause says so.
  const swallowed = await db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe values (31, 'swallowed')`);
      await executeNamed(tx, sql`select ledger_require_moved(false)`, { commit: true }).catch(() => undefined);
    })
    .then(
      () => null,
      (e: Error & { cause?: Error }) => e,
    );
  expect(swallowed?.cause?.message ?? swallowed?.message).toContain('rolled back');

  expect(await rowsFrom(database.db, 30)).toEqual([]);
  // The one connection goes on: a transaction after these commits.
  await db.transaction(async (tx) => {
    await executeNamed(tx, sql`insert into deferred_begin_probe values (32, 'after') returning id`, { commit: true });
  });
  expect(await rowsFrom(database.db, 30)).toEqual([{ id: 32, note: 'after' }]);
});

it.skipIf(!onPg)('with DATABASE_PIPELINE=0 (pipeline: false) every query goes alone, and no statement takes the COMMIT', async () => {
  const plain = await openDatabase({ url, poolSize: 1, pipeline: false });
  try {
    await plain.db.transaction(async (tx) => {
      expect(canCommitWithStatement(tx)).toBe(false);
      // Asked anyway, it refuses before sending anything: the transaction goes on.
      await expect(executeNamed(tx, sql`select 1`, { commit: true })).rejects.toThrow(/commit needs/);
      expect(await txid(tx)).toBe(await txid(tx));
    });
  } finally {
    await plain.close();
  }
});

it.skipIf(!onPg)(
  'keeps transactions whole: the first statement is inside, a rollback undoes it, a failed first statement leaves the connection usable',
  async () => {
    const { db } = single;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe values (1, 'committed')`);
      // Not visible to another connection before COMMIT: the insert ran inside the transaction.
      expect(await rows(database.db)).toEqual([]);
    });
    expect(await rows(database.db)).toEqual([{ id: 1, note: 'committed' }]);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into deferred_begin_probe values (2, 'rolled back')`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');

    // The first statement fails (duplicate key): the transaction is rolled back, and the one connection still works.
    await expect(db.transaction(async (tx) => tx.execute(sql`insert into deferred_begin_probe values (1, 'twice')`))).rejects.toThrow();
    // A transaction that runs nothing, and one that gives up before its first statement.
    await db.transaction(async () => undefined);
    await expect(
      db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');

    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe values (3, 'after the failures')`);
    });
    // Outside a transaction a statement is its own (autocommit), as before.
    await db.execute(sql`insert into deferred_begin_probe values (4, 'autocommit')`);
    expect(await rows(database.db)).toEqual([
      { id: 1, note: 'committed' },
      { id: 3, note: 'after the failures' },
      { id: 4, note: 'autocommit' },
    ]);
    const status = (
      (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where state = 'idle in transaction' and datname = current_database()`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
    expect(status).toBe(0);
  },
);

it.skipIf(!onPg)('a connection that broke before BEGIN fails the transaction with an error, not an unhandled rejection', async () => {
  const pid = ((await single.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0].pid;
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  try {
    await expect(
      single.db.transaction(async (tx) => {
        // The transaction holds the one connection (its BEGIN not sent yet) while its backend goes away.
        await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
        for (let i = 0; i < 100; i++) {
          const left = (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}::int`,
          )) as unknown as {
            rows: { n: number }[];
          };
          if (left.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        // BEGIN and the first statement go out together on the dead connection: both fail, the caller hears one error.
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
    // The pool replaces the connection: the next transaction works.
    await single.db.transaction(async (tx) => {
      await tx.execute(sql`insert into deferred_begin_probe values (40, 'new connection')`);
    });
    expect(await rowsFrom(database.db, 40)).toEqual([{ id: 40, note: 'new connection' }]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
