/**
 * Crash test: concurrent payments and top-up approvals against a real server process, killed with SIGKILL
 * mid-load, restarted on the same data (PGlite folder, or PostgreSQL when DATABASE_URL is set). Nothing the
 * server acknowledged may be lost, nothing may be doubled, and the ledger must reconcile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contract, signFields, type EndpointDef } from '@pinyou/contract';
import { loadEnv } from '../../env.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { MemoryKv } from '../../core/kv.ts';
import { DbJobQueue } from '../../core/job-queue.ts';
import { defaultProviders } from '../../providers/providers.ts';
import { createModules } from '../../modules/index.ts';
import * as accountRepo from '../account/account.repository.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const mainTs = path.join(root, 'apps/server/src/main.ts');
const SECRET = randomBytes(24).toString('hex');
const ADMIN_PASSWORD = 'crash-admin-pass';
const CUSTOMERS = 3;
const BILLS_EACH = 15;
const TOPUPS_EACH = 6;
const START_MINOR = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-crash-'));
let pgUrl: string | null = null;
let dropPg: (() => Promise<void>) | null = null;
let child: ChildProcess | null = null;

afterAll(async () => {
  child?.kill('SIGKILL');
  await dropPg?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function envFor(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: '0',
    SIGN_SECRET: SECRET,
    ADMIN_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  };
}

async function openData(): Promise<Database> {
  const env = loadEnv(envFor(1));
  const database = await openDatabase({ url: pgUrl ?? undefined, dataDir: path.join(env.dataDir, 'pglite') });
  await database.migrate();
  return database;
}

async function startServer(): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  // One process (node with the tsx loader), not the tsx wrapper: SIGKILL must hit the server itself.
  const proc = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: root,
    env: envFor(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = proc;
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return { base, proc };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function exited(proc: ChildProcess) {
  return proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', r));
}

async function call(base: string, def: EndpointDef, input: Record<string, unknown>, token?: string) {
  const res = await fetch(`${base}${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(signFields(input, SECRET)),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

interface Plan {
  customers: { id: number; token: string; bills: number[]; orders: number[] }[];
}

/** Customers with a starting balance, unpaid bills and pending PayNow top-ups, written before the server starts. */
async function seed(): Promise<Plan> {
  const database = await openData();
  const env = loadEnv(envFor(1));
  const { services: s } = createModules(
    env,
    database.db,
    new MemoryKv(),
    defaultProviders(env, database.db),
    new DbJobQueue(database.db, { pollMs: 0 }),
  );
  const plan: Plan = { customers: [] };
  for (let c = 0; c < CUSTOMERS; c++) {
    const user = await accountRepo.insertUser(s.db, { userAccount: `crash${c}`, nickname: `Crash ${c}` });
    const { token } = await s.sessions.issueForUser(s.db, user.id, 'user', { ip: '1', userAgent: '' });
    const { order } = await s.recharge.create(
      user.id,
      { amount: START_MINOR, method: 'paynow', trade_type: 'h5' },
      { lang: 'en', ip: '1', files: [] },
    );
    expect(await s.recharge.credit(order.order_no, { method: 'paynow', amountMinor: START_MINOR, currency: 'SGD', staffId: null })).toBe(
      'credited',
    );
    const bills: number[] = [];
    await s.db.transaction(async (tx) => {
      for (let b = 0; b < BILLS_EACH; b++) {
        const bill = await s.billing.issueBill(tx, {
          userId: user.id,
          kind: 'other',
          refId: c * 1000 + b,
          currency: 'SGD',
          amountMinor: 100,
          lines: [{ code: 'crash', label: { en: 'Crash test', zh_CN: '崩溃测试' }, amountMinor: 100 }],
          description: { en: 'Crash test bill', zh_CN: '崩溃测试账单' },
        });
        bills.push(bill.id);
      }
    });
    const orders: number[] = [];
    for (let o = 0; o < TOPUPS_EACH; o++) {
      const r = await s.recharge.create(user.id, { amount: 500, method: 'paynow', trade_type: 'h5' }, { lang: 'en', ip: '1', files: [] });
      orders.push(r.order.id);
    }
    plan.customers.push({ id: user.id, token, bills, orders });
  }
  await database.close();
  return plan;
}

async function run(label: string) {
  const plan = await seed();
  let server = await startServer();
  const login = await call(server.base, contract.admin.adminLogin, { account: 'admin', password: ADMIN_PASSWORD });
  expect(login.code, login.msg).toBe(0);
  const staff = login.data.token as string;

  // Everything at once, with a kill while it is in flight.
  const paid = new Set<number>();
  const approved = new Set<number>();
  const jobs: (() => Promise<void>)[] = [];
  for (const c of plan.customers) {
    for (const bill of c.bills)
      jobs.push(async () => {
        const r = await call(server.base, contract.wallet.ordersPay, { bill_ids: [bill], idempotency_key: `crash-pay-${bill}` }, c.token);
        if (r.code === 0) paid.add(bill);
      });
    for (const id of c.orders)
      jobs.push(async () => {
        const r = await call(server.base, contract.walletAdmin.adminApproveRecharge, { id }, staff);
        if (r.code === 0) approved.add(id);
      });
  }
  jobs.sort(() => Math.random() - 0.5);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]().catch(() => undefined);
  };
  const workers = Promise.all(Array.from({ length: 12 }, worker));
  // Kill once some work is acknowledged and plenty is still in flight.
  for (let i = 0; i < 400 && paid.size + approved.size < jobs.length / 3; i++) await new Promise((r) => setTimeout(r, 10));
  server.proc.kill('SIGKILL');
  await workers;
  await exited(server.proc);
  expect(paid.size + approved.size, `${label}: acknowledged before the kill`).toBeGreaterThan(0);
  expect(paid.size + approved.size, `${label}: the kill came mid-load`).toBeLessThan(jobs.length);

  server = await startServer();
  const staff2 = (await call(server.base, contract.admin.adminLogin, { account: 'admin', password: ADMIN_PASSWORD })).data.token as string;
  // Nothing acknowledged was lost: a repeated payment answers from its first run; an approved top-up is paid.
  for (const c of plan.customers) {
    for (const bill of c.bills) {
      const r = await call(server.base, contract.wallet.ordersPay, { bill_ids: [bill], idempotency_key: `crash-pay-${bill}` }, c.token);
      expect(r.code, `${label}: pay bill ${bill} again → ${r.msg}`).toBe(0);
    }
    for (const id of c.orders) {
      const r = await call(server.base, contract.walletAdmin.adminApproveRecharge, { id }, staff2);
      if (approved.has(id)) expect(r.code, `${label}: approved order ${id} still pending after restart`).not.toBe(0);
    }
  }
  const rec = await call(server.base, contract.walletAdmin.adminReconcile, {}, staff2);
  expect(rec.code, rec.msg).toBe(0);
  expect(rec.data.ok, JSON.stringify(rec.data)).toBe(true);
  expect(rec.data.wallet_mismatches).toEqual([]);
  server.proc.kill('SIGTERM');
  await exited(server.proc);
  child = null;

  // Nothing doubled: each balance is exactly start + every top-up − every bill, each counted once.
  const database = await openData();
  for (const c of plan.customers) {
    const r = (await database.db.execute(
      sql`select (select balance_minor from ledger_accounts where user_id = ${c.id})::bigint as b,
                 (select count(*) from bills where user_id = ${c.id} and status = 'paid')::int as paid,
                 (select count(*) from recharge_orders where user_id = ${c.id} and status = 'paid')::int as topups`,
    )) as unknown as { rows: { b: string | number; paid: number; topups: number }[] };
    const row = r.rows[0];
    expect(row.paid, `${label}: customer ${c.id} bills paid`).toBe(BILLS_EACH);
    expect(row.topups, `${label}: customer ${c.id} top-ups`).toBe(TOPUPS_EACH + 1);
    expect(Number(row.b), `${label}: customer ${c.id} balance`).toBe(START_MINOR + TOPUPS_EACH * 500 - BILLS_EACH * 100);
  }
  await database.close();
}

describe('crash recovery', () => {
  it(`keeps every acknowledged payment and approval through SIGKILL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    if (process.env.DATABASE_URL) {
      const name = `pinyou_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(process.env.DATABASE_URL);
      u.pathname = `/${name}`;
      pgUrl = u.toString();
      dropPg = async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
    await run(pgUrl ? 'postgres' : 'pglite');
  }, 240_000);
});
