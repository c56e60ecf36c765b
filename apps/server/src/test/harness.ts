import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { createClientCore, type EndpointDef, type RequestInputOf, type Transport } from '@pinyou/contract';
import { loadEnv, type Env } from '../env.ts';
import { truncateAll, type Database } from '../db/client.ts';
import { buildApp, type App } from '../app.ts';
import { MemoryKv } from '../core/kv.ts';
import type { Providers } from '../providers/providers.ts';
import { openTestDatabase } from './test-database.ts';

export { openTestDatabase };

export const TEST_SECRET = 'test-sign-secret-0123456789';

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
  /**
   * The request the client core builds (signed unless raw; multipart with `file`), answered as Fastify's inject
   * response: for answers that are not one envelope (a stream) and uploads.
   */
  request(
    target: { path: string },
    input?: Record<string, unknown>,
    opts?: CallOptions & { file?: { name: string; data: Buffer; type: string } },
  ): Promise<LightMyRequestResponse>;
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

  /** The client core's transport on Fastify's inject: the same signing, request building and parsing as every client. */
  const injectFrom =
    (ip: string): Transport =>
    async (url, init) => {
      const res = await built.app.inject({
        method: init.method,
        url,
        payload: init.body as string | undefined,
        headers: init.headers,
        remoteAddress: ip,
      });
      return { status: res.statusCode, json: async () => res.json() };
    };
  const core = (o: CallOptions) => createClientCore({ transport: injectFrom(o.ip ?? '127.0.0.1'), secret: TEST_SECRET, agent: 'H5' });
  const sendOptions = (o: CallOptions, raw: boolean) => ({
    raw,
    token: o.token ?? null,
    language: o.lang ?? 'en',
    headers: o.headers,
    method: o.method,
  });
  const send = (target: { path: string }, fields: Record<string, unknown>, o: CallOptions, raw: boolean) =>
    core(o).send(target, fields, sendOptions(o, raw));

  const request: TestApp['request'] = async (target, input = {}, o = {}) => {
    const file = o.file && new File([new Uint8Array(o.file.data)], o.file.name, { type: o.file.type });
    const { url, init } = core(o).prepare(target, input, { ...sendOptions(o, o.raw ?? false), file });
    const headers = { ...init.headers };
    let payload: string | Buffer | undefined;
    if (init.body instanceof FormData) {
      // inject takes bytes: let the platform encode the form and name its boundary.
      const encoded = new Response(init.body);
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else payload = init.body;
    return built.app.inject({ method: init.method, url, payload, headers, remoteAddress: o.ip ?? '127.0.0.1' });
  };

  const post: TestApp['post'] = async (url, body, o = {}) => {
    const res = await send({ path: url }, body as Record<string, unknown>, o, true);
    return { status: res.status, ...(res.body as object) } as never;
  };

  const call: TestApp['call'] = async (def, input = {}, o = {}) => {
    const res = await send(def, input as Record<string, unknown>, o, o.raw ?? false);
    return { status: res.status, ...(res.body as object) } as never;
  };

  return {
    ...built,
    env,
    database,
    kv,
    call,
    post,
    request,
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
