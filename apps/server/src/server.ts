import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Env } from './env.ts';
import { openDatabase, STARTUP_LOCK_KEY, type Database } from './db/client.ts';
import { buildApp, type App } from './app.ts';
import { lockDataDir } from './core/data-dir-lock.ts';
import { seedDemo } from './seed/demo.ts';

export interface RunningServer extends App {
  database: Database;
  seeded: boolean;
  port: number;
  /** SIGTERM: report not ready, stop accepting, let requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), stop jobs, close the database. */
  shutdown(): Promise<void>;
}

/** The embedded database's folder is locked to this process; with PostgreSQL there is nothing to lock. */
async function openOwned(env: Env) {
  const lock = env.DATABASE_URL ? null : lockDataDir(env.dataDir);
  try {
    const database = await openDatabase({
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      pipeline: env.DATABASE_PIPELINE === '1',
      namedStatements: env.DATABASE_NAMED_STATEMENTS === '1',
      dataDir: path.join(env.dataDir, 'pglite'),
      pgliteThread: env.PGLITE_THREAD,
    });
    return { database, lock };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

/** `npm run migrate`: migrations alone, under the start-up lock. */
export async function migrateOnly(env: Env): Promise<void> {
  const { database, lock } = await openOwned(env);
  try {
    await database.withLock(STARTUP_LOCK_KEY, () => database.migrate());
  } finally {
    await database.close();
    lock?.release();
  }
}

/**
 * Opens the database, migrates, sets defaults and seeds under one advisory lock (instances starting
 * together take turns: the first does the work, the next find it done), builds the app, listens, and
 * starts the job poller.
 */
export async function startServer(
  env: Env,
  opts: { logger?: boolean; adminPasswordGiven?: boolean; beforeListen?: (app: App['app']) => void } = {},
): Promise<RunningServer> {
  const { database, lock } = await openOwned(env);
  let built: App | null = null;
  try {
    await database.withLock(STARTUP_LOCK_KEY, () => database.migrate());
    built = await buildApp({ env, database, logger: opts.logger });
    const { app, services, modules, jobs } = built;
    const seeded = await database.withLock(STARTUP_LOCK_KEY, async () => {
      await services.staff.ensureAdmin(env.ADMIN_PASSWORD, opts.adminPasswordGiven ?? false);
      for (const m of modules) await m.start?.();
      return env.SEED_DEMO === '1' ? seedDemo(services, modules) : false;
    });
    opts.beforeListen?.(app);
    await app.listen({ port: env.PORT, host: env.HOST });
    jobs.start();

    const b = built;
    let closing: Promise<void> | null = null;
    const shutdown = () =>
      (closing ??= (async () => {
        b.drain();
        if (env.SHUTDOWN_GRACE_MS > 0) await new Promise((r) => setTimeout(r, env.SHUTDOWN_GRACE_MS));
        // Requests still running at the limit lose their connections; everything else has finished.
        const limit = setTimeout(() => app.server.closeAllConnections(), env.SHUTDOWN_TIMEOUT_MS);
        try {
          await b.close();
        } finally {
          clearTimeout(limit);
          await database.close();
          lock?.release();
        }
      })());
    return { ...built, database, seeded, port: (app.server.address() as AddressInfo).port, shutdown };
  } catch (e) {
    await built?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    lock?.release();
    throw e;
  }
}
