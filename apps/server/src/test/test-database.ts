import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, withDatabase } from './pg-admin.ts';

/** What the server project's global setup (global-setup.ts) hands every test file. */
export interface MigratedTemplate {
  /** A migrated PGlite data folder, dumped as an uncompressed tarball. */
  pgliteDump?: string;
  /** A migrated PostgreSQL database that per-file databases are copied from. */
  pgTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pinyouTestDatabase: MigratedTemplate;
  }
}

/**
 * A fresh database for one test file: in-memory PGlite (in a worker thread, as the server runs it), or,
 * when DATABASE_URL is set, a new PostgreSQL database made for this file and dropped at the end. Under the
 * server project's global setup both start from the run's migrated template (a copy, so no file sees another's
 * rows); without it (another config) each file migrates its own.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = inject('pinyouTestDatabase') as MigratedTemplate | undefined;
  if (!url) {
    // As the server runs it: PGlite in its own thread, unless PGLITE_THREAD=main asks for the caller's thread.
    const pgliteThread = process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker';
    if (template?.pgliteDump) {
      const database = await openDatabase({ dataDir: null, loadDataDir: new Blob([fs.readFileSync(template.pgliteDump)]), pgliteThread });
      return { database, drop: async () => {} };
    }
    const database = await openDatabase({ dataDir: null, pgliteThread });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `pinyou_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, template?.pgTemplate ? `create database ${name} template ${template.pgTemplate}` : `create database ${name}`);
  const fileUrl = withDatabase(url, name);
  const database = await openDatabase({ url: fileUrl, poolSize: 20 });
  if (!template?.pgTemplate) await database.migrate();
  return {
    database,
    url: fileUrl,
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  };
}
