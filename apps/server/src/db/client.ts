import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { runTasksAfterCommit } from './after-commit.ts';
import { dropHeld, pipelineTransactions } from './pg-pipelined-tx.ts';
import { nameStatements } from './pg-named-statements.ts';
import { pgliteOptions } from './pglite-options.ts';
import { openPgliteThread, type PgliteClient } from './pglite-thread.ts';
import type { Db, Tx } from './types.ts';

export type { Db, Tx };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs fn while holding a session-level pg_advisory_lock: several instances starting at once take turns,
   * so the first migrates and seeds and the others find it done.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Migrations in the folder that are not applied yet (0 when ready). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /**
   * Calls onMessage with the payload of every NOTIFY on channel; PostgreSQL delivers them only once the
   * notifying transaction has committed. onLost is called if the listening connection fails. Returns an unlisten.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
}

// From src/db (tsx, tests) or from dist (the compiled server): the folder next to the server's package.
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder =
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((p) => fs.existsSync(path.join(p, 'meta/_journal.json'))) ??
  path.resolve(here, '../../drizzle');

/** Key of the advisory lock that start-up (migrations, defaults, demo seed) runs under. */
export const STARTUP_LOCK_KEY = 7_346_201;

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null, started from the
 * `loadDataDir` tarball when given: tests skip initdb and the migrations that way).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
  /** PostgreSQL: fewer round trips per transaction (pg-pipelined-tx.ts); on unless false. */
  pipeline?: boolean;
  /** PostgreSQL: statements with parameters as named statements (pg-named-statements.ts); on unless false. */
  namedStatements?: boolean;
  loadDataDir?: Blob;
  /** Where PGlite runs: a worker thread of its own (the server's default) or the caller's thread. */
  pgliteThread?: 'worker' | 'main';
}): Promise<Database> {
  if (opts.url) {
    // Pipeline mode: a transaction's BEGIN goes out with its first statement, a last statement with COMMIT (pg-pipelined-tx.ts).
    const pipeline = opts.pipeline ?? true;
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, pipeline } as pg.PoolConfig);
    // First: the pipelining wrapper below then sends through it.
    if (opts.namedStatements ?? true) pool.on('connect', nameStatements);
    if (pipeline) {
      pool.on('connect', pipelineTransactions);
      pool.on('release', (_err, client) => dropHeld(client));
    }
    // A connection lost while a request holds it (PostgreSQL restarted, the backend terminated) emits `error` on
    // its client, which the pool listens to only while the client is idle: unheard, that event would end the
    // process. The request's queries fail with the error themselves, and the pool drops the client when it is back.
    pool.on('connect', (client) =>
      client.on('error', (err) =>
        console.warn(`postgres: a connection in use was lost (${(err as { code?: string }).code ?? err.message})`),
      ),
    );
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`postgres pool: idle connection closed (${(err as { code?: string }).code ?? err.message})`));
    const db = drizzlePg(pool) as unknown as Db;
    runTasksAfterCommit(db);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      withLock: async (key, fn) => {
        // A connection of its own: the lock belongs to the session that took it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      pendingMigrations: () => pendingMigrations(db),
      close: () => pool.end(),
      listen: async (channel, onMessage, onLost) => {
        // LISTEN needs a connection of its own that stays open; a pooled one would be handed back.
        const client = new pg.Client({ connectionString: opts.url });
        let ended = false;
        client.on('notification', (m) => m.channel === channel && onMessage(m.payload ?? ''));
        client.on('error', (err) => !ended && onLost(err));
        client.on('end', () => !ended && onLost(new Error('the LISTEN connection closed')));
        await client.connect();
        await client.query(`listen "${channel}"`);
        return async () => {
          ended = true;
          await client.end();
        };
      },
    };
  }
  let client: PGlite | PgliteClient;
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  if (opts.pgliteThread === 'worker') {
    client = await openPgliteThread({ dataDir: opts.dataDir ?? null, dump: opts.loadDataDir });
  } else if (opts.dataDir) {
    client = await PGlite.create(opts.dataDir, pgliteOptions());
  } else {
    client = await PGlite.create(pgliteOptions(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}));
  }
  // drizzle needs only query() and transaction() of the client; the thread's client answers both.
  const pglite = client as PGlite;
  const db = drizzlePglite({ client: pglite }) as unknown as Db;
  runTasksAfterCommit(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder }),
    // One process owns the folder (core/data-dir-lock.ts) and PGlite has one connection: nothing to wait for.
    withLock: (_key, fn) => fn(),
    pendingMigrations: () => pendingMigrations(db),
    close: () => client.close(),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** Empties every table (tests). */
export async function truncateAll(db: Db): Promise<void> {
  const rows = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
  );
  const names = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}

async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  let applied = 0;
  try {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    applied = Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch {
    applied = 0; // the table does not exist yet
  }
  return Math.max(0, journal.entries.length - applied);
}
