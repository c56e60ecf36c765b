import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(opts: { url?: string; dataDir?: string | null; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`postgres pool: idle connection closed (${(err as { code?: string }).code ?? err.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
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
