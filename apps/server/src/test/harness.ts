import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signFields, type EndpointDef, type RequestInputOf } from '@pinyou/contract';
import { loadEnv, type Env } from '../env.ts';
import { openDatabase, truncateAll, type Database } from '../db/client.ts';
import { buildApp, type App } from '../app.ts';
import { MemoryKv } from '../core/kv.ts';
import type { Providers } from '../providers/providers.ts';

export const TEST_SECRET = 'test-sign-secret-0123456789';

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database made for this file and dropped at the end.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `pinyou_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString(), poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface CallOptions {
  token?: string | null;
  lang?: 'en' | 'zh_CN';
  ip?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Send exactly these fields (no signing added). */
  raw?: boolean;
}

export interface TestApp extends App {
  env: Env;
  database: Database;
  kv: MemoryKv;
  call<E extends EndpointDef>(
    def: E,
    input?: RequestInputOf<E> | Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<{ status: number; code: number; msg: string; data: any; version: string }>;
  post(path: string, body: unknown, opts?: CallOptions): Promise<{ status: number; code: number; msg: string; data: any }>;
  reset(): Promise<void>;
  /** The last code the sandbox sent to a phone or e-mail. */
  lastCode(to: string): Promise<string>;
}

export async function createTestApp(opts: { providers?: Partial<Providers>; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-test-'));
  const env = loadEnv({ NODE_ENV: 'test', SIGN_SECRET: TEST_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...opts.env });
  const { database, drop } = await openTestDatabase();
  const kv = new MemoryKv();
  const built = await buildApp({ env, database, kv, providers: opts.providers, version: () => 'test', logger: false });
  await built.app.ready();

  const post: TestApp['post'] = async (url, body, o = {}) => {
    const headers: Record<string, string> = { language: o.lang ?? 'en', agent: 'H5', ...o.headers };
    if (o.token) headers.token = o.token;
    const method = o.method ?? 'POST';
    const res =
      method === 'GET'
        ? await built.app.inject({ method, url, query: body as Record<string, string>, headers, remoteAddress: o.ip ?? '127.0.0.1' })
        : await built.app.inject({ method, url, payload: body as object, headers, remoteAddress: o.ip ?? '127.0.0.1' });
    const json = res.json();
    return { status: res.statusCode, ...json };
  };

  const call: TestApp['call'] = async (def, input = {}, o = {}) => {
    const fields = o.raw ? (input as Record<string, unknown>) : signFields(input as Record<string, unknown>, TEST_SECRET);
    if (o.method === 'GET') {
      const q: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) q[k] = typeof v === 'string' ? v : JSON.stringify(v);
      return post(def.path, q, o) as never;
    }
    return post(def.path, fields, o) as never;
  };

  return {
    ...built,
    env,
    database,
    kv,
    call,
    post,
    reset: async () => {
      await truncateAll(database.db);
      await kv.close();
    },
    lastCode: async (to) => {
      const { outbox } = await import('../db/schema.ts');
      const { desc, eq } = await import('drizzle-orm');
      const [row] = await database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
      const m = row?.body.match(/\b(\d{6})\b/);
      if (!m) throw new Error(`no code sent to ${to}`);
      return m[1];
    },
    close: async () => {
      await built.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
