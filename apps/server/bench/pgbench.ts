import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The payment's statements as a pgbench script, and the data it pays from (see the script's header). */
export const paymentStatementsScript = path.join(here, 'pgbench', 'payment-statements.pgbench.sql');
export const paymentStatementsSeed = path.join(here, 'pgbench', 'payment-statements.seed.sql');

type Outcome = { tps: number } | { error: string };

/** pgbench and psql against the server of `postgresUrl`, with a temporary database made, used and dropped. */
function withTempDatabase(
  postgresUrl: string,
  use: (run: (cmd: string, args: string[]) => ReturnType<typeof spawnSync>, db: string, url: string) => Promise<Outcome> | Outcome,
) {
  const u = new URL(postgresUrl);
  const db = `pinyou_pgbench_${process.pid}`;
  // `?host=/var/run/postgresql` (a Unix socket, as node-postgres reads it) is where pgbench connects too.
  const host = u.searchParams.get('host') ?? u.hostname;
  const base = ['-h', host, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const run = (cmd: string, args: string[]) => spawnSync(cmd, [...base, ...args], { env, encoding: 'utf8' });
  const made = run('psql', ['-d', 'postgres', '-q', '-c', `create database ${db}`]);
  if (made.status !== 0) return Promise.resolve<Outcome>({ error: `could not create ${db}: ${made.stderr || made.error}` });
  const url = new URL(postgresUrl);
  url.pathname = `/${db}`;
  // A failure (e.g. our migrations on this server) becomes the run's note, as a failed pgbench does, not the bench's end.
  return Promise.resolve()
    .then(() => use(run, db, url.toString()))
    .catch((e: unknown): Outcome => ({ error: e instanceof Error ? e.message : String(e) }))
    .finally(() => run('psql', ['-d', 'postgres', '-q', '-c', `drop database if exists ${db} with (force)`]));
}

/** 16 clients for `seconds`, as the yardstick runs; tps without connection set-up, or why there is none. */
function tpsOf(run: ReturnType<typeof spawnSync>): Outcome {
  const out = String(run.stdout ?? '');
  const m = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out);
  const failed = /number of failed transactions: (\d+)/.exec(out);
  if (run.status !== 0 || !m) return { error: `pgbench run failed: ${String(run.stderr ?? '') || out || run.error}` };
  if (failed && Number(failed[1]) > 0) return { error: `pgbench: ${failed[1]} transactions failed` };
  return { tps: Number(m[1]) };
}

/**
 * PostgreSQL's own yardstick on the same server in the same run: pgbench's built-in TPC-B-like script
 * (`pgbench -i`, then 16 clients for 15 s) in a temporary database. Payment throughput is reported as a
 * share of it, so a slower or busier machine moves both figures together.
 */
export function runPgbench(postgresUrl: string, seconds = 15): Promise<Outcome> {
  return withTempDatabase(postgresUrl, (run, db) => {
    const init = run('pgbench', ['-i', '-s', '10', '-q', db]);
    if (init.status !== 0) return { error: `pgbench -i failed: ${String(init.stderr ?? '') || init.error}` };
    return tpsOf(run('pgbench', ['-c', '16', '-j', '2', '-T', String(seconds), db]));
  });
}

/**
 * The database's share of a payment alone: the statements the server sends for one, run by pgbench (no HTTP,
 * no server, a C client) on our migrated schema, as the yardstick runs its own script. Set beside the payments
 * rows, it tells how much of the gap to pgbench's figure is the database's work and how much the rest.
 */
export function runPaymentStatements(postgresUrl: string, seconds = 15): Promise<Outcome> {
  return withTempDatabase(postgresUrl, async (run, db, url) => {
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const seeded = run('psql', ['-d', db, '-q', '-v', 'ON_ERROR_STOP=1', '-f', paymentStatementsSeed]);
    if (seeded.status !== 0) return { error: `payment statements' seed failed: ${String(seeded.stderr ?? '') || seeded.error}` };
    return tpsOf(run('pgbench', ['-n', '-M', 'prepared', '-c', '16', '-j', '2', '-T', String(seconds), '-f', paymentStatementsScript, db]));
  });
}
