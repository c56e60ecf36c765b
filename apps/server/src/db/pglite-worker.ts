/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its WebAssembly work and
 * the parsing of its answers do not hold up the server's event loop, and the two use two cores.
 *
 * One message in, one answer out, matched by id. Statements of a transaction name it; PGlite's own lock
 * makes every other statement wait until that transaction ends, exactly as when PGlite runs in the server's
 * thread. Notifications are posted in the order PGlite delivers them, before the answer to the statement
 * that caused them (a commit's NOTIFY reaches the server before the commit's answer).
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadRequest } from './pglite-thread.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;

let pg: PGlite | null = null;
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
const unlistens = new Map<string, () => Promise<void>>();
let nextTx = 1;

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
      pg = m.dataDir ? await PGlite.create(m.dataDir) : await PGlite.create(m.dump ? { loadDataDir: new Blob([m.dump]) } : undefined);
      return null;
    case 'query': {
      const on = m.tx ? transactions.get(m.tx)?.tx : pg;
      if (!on) throw new Error(m.tx ? 'the transaction has ended' : 'the database is not open');
      const r = await on.query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersFor(m.textTypes) });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'begin': {
      const db = pg!;
      // Answered from inside PGlite's transaction, once it holds the lock; ends when 'end' arrives.
      return new Promise((begun, failed) => {
        const id = nextTx++;
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (end = r));
        const done = db.transaction(async (tx) => {
          transactions.set(id, { tx, end, done });
          begun(id);
          if (!(await decided)) throw new RolledBack();
        });
        done.catch((e) => (transactions.has(id) ? undefined : failed(e)));
      });
    }
    case 'end': {
      const t = transactions.get(m.tx);
      if (!t) throw new Error('the transaction has ended');
      transactions.delete(m.tx);
      t.end(m.commit);
      try {
        await t.done;
      } catch (e) {
        if (!(e instanceof RolledBack)) throw e;
      }
      return null;
    }
    case 'listen': {
      if (!unlistens.has(m.channel))
        unlistens.set(m.channel, await pg!.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })));
      return null;
    }
    case 'unlisten': {
      const u = unlistens.get(m.channel);
      unlistens.delete(m.channel);
      if (u && !pg!.closed) await u();
      return null;
    }
    case 'close':
      if (pg && !pg.closed) await pg.close();
      return null;
  }
}

class RolledBack extends Error {}

port.on('message', (m: ThreadRequest) => {
  handle(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value } satisfies ThreadAnswer),
    (e) => port.postMessage({ id: m.id, ok: false, error: plainError(e) } satisfies ThreadAnswer),
  );
});
