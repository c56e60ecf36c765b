import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv, DEV_SIGN_SECRET } from './env.ts';
import { lockDataDir } from './core/data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { startServer } from './server.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-srv-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const testEnv = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SIGN_SECRET: 'server-test-secret-0123456789',
    ...extra,
  });

describe('production guard', () => {
  const prod = { NODE_ENV: 'production' };
  const wxpay = {
    WXPAY_MCHID: '1900000001',
    WXPAY_APPID: 'wx123',
    WXPAY_SERIAL_NO: 'ABC',
    WXPAY_PRIVATE_KEY: 'pem',
    WXPAY_API_V3_KEY: '0123456789abcdef0123456789abcdef',
    WXPAY_PLATFORM_PUBLIC_KEY: 'pem',
    WXPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
  };
  const safe = { ...prod, ...wxpay, SIGN_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: 'a-strong-admin-pass', SEED_DEMO: '0' };

  it('refuses each development default, naming its variable', () => {
    let message = '';
    try {
      loadEnv(prod);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/Refusing to start in production/);
    for (const v of ['ALLOW_DEV_SIGN_SECRET', 'ALLOW_DEFAULT_ADMIN_PASSWORD', 'ALLOW_DEMO_SEED', 'ALLOW_SANDBOX_PAYMENTS'])
      expect(message).toContain(v);
  });

  it('starts with real settings, and each default only with its own allowance', () => {
    expect(loadEnv(safe).NODE_ENV).toBe('production');
    expect(() => loadEnv({ ...safe, SIGN_SECRET: DEV_SIGN_SECRET })).toThrow(/SIGN_SECRET/);
    expect(loadEnv({ ...safe, SIGN_SECRET: DEV_SIGN_SECRET, ALLOW_DEV_SIGN_SECRET: '1' }).SIGN_SECRET).toBe(DEV_SIGN_SECRET);
    expect(() => loadEnv({ ...safe, ADMIN_PASSWORD: undefined })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadEnv({ ...safe, ADMIN_PASSWORD: undefined, ALLOW_DEMO_SEED: '1' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadEnv({ ...safe, ADMIN_PASSWORD: undefined, ALLOW_DEFAULT_ADMIN_PASSWORD: '1' }).ADMIN_PASSWORD).toBe('pinyou-admin');
    expect(() => loadEnv({ ...safe, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
    expect(loadEnv({ ...safe, SEED_DEMO: '1', ALLOW_DEMO_SEED: '1' }).SEED_DEMO).toBe('1');
    expect(() => loadEnv({ ...safe, WXPAY_MCHID: undefined })).toThrow(/sandbox/);
    expect(() => loadEnv({ ...safe, WXPAY_SANDBOX: '1' })).toThrow(/WXPAY_SANDBOX/);
    expect(loadEnv({ ...safe, WXPAY_MCHID: undefined, ALLOW_SANDBOX_PAYMENTS: '1' }).NODE_ENV).toBe('production');
    // Development and test are not guarded.
    expect(loadEnv({}).SIGN_SECRET).toBe(DEV_SIGN_SECRET);
  });
});

describe('data folder lock', () => {
  it('refuses a second holder and takes over a lock whose process is gone', () => {
    const dir = tmp();
    const a = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Pinyou server \(pid \d+\)/);
    a.release();
    expect(fs.existsSync(a.file)).toBe(false);
    // A killed server leaves its file behind: a pid that no longer runs does not block.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(a.file, `${dead}\n`);
    const b = lockDataDir(dir);
    expect(fs.readFileSync(b.file, 'utf8').trim()).toBe(String(process.pid));
    b.release();
    // A file naming this very pid but not held by this process is a previous run's (pid reuse in containers).
    fs.writeFileSync(a.file, `${process.pid}\n`);
    lockDataDir(dir).release();
  });
});

describe('health, drain and the data folder', () => {
  it('answers live and ready, refuses a second server on the folder, drains on shutdown and finishes requests in flight', async () => {
    const dir = tmp();
    const env = testEnv(dir, { SHUTDOWN_GRACE_MS: '400', SHUTDOWN_TIMEOUT_MS: '1500' });
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let stuckEntered!: () => void;
    const stuck = new Promise<void>((r) => (stuckEntered = r));
    const s = await startServer(env, {
      beforeListen: (app) => {
        app.get('/test/slow', async () => {
          entered();
          await released;
          return { done: true };
        });
        app.get('/test/stuck', async () => {
          stuckEntered();
          await new Promise(() => {});
        });
      },
    });
    const base = `http://127.0.0.1:${s.port}`;
    try {
      expect(await (await fetch(`${base}/api/health/live`)).json()).toEqual({ status: 'live' });
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });

      await expect(startServer(testEnv(dir))).rejects.toThrow(/in use by another Pinyou server/);

      const slow = fetch(`${base}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
      const hung = fetch(`${base}/test/stuck`).then(
        () => 'answered',
        () => 'cut',
      );
      await Promise.all([inFlight, stuck]);
      const started = Date.now();
      const down = s.shutdown();
      const draining = await fetch(`${base}/api/health/ready`, { headers: { connection: 'close' } });
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'draining' });
      release();
      expect(await slow).toEqual({ status: 200, body: { done: true } });
      await down;
      // The stuck request was cut at the time limit, not waited for.
      expect(await hung).toBe('cut');
      expect(Date.now() - started).toBeLessThan(6000);
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
      // The folder is free again.
      const again = await startServer(testEnv(dir));
      await again.shutdown();
    } finally {
      await s.shutdown();
    }
  }, 120_000);

  it('reports pending migrations until they are applied', async () => {
    const db = await openDatabase({ dataDir: null });
    try {
      expect(await db.pendingMigrations()).toBeGreaterThan(0);
      await db.withLock(1, () => db.migrate());
      expect(await db.pendingMigrations()).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);

  function spawnMain(dir: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = { child, out: '' };
    child.stdout.on('data', (b) => (run.out += b));
    child.stderr.on('data', (b) => (run.out += b));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    return { run, exited };
  }

  it('the process exits 0 on SIGTERM', async () => {
    const dir = tmp();
    const { run, exited } = spawnMain(dir);
    for (let i = 0; i < 600 && !run.out.includes('Pinyou is running'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(run.out).toContain('Pinyou is running');
    expect(fs.existsSync(path.join(dir, 'pinyou.lock'))).toBe(true);
    run.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pinyou.lock'))).toBe(false);
  }, 120_000);

  it('a SIGTERM while the server is still starting waits for the start, then drains and frees the folder', async () => {
    const dir = tmp();
    const { run, exited } = spawnMain(dir);
    // The lock is taken before the migrations of a new database, which take seconds: the signal lands mid-start.
    for (let i = 0; i < 600 && !fs.existsSync(path.join(dir, 'pinyou.lock')); i++) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(run.out).toContain('Pinyou is running');
    expect(fs.existsSync(path.join(dir, 'pinyou.lock'))).toBe(false);
  }, 120_000);
});
