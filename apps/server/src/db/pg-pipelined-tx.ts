import type pg from 'pg';

/*
 * Fewer round trips for a transaction on PostgreSQL: its BEGIN goes out with its first statement, and a statement
 * its caller names as the last goes out with the COMMIT.
 *
 * A payment was BEGIN, two statements and COMMIT: four writes to the socket, four waits, and in the server's CPU
 * profile about a third of its time in those writes (`writev`; payments of distinct bills, PostgreSQL). From one
 * balance every payment also waited for the wallet's row lock, held from the ledger statement to a COMMIT one
 * more round trip away. The pool's clients run in node-postgres's pipeline mode (`pipeline: true`): a query is
 * sent without waiting for the one before it, the answers come back in order, and PostgreSQL runs them in order,
 * so a statement sent right behind BEGIN is inside the transaction exactly as before.
 *
 * - BEGIN: drizzle opens a transaction by awaiting `begin` alone (or `begin` with its options). Such a text with
 *   no parameters is answered at once and held; the connection's next query (the first statement, or the COMMIT
 *   or ROLLBACK of a transaction that ran none) goes out right behind it, in the same write. If BEGIN failed
 *   (only a broken connection can), that query's promise fails with it. A held BEGIN that nothing followed is
 *   dropped when the pool takes the connection back: nothing had started.
 * - COMMIT with the last statement (`commitWithNext`): the statement and COMMIT are written together. If the
 *   statement fails, PostgreSQL answers that COMMIT with a ROLLBACK: nothing of the transaction stays, so such a
 *   statement must fail (not merely change nothing) whenever the transaction must not commit. Drizzle's own
 *   `commit` afterwards gets the real COMMIT's answer; its `rollback` (the caller threw after the statement) is
 *   answered here, as the transaction has ended: the caller must not throw after its last statement succeeded.
 */

type Query = (...args: unknown[]) => unknown;
interface Pipelined {
  [COMMIT_NEXT]?: () => void;
  [DROP_HELD]?: () => void;
}
const COMMIT_NEXT = Symbol('commitWithNext');
const DROP_HELD = Symbol('dropHeldBegin');

/** Wraps a pooled client's `query` (the pool's `connect` event); the client must be in pipeline mode. */
export function pipelineTransactions(client: pg.PoolClient): void {
  const c = client as pg.PoolClient & Pipelined;
  const send = client.query.bind(client) as Query;
  let heldBegin: string | null = null;
  let commitWith = false;
  /** The COMMIT written with a last statement, until drizzle asks for it (or for a rollback). */
  let sentCommit: Promise<unknown> | null = null;

  c[DROP_HELD] = () => {
    heldBegin = null;
    commitWith = false;
    sentCommit = null;
  };
  c[COMMIT_NEXT] = () => {
    commitWith = true;
  };

  (c as unknown as { query: Query }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = plainText(config, values, callback);
    if (sentCommit && (text === 'commit' || text === 'rollback')) {
      // The transaction ended with its last statement. Drizzle's COMMIT gets that COMMIT's answer: PostgreSQL
      // answers ROLLBACK to it when the statement failed, which must not pass for a commit. Its ROLLBACK is answered
      // here (the statement failed, so PostgreSQL rolled back; or the caller threw after it, too late).
      const ended = sentCommit;
      sentCommit = null;
      if (text === 'commit')
        return ended.then((r) => {
          if (commandOf(r) !== 'COMMIT') throw new Error('the transaction was rolled back: its last statement failed');
          return r;
        });
      return ended.then(
        (r) => {
          if (commandOf(r) === 'COMMIT')
            console.error(
              'a transaction committed with its last statement was then asked to roll back: its caller threw after that statement',
            );
          return rollbackResult;
        },
        () => rollbackResult,
      );
    }
    if (heldBegin === null && (text === 'begin' || text?.startsWith('begin '))) {
      heldBegin = text;
      return Promise.resolve(beginResult);
    }
    const begin = heldBegin;
    const commit = commitWith;
    if (begin === null && !commit) return send(config, values, callback);
    heldBegin = null;
    commitWith = false;
    const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
    stream?.cork?.();
    let began: Promise<unknown> | null = null;
    let answer: unknown;
    try {
      if (begin !== null) began = send(begin) as Promise<unknown>;
      answer = send(config, values, callback);
      if (commit) sentCommit = send('commit') as Promise<unknown>;
    } finally {
      stream?.uncork?.();
    }
    // Unobserved until drizzle asks: a failed COMMIT must not be an unhandled rejection meanwhile.
    sentCommit?.catch(() => undefined);
    if (!began) return answer;
    if (answer instanceof Promise) {
      // When BEGIN fails (a broken connection), the statement fails too; the caller hears BEGIN's error, and the
      // statement's own must not become an unhandled rejection (which would end the process).
      answer.catch(() => undefined);
      return began.then(() => answer);
    }
    began.catch(() => undefined);
    return answer;
  };
}

/** Drops what a connection held (a BEGIN nothing followed) when the pool takes it back (the pool's `release` event). */
export function dropHeld(client: pg.PoolClient): void {
  (client as pg.PoolClient & Pipelined)[DROP_HELD]?.();
}

/** Whether `commitWithNext` can be used on this connection (a pooled PostgreSQL connection inside a transaction). */
export function canCommitWithNext(client: object): boolean {
  return COMMIT_NEXT in client;
}

/**
 * The next query on this connection is its transaction's last: COMMIT is written right behind it. See above for
 * what the caller then owes: the statement fails whenever the transaction must not commit, and nothing after it throws.
 */
export function commitWithNext(client: object): void {
  if (!canCommitWithNext(client)) throw new Error('commitWithNext: not a pipelined PostgreSQL connection');
  (client as Pipelined)[COMMIT_NEXT]!();
}

const commandOf = (r: unknown) => (r as { command?: string } | null)?.command;
const beginResult = { command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] };
const rollbackResult = { command: 'ROLLBACK', rowCount: null, oid: null, rows: [], fields: [] };

/** Longer than any `begin …` drizzle writes (with isolation level, access mode and deferrable). */
const MAX_PLAIN_TEXT = 80;

/** The lower-cased text of a query with no parameters and no callback (drizzle's begin, commit, rollback); else null. */
function plainText(config: unknown, values: unknown, callback: unknown): string | null {
  if (typeof values === 'function' || typeof callback === 'function') return null;
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  // Every query passes here: a statement's text is not copied to find out it is not a BEGIN, COMMIT or ROLLBACK.
  if (typeof text !== 'string' || text.length > MAX_PLAIN_TEXT) return null;
  const params = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
  if (params && params.length > 0) return null;
  return text.trim().toLowerCase();
}
