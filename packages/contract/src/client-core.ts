import { Code } from './codes.ts';
import type { EndpointDef, RequestInputOf, ResponseOf } from './endpoint.ts';
import type { Envelope } from './envelope.ts';
import { signFields } from './signing.ts';

/**
 * The one client of the wire protocol (spec §7): the web app, the console, the e2e drivers, the server's
 * test harness and the bench all sign, send and read answers through it, each with its own transport and
 * its own reaction to failures. Only what browsers and Node both have (fetch-shaped transport, FormData,
 * AbortController, globalThis.crypto via signing.ts), so it runs everywhere. No zod either (readEnvelope).
 */

/** What the core needs of an answer; fetch's Response has it, and a test transport can fake it in two lines. */
export interface TransportResponse {
  readonly status: number;
  json(): Promise<unknown>;
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

/** `fetch` itself is a Transport; the server tests pass one built on Fastify's inject. */
export type Transport = (url: string, init: TransportRequest) => Promise<TransportResponse>;

/** Where the difference between the server's clock and this device's is kept (ms, server minus local). */
export interface ClockOffsetStore {
  get(): number;
  set(offsetMs: number): void;
}

export interface ClientCoreOptions {
  transport: Transport;
  secret: string;
  /** Prefixed to every endpoint path ('' for same-origin calls). */
  baseUrl?: string;
  /** The `agent` header: 'H5' for the customer app, 'console' for staff. */
  agent?: string;
  language?: () => string;
  /** The session token sent when a call does not say otherwise. */
  token?: () => string | null | undefined;
  now?: () => number;
  /** Defaults to one kept in memory for the life of this core. */
  clock?: ClockOffsetStore;
}

export interface SendOptions {
  /** Overrides the core's token for this call; null sends none. */
  token?: string | null;
  language?: string;
  method?: 'GET' | 'POST';
  /** A multipart upload: the file goes in `file`, the other fields are signed. */
  file?: Blob & { name?: string };
  /** Extra headers, applied last. */
  headers?: Record<string, string>;
  /** Send exactly these fields: no timestamp, nonce or sign added, no clock retry. */
  raw?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** An answer as it came: the HTTP status, the JSON body (null when not JSON) and the body as an envelope (null when not one). */
export interface Answer<T = unknown> {
  status: number;
  body: unknown;
  envelope: Envelope<T> | null;
}

/** The code of a ClientError when the server never answered (network failure, timeout). */
export const NO_RESPONSE = -1;

/** A call that did not succeed: the envelope's code, msg and data, or NO_RESPONSE / the HTTP status when there was none. */
export class ClientError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
    /** 0 when there was no answer at all. */
    readonly status = 200,
  ) {
    super(`${path}: ${code} ${msg}`);
    this.name = 'ClientError';
  }
}

type Target = Pick<EndpointDef, 'path'>;

const textOf = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * envelopeSchema's rule written without zod: the web build ships no validation library to phones (see
 * light-catalogue.ts), and pulling envelope.ts in would bring zod along. client-core.test.ts holds the two to agreement.
 */
export function readEnvelope(body: unknown): Envelope | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (!Number.isSafeInteger(b.code) || typeof b.msg !== 'string' || typeof b.version !== 'string') return null;
  // Like the schema (zod 4): `data` may be null or anything, but the key must be there.
  if (!('data' in b)) return null;
  return { code: b.code as number, msg: b.msg, version: b.version, data: b.data };
}

/** staleTimestampData's rule, likewise: the server's clock in whole seconds. */
export function readServerTime(data: unknown): number | null {
  const t = typeof data === 'object' && data !== null ? (data as { server_time?: unknown }).server_time : undefined;
  return Number.isSafeInteger(t) ? (t as number) : null;
}

export function createClientCore(options: ClientCoreOptions) {
  const now = options.now ?? Date.now;
  let memoryOffset = 0;
  const clock: ClockOffsetStore = options.clock ?? { get: () => memoryOffset, set: (ms) => (memoryOffset = ms) };

  /** The server's idea of now, in seconds, as far as this device knows it. */
  const serverSeconds = () => Math.floor((now() + clock.get()) / 1000);

  /** The URL and request of one call, signed afresh (each attempt needs its own nonce). */
  function prepare(target: Target, input: Record<string, unknown> = {}, opts: SendOptions = {}): { url: string; init: TransportRequest } {
    // fromEntries, not assignment: a field named __proto__ stays a field.
    const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const fields: Record<string, unknown> = opts.raw ? clean : signFields(clean, options.secret, serverSeconds());
    const headers: Record<string, string> = { language: opts.language ?? options.language?.() ?? 'en', agent: options.agent ?? 'H5' };
    const token = opts.token === undefined ? options.token?.() : opts.token;
    if (token) headers.token = token;
    const method = opts.method ?? 'POST';
    let url = (options.baseUrl ?? '') + target.path;
    let body: string | FormData | undefined;
    if (opts.file) {
      // Null is never signed, so it must not travel as the text 'null' either.
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, textOf(v));
      form.append('file', opts.file, opts.file.name ?? 'upload');
      body = form;
    } else if (method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (opts.raw || (v !== null && v !== '')) q.set(k, textOf(v));
      const qs = q.toString();
      if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    }
    Object.assign(headers, opts.headers);
    return { url, init: { method, headers, body } };
  }

  async function transmit(target: Target, url: string, init: TransportRequest, opts: SendOptions): Promise<Answer> {
    const controller = opts.timeoutMs || opts.signal ? new AbortController() : null;
    const stop = () => controller?.abort();
    const timer = opts.timeoutMs ? setTimeout(stop, opts.timeoutMs) : undefined;
    if (opts.signal?.aborted) stop();
    else opts.signal?.addEventListener('abort', stop, { once: true });
    let res: TransportResponse;
    try {
      res = await options.transport(url, controller ? { ...init, signal: controller.signal } : init);
    } catch (e) {
      throw new ClientError(target.path, NO_RESPONSE, e instanceof Error ? e.message : 'no response', null, 0);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', stop);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { status: res.status, body, envelope: readEnvelope(body) };
  }

  /**
   * Signs, sends and reads one call. A stale-timestamp answer carrying the server's time sets the clock
   * offset and the call is signed and sent once more; a second stale answer is returned as it is.
   * Throws ClientError(NO_RESPONSE) only when the transport fails; every answer is returned, whatever its code.
   */
  async function send(target: Target, input: Record<string, unknown> = {}, opts: SendOptions = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const { url, init } = prepare(target, input, opts);
      const answer = await transmit(target, url, init, opts);
      if (opts.raw || attempt > 0 || answer.envelope?.code !== Code.TIMESTAMP_STALE) return answer;
      const serverTime = readServerTime(answer.envelope.data);
      if (serverTime === null) return answer;
      clock.set(serverTime * 1000 - now());
    }
  }

  /** A typed call: the data of a code-0 answer, otherwise a ClientError with the code, msg and data. */
  async function call<E extends EndpointDef>(def: E, input?: RequestInputOf<E>, opts: SendOptions = {}): Promise<ResponseOf<E>> {
    const answer = await send(def, (input ?? {}) as Record<string, unknown>, opts);
    const env = answer.envelope;
    const httpOk = answer.status >= 200 && answer.status <= 299;
    if (env && env.code === Code.OK && httpOk) return env.data as ResponseOf<E>;
    if (env) throw new ClientError(def.path, env.code, env.msg, env.data, answer.status);
    throw new ClientError(def.path, httpOk ? NO_RESPONSE : answer.status, `HTTP ${answer.status}`, null, answer.status);
  }

  return { prepare, send, call, clock };
}

export type ClientCore = ReturnType<typeof createClientCore>;
