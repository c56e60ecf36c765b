import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, empty, endpoint, ok, signFields } from '@pinyou/contract';
import { envelope, envelopeText, installErrorHandlers, Pipeline, type SessionLookup } from './http.ts';
import { MemoryKv } from './kv.ts';

/**
 * The pipeline on a bare Fastify instance with endpoints made up for the test: no database,
 * so the order of checks and the failure envelope can be seen directly.
 */
const SECRET = 'unit-sign-secret-0123456789';
const logLines: string[] = [];
const handler = vi.fn(async (input: unknown) => ({ echo: input }));
const lookupSession = vi.fn(async (hash: string): Promise<SessionLookup> =>
  hash === 'good-token'
    ? { status: 'ok', session: { id: 1, userId: 7, staffId: null, role: 'user', actingLeaderId: null, staffRole: null } }
    : { status: 'unknown' },
);
let app: FastifyInstance;
const kv = new MemoryKv();

const echo = endpoint({
  path: '/api/test/echo',
  auth: 'none',
  summary: 'echo',
  request: z.object({ n: z.coerce.number().int(), tags: z.array(z.string()).optional() }),
  response: ok,
});
const mine = endpoint({ path: '/api/test/mine', auth: 'user', summary: 'needs a user', request: empty, response: ok });
const boom = endpoint({ path: '/api/test/boom', auth: 'none', summary: 'fails', request: empty, response: ok });

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  app = Fastify({ logger: { level: 'error', stream } });
  installErrorHandlers(app, () => 'v1');
  const pipeline = new Pipeline({
    kv,
    signSecret: SECRET,
    version: () => 'v1',
    userRoles: async () => [],
    lookupSession,
    tokenHash: (t) => t,
    ipRateLimitPerMinute: 10_000,
    maxUploadBytes: 1024,
  });
  pipeline.register(app, echo, handler);
  pipeline.register(app, mine, handler);
  pipeline.register(app, boom, () => {
    throw new Error('relation "wallet_ledger" violates constraint at 10.0.0.9 password=hunter2');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  handler.mockClear();
  lookupSession.mockClear();
});

const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'POST', url, payload: body, headers: { language: 'en', ...headers } });
  return { status: res.statusCode, ...res.json() };
};

describe('pipeline order', () => {
  it('a refused signature reaches neither the session lookup nor the handler', async () => {
    const signed = signFields({ n: 1 }, SECRET);
    const cases = [
      { body: { ...signed, n: 2 }, code: Code.SIGN_INVALID },
      { body: { n: 1 }, code: Code.SIGN_MISSING },
      { body: signFields({ n: 1 }, SECRET, signed.timestamp - 1000), code: Code.TIMESTAMP_STALE },
    ];
    for (const c of cases) {
      for (const url of [echo.path, mine.path]) {
        const res = await post(url, c.body, { token: 'good-token' });
        expect(res.status).toBe(200);
        expect(res.code).toBe(c.code);
      }
    }
    expect(lookupSession).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
  });

  it('the handler gets the parsed business fields only, once per nonce', async () => {
    const signed = signFields({ n: '5', tags: ['a', 'b'] }, SECRET);
    const res = await post(echo.path, signed);
    expect(res).toMatchObject({ status: 200, code: 0, msg: 'Success', version: 'v1', data: { echo: { n: 5, tags: ['a', 'b'] } } });
    expect((await post(echo.path, signed)).code).toBe(Code.NONCE_REPLAY);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('arrays go over GET as JSON text and arrive as arrays', async () => {
    const signed = signFields({ n: 3, tags: ['x', 'y z'] }, SECRET);
    const query = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = await app.inject({ method: 'GET', url: echo.path, query, headers: { language: 'en' } });
    expect(res.json()).toMatchObject({ code: 0, data: { echo: { n: 3, tags: ['x', 'y z'] } } });
  });

  it('a user call without a valid session is refused before the handler', async () => {
    const res = await post(mine.path, signFields({}, SECRET), { token: 'stolen' });
    expect(res).toMatchObject({ status: 401, code: Code.LOGIN_REQUIRED });
    expect(lookupSession).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
    expect((await post(mine.path, signFields({}, SECRET), { authorization: 'Bearer good-token' })).code).toBe(0);
  });
});

describe('unexpected failure', () => {
  it('answers 500 with the request id; the log has the same id and the detail, the answer does not', async () => {
    logLines.length = 0;
    const res = await post(boom.path, signFields({}, SECRET));
    expect(res.status).toBe(500);
    expect(Object.keys(res).sort()).toEqual(['code', 'data', 'msg', 'status', 'version']);
    expect(res.code).toBe(Code.INTERNAL);
    const id = res.msg.match(/^The server ran into an error \(reference ([\w-]+)\)$/)?.[1];
    expect(id, res.msg).toBeTruthy();
    for (const leak of ['hunter2', 'wallet_ledger', '10.0.0.9', 'Error', ' at ']) expect(res.msg).not.toContain(leak);
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged).toBeTruthy();
    expect(logged.requestId).toBe(id);
    expect(logged.err.message).toContain('hunter2');
    expect(logged.err.stack).toContain('http.test.ts');
  });
});

describe('envelopeText', () => {
  it('makes, from data already written as JSON, the answer the data itself makes', () => {
    const page = { list: [{ n: 1, at: new Date(0) }] };
    expect(envelopeText(0, 'OK "quoted"', 'v1', JSON.stringify(page))).toBe(JSON.stringify(envelope(0, 'OK "quoted"', 'v1', page)));
  });
});
