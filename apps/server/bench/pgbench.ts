import { spawnSync } from 'node:child_process';

/**
 * PostgreSQL's own yardstick on the same server in the same run: pgbench's built-in TPC-B-like script
 * (`pgbench -i`, then 16 clients for 15 s) in a temporary database. Payment throughput is reported as a
 * share of it, so a slower or busier machine moves both figures together.
 */
export function runPgbench(postgresUrl: string, seconds = 15): { tps: number } | { error: string } {
  const u = new URL(postgresUrl);
  const db = `pinyou_pgbench_${process.pid}`;
  // `?host=/var/run/postgresql` (a Unix socket, as node-postgres reads it) is where pgbench connects too.
  const host = u.searchParams.get('host') ?? u.hostname;
  const base = ['-h', host, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const psql = (sql: string) => spawnSync('psql', [...base, '-d', 'postgres', '-q', '-c', sql], { env, encoding: 'utf8' });
  const made = psql(`create database ${db}`);
  if (made.status !== 0) return { error: `could not create ${db}: ${made.stderr || made.error}` };
  try {
    const init = spawnSync('pgbench', [...base, '-i', '-s', '10', '-q', db], { env, encoding: 'utf8' });
    if (init.status !== 0) return { error: `pgbench -i failed: ${init.stderr || init.error}` };
    const run = spawnSync('pgbench', [...base, '-c', '16', '-j', '2', '-T', String(seconds), db], { env, encoding: 'utf8' });
    const m = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(run.stdout ?? '');
    if (run.status !== 0 || !m) return { error: `pgbench run failed: ${run.stderr || run.stdout || run.error}` };
    return { tps: Number(m[1]) };
  } finally {
    psql(`drop database if exists ${db} with (force)`);
  }
}
