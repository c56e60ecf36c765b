import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, contract, signFields } from '@pinyou/contract';
import { loadEnv } from './env.ts';
import { openDatabase, STARTUP_LOCK_KEY, type Database } from './db/client.ts';
import { buildApp, type App } from './app.ts';
import { RedisKv } from './core/kv.ts';
import type { TestApp } from './test/harness.ts';
import { issueBill, makeUser, topUp } from './modules/wallet/wallet.test-helpers.ts';

/**
 * Two server instances on one PostgreSQL and one Redis, as behind a load balancer. CI's second pass sets
 * DATABASE_URL and REDIS_URL; without both there is nothing shared to test, so the file is skipped.
 */
const url = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const SECRET = 'multi-instance-secret-0123456789';

describe.skipIf(!url || !redisUrl)('two instances on one PostgreSQL and Redis', () => {
  const name = `pinyou_mi_${randomBytes(5).toString('hex')}`;
  let dbUrl = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-mi-'));
  let clock = new Date('2026-11-23T10:00:30Z');
  const instances: { database: Database; app: App }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    const env = loadEnv({
      NODE_ENV: 'test',
      SIGN_SECRET: SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
    });
    const databases = await Promise.all([openDatabase({ url: dbUrl }), openDatabase({ url: dbUrl })]);
    // Both start at once on an empty database: the advisory lock makes one migrate and the other find it done.
    await Promise.all(databases.map((d) => d.withLock(STARTUP_LOCK_KEY, () => d.migrate())));
    for (const database of databases) {
      const app = await buildApp({ env, database, kv: new RedisKv(redisUrl!), version: () => 'test', logger: false, now: () => clock });
      await app.app.ready();
      instances.push({ database, app });
    }
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (i: number, def: { path: string }, fields: Record<string, unknown>, token?: string) => {
    const res = await instances[i].app.app.inject({
      method: 'POST',
      url: def.path,
      payload: fields,
      headers: { language: 'en', agent: 'H5', ...(token ? { token } : {}) },
    });
    return res.json() as { code: number; msg: string; data: any };
  };

  it('migrated once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'));
    for (const i of instances) expect(await i.database.pendingMigrations()).toBe(0);
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const r = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await c.end();
    expect(r.rows[0].n).toBe(journal.entries.length);
  });

  it('refuses on one instance a nonce already used on the other', async () => {
    const fields = signFields({}, SECRET);
    const first = await send(0, contract.account.getSystemSetting, fields);
    expect(first.code, first.msg).toBe(0);
    const replay = await send(1, contract.account.getSystemSetting, fields);
    expect(replay.code).toBe(Code.NONCE_REPLAY);
  });

  it('runs a scheduled slot once across both instances', async () => {
    const runs: number[] = [];
    instances.forEach((i, n) => {
      i.app.jobs.register('test.everyMinute', async () => void runs.push(n));
      i.app.jobs.schedule('test.everyMinute', '* * * * *');
    });
    await Promise.all(instances.map((i) => i.app.jobs.runDue()));
    await Promise.all(instances.map((i) => i.app.jobs.runDue()));
    expect(runs.length).toBe(1);
    clock = new Date(clock.getTime() + 60_000);
    await Promise.all(instances.map((i) => i.app.jobs.runDue()));
    expect(runs.length).toBe(2);
  });

  it('charges a payment retried on the other instance once (idempotency key)', async () => {
    const t0 = { services: instances[0].app.services } as unknown as TestApp;
    const u = await makeUser(t0);
    await topUp(t0, u.id, 5000);
    const bill = await issueBill(t0, u.id, 1200, { kind: 'other' });
    const key = `retry-${randomBytes(6).toString('hex')}`;
    const pay = (i: number) =>
      send(i, contract.wallet.ordersPay, signFields({ bill_ids: [bill.id], idempotency_key: key }, SECRET), u.token);
    const [a, b] = await Promise.all([pay(0), pay(1)]);
    const again = await pay(1);
    for (const r of [a, b, again]) expect(r.code, r.msg).toBe(0);
    expect(new Set([a.data.payment_id, b.data.payment_id, again.data.payment_id]).size).toBe(1);
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const bal = await c.query('select balance_minor::int as b from ledger_accounts where user_id = $1', [u.id]);
    const payments = await c.query('select count(*)::int as n from payments where payer_user_id = $1', [u.id]);
    await c.end();
    expect(bal.rows[0].b).toBe(5000 - 1200);
    expect(payments.rows[0].n).toBe(1);
  });
});
