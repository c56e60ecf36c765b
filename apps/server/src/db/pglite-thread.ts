import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RowDecoder } from './pglite-rows.ts';

/** A request to the database thread (pglite-worker.ts). */
export type ThreadRequest = { id: number } & (
  | { op: 'open'; dataDir: string | null; dump?: ArrayBuffer }
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);
type Body<R> = R extends unknown ? Omit<R, 'id'> : never;

export type ThreadAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { id?: undefined; notify: string; payload: string };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The subset of PGlite's client that drizzle-orm/pglite and openDatabase use, answered by the thread. */
export interface PgliteClient {
  readonly closed: boolean;
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  transaction<T>(fn: (tx: { query: PgliteClient['query'] }) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// From src/db (tsx, tests) the worker is the .ts file beside this one; in the compiled server, dist/pglite-worker.js.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
/** tsx's ESM API (its `import` export; the CommonJS one cannot be imported). */
function tsxApi() {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const entry = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports[
    './esm/api'
  ];
  return pathToFileURL(path.join(path.dirname(pkg), entry.import.default)).href;
}

/**
 * Parsers cannot cross to another thread. drizzle's only ask that some types stay text (timestamps, dates,
 * intervals and arrays of them); that is checked once per options object and sent as a list of type ids.
 */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(options?: QueryOptions): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.keys(parsers).map(Number);
    const probe = '2026-01-02 03:04:05+00';
    for (const t of types) {
      if (parsers[t](probe, t) !== probe) throw new Error(`pglite thread: the parser for type ${t} must leave text as it is`);
    }
    textTypesOf.set(parsers, types);
  }
  return types;
}

/** An error from the thread, with PostgreSQL's fields (code, constraint, detail, ...) as PGlite gives them. */
function threadError(plain: Record<string, unknown>): Error {
  const e = new Error(String(plain.message ?? 'database error'));
  Object.assign(e, plain);
  return e;
}

/**
 * PGlite in a worker thread of its own. Each statement is a message to the thread and its rows a message
 * back; a transaction holds PGlite's lock in the thread from its BEGIN to its COMMIT or ROLLBACK, so other
 * statements wait for it as they would in one thread. The worker holds the process open only while a
 * request is in flight (a listener alone does not).
 */
export async function openPgliteThread(opts: { dataDir: string | null; dump?: Blob }): Promise<PgliteClient> {
  const worker = fromSource
    ? // From source the worker is TypeScript: tsx's hooks are registered inside the new thread first (hooks
      // registered by `--import tsx` in this thread do not reach workers on Node 20).
      new Worker(`import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl.href)}); })`, {
        eval: true,
      })
    : new Worker(workerUrl);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;
  let stopped: Error | null = null;

  const fail = (err: Error) => {
    // Every later statement fails (readiness answers 503); said once, unless it was our own close.
    if (!stopped && !closed) console.error(`pglite: ${err.message}`);
    stopped ??= err;
    closed = true;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };
  worker.on('message', (m: ThreadAnswer) => {
    if (m.id === undefined) {
      for (const fn of listeners.get(m.notify) ?? []) fn(m.payload);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(threadError(m.error));
  });
  worker.on('error', (e) => fail(new Error(`the database thread failed: ${e.message}`, { cause: e })));
  worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  worker.unref();

  const call = <T>(req: Body<ThreadRequest>, transfer?: ArrayBuffer[]): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id }, transfer);
    });
  };

  const dump = opts.dump ? await opts.dump.arrayBuffer() : undefined;
  let rows: RowDecoder;
  try {
    const opened = await call<{ arrayTypes: Array<[number, number]> }>(
      { op: 'open', dataDir: opts.dataDir, dump },
      dump ? [dump] : undefined,
    );
    rows = new RowDecoder(opened.arrayTypes);
  } catch (e) {
    closed = true;
    await worker.terminate();
    throw e;
  }

  const query = async (sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results> => {
    const types = textTypes(options);
    const answer = await call<Results | { raw: Uint8Array }>({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: types, tx });
    // A prepared statement's answer comes as the protocol's bytes, read here (see pglite-rows.ts).
    return 'raw' in answer ? rows.decode(answer.raw, options?.rowMode, types) : answer;
  };

  return {
    get closed() {
      return closed;
    },
    query: (sql, params, options) => query(sql, params, options),
    async transaction(fn) {
      // BEGIN is sent and not waited for: the first statement follows at once, and the thread runs it as soon as
      // the lock is held. Waiting for BEGIN's answer left PGlite's lock held and idle for one trip through this
      // thread's event loop, in every transaction.
      const tx = nextTx++;
      const begun = call<number>({ op: 'begin', tx });
      begun.catch(() => undefined);
      let ended = false;
      const handle = {
        query: (sql: string, params?: unknown[], options?: QueryOptions) =>
          ended ? Promise.reject(new Error('the transaction has ended')) : query(sql, params, options, tx),
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(handle);
        // A function that ran no statement still needs its BEGIN to have worked.
        await begun;
      } catch (e) {
        ended = true;
        // The caller's error is the one that matters; a failed rollback means the thread is gone anyway.
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw e;
      }
      ended = true;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await call({ op: 'listen', channel });
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          if (!closed) await call({ op: 'unlisten', channel });
        }
      };
    },
    async close() {
      if (closed) return;
      try {
        await call({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
}
