/**
 * Global setup of the server test project: migrates one database per run instead of one per test file
 * (each file then starts a copy of it, see openTestDatabase).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../db/pglite-options.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { adminQuery, withDatabase } from './pg-admin.ts';
// Types only: test-database.ts imports vitest's worker API, which this main-process file must not load.
import type { MigratedTemplate } from './test-database.ts';

/**
 * Migrates one database for the whole run: a PGlite dumped to `dumpPath`, or (with `url`) a PostgreSQL template
 * database. Returns what test files need to start from it and a function that removes it.
 */
async function makeMigratedTemplate(url: string | undefined, dumpPath: string) {
  if (url) {
    const name = `pinyou_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    try {
      await database.migrate();
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
      await database.close();
    }
    return {
      template: { pgTemplate: name } satisfies MigratedTemplate,
      remove: () => adminQuery(url, `drop database if exists ${name} with (force)`),
    };
  }
  const client = await PGlite.create(pgliteOptions());
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return { template: { pgliteDump: dumpPath } satisfies MigratedTemplate, remove: async () => fs.rmSync(dumpPath, { force: true }) };
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-testdb-'));
  const { template, remove } = await makeMigratedTemplate(process.env.DATABASE_URL || undefined, path.join(dir, 'migrated.tar'));
  project.provide('pinyouTestDatabase', template);
  return async () => {
    await remove();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
