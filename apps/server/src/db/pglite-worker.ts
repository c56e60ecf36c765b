/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its WebAssembly work does
 * not hold up the server's event loop, and the two use two cores. Data statements answer with the protocol's
 * bytes, which the server's thread reads (pglite-rows.ts): under load this thread is the busier one.
 *
 * One message in, one answer out, matched by id. Statements of a transaction name it; PGlite's own lock
 * makes every other statement wait until that transaction ends, exactly as when PGlite runs in the server's
 * thread. Notifications are posted in the order PGlite delivers them, before the answer to the statement
 * that caused them (a commit's NOTIFY reaches the server before the commit's answer).
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadRequest } from './pglite-thread.ts';
import { pgliteOptions } from './pglite-options.ts';
import { ARRAY_TYPES_SQL, carriesEvents } from './pglite-rows.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;

let pg: PGlite | null = null;
let prepared: PreparedStatements | null = null;
const transactions = new Map<number, { ready: Promise<Transaction>; end: (commit: boolean) => void; done: Promise<unknown> }>();
const unlistens = new Map<string, () => Promise<void>>();
/** PostgreSQL's name of each channel listened to (as PGlite names them) → the caller's name. */
const channels = new Map<string, string>();
const postgresName = (c: string) => (c.startsWith('"') && c.endsWith('"') ? c.slice(1, -1) : c.toLowerCase());

/** Text is left as text for these types (the caller's parsers for them all return their input). */
const identity = (v: string) => v;
const parserSets = new Map<string, Record<number, (v: string) => string>>();
function parsersFor(types: number[] | undefined) {
  if (!types?.length) return undefined;
  const key = types.join(',');
  let set = parserSets.get(key);
  if (!set) parserSets.set(key, (set = Object.fromEntries(types.map((t) => [t, identity]))));
  return set;
}

/** A thrown value as plain data: PostgreSQL's fields (code, constraint, detail, ...) must survive the copy. */
function plainError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: Record<string, unknown> = { name: e.name, message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) out[k] = v;
  return out;
}

async function handle(m: ThreadRequest): Promise<unknown> {
  switch (m.op) {
    case 'open':
      pg = m.dataDir
        ? await PGlite.create(m.dataDir, pgliteOptions())
        : await PGlite.create(pgliteOptions(m.dump ? { loadDataDir: new Blob([m.dump]) } : {}));
      prepared = new PreparedStatements(pg);
      // The server's thread reads prepared statements' rows itself (pglite-rows.ts), with PGlite's parsers.
      return { arrayTypes: (await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL)).rows.map((r) => [r.oid, r.typarray]) };
    case 'query': {
      const t = m.tx ? transactions.get(m.tx) : undefined;
      if (m.tx && !t) throw new Error('the transaction has ended');
      // A transaction's statements may arrive before it holds the lock (BEGIN is not waited for): they wait here.
      const on = t ? await t.ready : pg;
      if (!on || !pg) throw new Error('the database is not open');
      if (!PreparedStatements.suits(m.sql)) {
        const r = await on.query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersFor(m.textTypes) });
        return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
      }
      // The answer is the protocol's bytes, handed over for the server's thread to read (pglite-rows.ts).
      if (m.tx) return { raw: await pg._runExclusiveQuery(() => prepared!.run(m.sql, m.params, true)) };
      // As PGlite's own query(): outside any transaction's turn, then written through to the data folder.
      const db = pg;
      const raw = await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          const out = await prepared!.run(m.sql, m.params, false);
          await db.syncToFs();
          return out;
        }),
      );
      return { raw };
    }
    case 'begin': {
      const db = pg;
      if (!db) {
        // Recorded all the same, so the statements that followed this BEGIN give the same reason.
        const notOpen = new Error('the database is not open');
        const ready = Promise.reject(notOpen);
        ready.catch(() => undefined);
        transactions.set(m.tx, { ready, end: () => undefined, done: Promise.resolve() });
        throw notOpen;
      }
      // The id is the caller's, so its statements can follow the BEGIN without waiting for this answer; they wait
      // for `ready` (the lock held) in the thread instead. Answered once the lock is held; ends when 'end' arrives.
      let end!: (commit: boolean) => void;
      const decided = new Promise<boolean>((r) => (end = r));
      let opened!: (tx: Transaction) => void;
      let notOpened!: (e: unknown) => void;
      const ready = new Promise<Transaction>((resolve, reject) => {
        opened = resolve;
        notOpened = reject;
      });
      ready.catch(() => undefined);
      const done = db.transaction(async (tx) => {
        opened(tx);
        if (!(await decided)) throw new RolledBack();
      });
      // Settles `ready` only if the transaction failed before it began (afterwards `ready` is already resolved).
      done.catch(notOpened);
      transactions.set(m.tx, { ready, end, done });
      await ready;
      return m.tx;
    }
    case 'end': {
      const t = transactions.get(m.tx);
      if (!t) throw new Error('the transaction has ended');
      transactions.delete(m.tx);
      // An 'end' may come before the lock was held (a transaction that ran no statement).
      await t.ready.catch(() => undefined);
      t.end(m.commit);
      try {
        await t.done;
      } catch (e) {
        if (!(e instanceof RolledBack)) throw e;
      }
      return null;
    }
    case 'listen': {
      if (!unlistens.has(m.channel)) {
        unlistens.set(m.channel, await pg!.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })));
        channels.set(postgresName(m.channel), m.channel);
      }
      return null;
    }
    case 'unlisten': {
      const u = unlistens.get(m.channel);
      unlistens.delete(m.channel);
      channels.delete(postgresName(m.channel));
      if (u && !pg!.closed) await u();
      return null;
    }
    case 'close':
      if (pg && !pg.closed) await pg.close();
      return null;
  }
}

class RolledBack extends Error {}

/**
 * Data statements are prepared once per text, as named statements: PGlite's own query() parses, plans and
 * describes every statement again, in six calls into the database, where a prepared one is a single call
 * (bind, describe, execute, sync) and no parsing, which is most of a small statement's time. The oldest are
 * closed beyond STATEMENTS_KEPT (statements with many values differ by length).
 * Everything else (DDL, BEGIN…) goes through query() as before.
 */
const STATEMENTS_KEPT = 500;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const { serialize } = protocol;
/** "cached plan must not change result type", "prepared statement does not exist". */
const STALE = ['0A000', '26000'];

class PreparedStatements {
  private readonly byText = new Map<string, { name: string; types: number[] }>();
  private next = 1;

  constructor(private readonly db: PGlite) {}

  static suits(sql: string) {
    return DATA_STATEMENT.test(sql);
  }

  /**
   * Runs `sql` as a prepared statement and gives the database's answer as bytes, for the server's thread to
   * read (pglite-rows.ts); the caller holds PGlite's query lock. Outside a transaction a statement that a table
   * change made stale is prepared afresh and run again; inside one, the error ends the transaction (as any
   * failed statement does) and the next use prepares it afresh.
   */
  async run(sql: string, params: unknown[] | undefined, inTransaction: boolean): Promise<Uint8Array> {
    try {
      return await this.runOnce(sql, params);
    } catch (e) {
      if (inTransaction || !STALE.includes((e as { code?: string }).code ?? '')) throw e;
      return this.runOnce(sql, params);
    }
  }

  private async runOnce(sql: string, params: unknown[] | undefined) {
    const s = await this.statement(sql);
    const values = (params ?? []).map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = this.db.serializers[s.types[i]];
      return serializer ? (serializer(v) as string) : String(v);
    });
    const chunks: Uint8Array[] = [];
    // The answer's bytes as the database writes them (PGlite's view of its memory, so copied); PGlite's own
    // reader would cut every field into a new buffer and a message object here, in this busy thread.
    await this.db.execProtocolRawStream(
      concat([serialize.bind({ statement: s.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    const raw = chunks.length === 1 ? chunks[0] : concat(chunks);
    if (carriesEvents(raw)) await this.actOnEvents(raw, sql, params);
    return raw;
  }

  /**
   * What PGlite does with an answer's errors and notifications, for one read past its reader: notifications up
   * to the first error reach the listeners (before the statement's answer), and that error is thrown.
   */
  private async actOnEvents(raw: Uint8Array, sql: string, params: unknown[] | undefined) {
    let error: (Error & { code?: string }) | null = null;
    new protocol.Parser().parse(raw, (msg) => {
      if (error) return;
      if (msg instanceof protocol.messages.DatabaseError) error = msg;
      else if (msg instanceof protocol.messages.NotificationResponseMessage) {
        const channel = channels.get(msg.channel);
        if (channel !== undefined) port.postMessage({ notify: channel, payload: msg.payload } satisfies ThreadAnswer);
      }
    });
    if (!error) return;
    // A statement the database no longer knows as it was (a table changed under it) is prepared afresh next time.
    const e: Error & { code?: string } = error;
    if (STALE.includes(e.code ?? '')) await this.close(sql);
    throw Object.assign(e, { query: sql, params });
  }

  private async statement(sql: string) {
    const known = this.byText.get(sql);
    if (known) {
      this.byText.delete(sql); // most recently used last
      this.byText.set(sql, known);
      return known;
    }
    const name = `pinyou_${this.next++}`;
    let described;
    try {
      described = await this.db.execProtocolStream(
        concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (e) {
      throw Object.assign(e as Error, { query: sql });
    }
    const types = (described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined)?.dataTypeIDs ?? [];
    const s = { name, types };
    this.byText.set(sql, s);
    if (this.byText.size > STATEMENTS_KEPT) await this.close(this.byText.keys().next().value!);
    return s;
  }

  private async close(sql: string) {
    const s = this.byText.get(sql);
    if (!s) return;
    this.byText.delete(sql);
    await this.db.execProtocolStream(concat([serialize.close({ type: 'S', name: s.name }), serialize.sync()]), { syncToFs: false });
  }
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

port.on('message', (m: ThreadRequest) => {
  handle(m).then(
    // A statement's answer is bytes the server's thread reads: handed over, not copied.
    (value) => {
      const raw = (value as { raw?: Uint8Array } | null)?.raw;
      port.postMessage({ id: m.id, ok: true, value } satisfies ThreadAnswer, raw ? [raw.buffer as ArrayBuffer] : undefined);
    },
    (e) => port.postMessage({ id: m.id, ok: false, error: plainError(e) } satisfies ThreadAnswer),
  );
});
