import { createHmac } from 'node:crypto';
import { canonicalString, makeNonce, type EndpointDef, type Envelope, type RequestInputOf } from '@pinyou/contract';

/** The server a scenario runs against: a separate process started by the bench. */
export interface BenchServer {
  baseUrl: string;
  signSecret: string;
  database: 'pglite' | 'postgres';
  /** What bench/seeded-main.ts wrote (tokens, ids) when the scenario's env has BENCH_SEED. */
  seed?: any;
  /** One signed call, for setup (creating users, seeding rows). */
  call<E extends EndpointDef>(
    def: E,
    input?: RequestInputOf<E> | Record<string, unknown>,
    opts?: { token?: string },
  ): Promise<Envelope<any>>;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One measurement. Files in bench/scenarios/ export `scenario`; the bench runs them in `order`.
 * Scenarios that need the same server (database and env) share one process.
 */
export interface Scenario<State = unknown> {
  name: string;
  description: string;
  order: number;
  /** The hello-world reference every other result is divided by. */
  baseline?: boolean;
  /** 'postgres' needs DATABASE_URL (or BENCH_DATABASE_URL) when the bench runs; a temporary database is made from it. */
  database?: 'pglite' | 'postgres';
  /** Extra server environment (e.g. a smaller cache); scenarios with different env get their own server. */
  env?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** Runs once against the started server before measuring; its result is passed to `request`. */
  setup?(server: BenchServer): Promise<State>;
  /** Called for every request, so each one can be freshly signed. */
  request(state: State, server: BenchServer): RequestSpec;
  /** How many more requests the scenario can make (e.g. unpaid bills left); unlimited when absent. */
  remaining?(state: State): number;
  /**
   * For a scenario with `remaining`: how many of its requests warm the server up (JIT, statements prepared on
   * each pooled connection) before the rest are measured. Without it, all are measured from a cold start.
   */
  warmupRequests?: number;
  /**
   * Runs once after the measurement: what no longer holds (e.g. a bill left unpaid or paid twice, an
   * unbalanced ledger). Any problem fails the row, like a refused answer.
   */
  check?(state: State, server: BenchServer): Promise<string[]>;
  /** Whether an answer counts as a success; default: the envelope's code is 0. */
  ok?(body: string): boolean;
}

export const envelopeOk = (body: string) => body.startsWith('{"code":0,');

/** Signs like a client, with node:crypto so the load generator spends as little CPU as possible. */
export function signedBody(fields: Record<string, unknown>, secret: string): string {
  const withMeta = { ...fields, timestamp: Math.floor(Date.now() / 1000), nonce: makeNonce(24) };
  const sign = createHmac('sha256', secret).update(canonicalString(withMeta)).digest('hex');
  return JSON.stringify({ ...withMeta, sign });
}

/** A POST of a contract call with a fresh timestamp, nonce and sign each time. */
export function signedCall(def: EndpointDef, server: BenchServer, fields: Record<string, unknown> = {}, token?: string): RequestSpec {
  const headers: Record<string, string> = { 'content-type': 'application/json', language: 'en', agent: 'H5' };
  if (token) headers.token = token;
  return { method: 'POST', path: def.path, headers, body: signedBody(fields, server.signSecret) };
}
