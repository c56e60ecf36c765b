import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClientCore, type Envelope } from '@pinyou/contract';
import type { BenchServer } from './scenario.ts';

const mainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
/** Seeds bulk data (BENCH_SEED) into the database, then runs the same src/main.ts. */
const seededMainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'seeded-main.ts');

/** A port nothing listens on now (the bench's servers and the fresh-clone start take one each). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database for one bench server, dropped afterwards. */
async function tempPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pinyou_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface RunningServer extends BenchServer {
  /** The server's process, whose CPU time the bench reads (cpu-time.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts `src/main.ts` in its own process, as in production, so the load generator (this process)
 * and the server do not share an event loop. Returns once /api/ping answers.
 */
export async function startServer(opts: {
  database: 'pglite' | 'postgres';
  postgresUrl?: string;
  env?: Record<string, string>;
  profileDir?: string;
}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-bench-'));
  const port = await freePort();
  const signSecret = randomBytes(24).toString('hex');
  const pgdb = opts.database === 'postgres' ? await tempPostgres(opts.postgresUrl!) : null;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    SIGN_SECRET: signSecret,
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    // The load comes from one address; the per-IP limit would otherwise stop the run after a second.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The payment scenarios pay bills from the balance; no real WeChat Pay is reachable from a bench.
    ALLOW_SANDBOX_PAYMENTS: '1',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...opts.env,
  };
  const seedOut = path.join(dataDir, 'bench-seed.json');
  if (env.BENCH_SEED) env.BENCH_SEED_OUT = seedOut;
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', env.BENCH_SEED ? seededMainTs : mainTs], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=1 shows the server's own log (e.g. with --env LOG_LEVEL=info) while the bench runs.
  const echo = process.env.BENCH_SERVER_LOG === '1';
  child.stdout!.on('data', (d) => (echo ? process.stderr.write(d) : (output += d)));
  child.stderr!.on('data', (d) => (echo ? process.stderr.write(d) : (output += d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  // Seeding a million rows, or indexing 100,000 goods (about 6 million search tokens in 100,000 rows), takes a while before
  // the server starts listening; on a machine shared with builds even a plain start can take minutes.
  const deadline = Date.now() + (env.BENCH_SEED ? 1_800_000 : 300_000);
  let up = false;
  while (!up) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/ping in time:\n${output}`);
    }
    up = await fetch(`${baseUrl}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }

  // Setup calls go through the contract's client core; only the measured requests use scenario.ts's fast signer.
  const core = createClientCore({ transport: (url, init) => fetch(url, init), secret: signSecret, baseUrl, agent: 'H5' });
  const call: BenchServer['call'] = async (def, input = {}, o = {}) => {
    const res = await core.send(def, input as Record<string, unknown>, { token: o.token ?? null, language: 'en' });
    if (!res.envelope) throw new Error(`${def.path}: HTTP ${res.status} without an envelope`);
    return res.envelope as Envelope<any>;
  };

  return {
    baseUrl,
    signSecret,
    database: opts.database,
    call,
    seed: env.BENCH_SEED ? JSON.parse(fs.readFileSync(seedOut, 'utf8')) : undefined,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgdb) await pgdb.drop();
    },
  };
}
