import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';
import { canCommitWithNext, commitWithNext } from './pg-pipelined-tx.ts';
import { statementName } from './pg-named-statements.ts';

/** The connection a handle's statements go to: drizzle's session client (the pool, a transaction's connection, PGlite). */
function connectionOf(db: Tx): object {
  const client = (db as unknown as { session?: { client?: object } }).session?.client;
  if (!client) throw new Error('preparedOnce: the handle has no session client (drizzle changed?)');
  return client;
}

/**
 * A statement built once for the whole process, run on the connection of whatever handle it is given: the
 * database, or a transaction (a new handle each time, so a statement prepared per handle would be built again
 * in every one). For the hottest statements (a payment's, a parcel list page, a mall search page's products),
 * where building the SQL was a large part of the server's CPU per request.
 *
 * Drizzle ties a prepared query to the client of the handle it was made on, in its `client` field; the query
 * made here is that one with `client` replaced by the given handle's (prototype inheritance, nothing copied),
 * so it runs inside the caller's transaction. On PostgreSQL it is a named statement: each pooled connection
 * parses and plans it once. prepared.test.ts checks both drivers, in and out of a transaction, and a rollback.
 */
export function preparedOnce<P extends object>(prepare: (db: Tx) => P): (db: Tx) => P {
  let base: P | undefined;
  // Pooled PostgreSQL connections outlive their transactions; PGlite's transaction clients do not.
  const bound = new WeakMap<object, P>();
  return (db) => {
    base ??= prepare(db);
    const client = connectionOf(db);
    let q = bound.get(client);
    if (!q) {
      if (!('client' in base)) throw new Error('preparedOnce: not a drizzle prepared query');
      q = Object.create(base, { client: { value: client } }) as P;
      bound.set(client, q);
    }
    return q;
  };
}

/**
 * Runs a statement written with `sql` as a named statement on PostgreSQL (parsed and planned once per connection,
 * named by a hash of its text, so each shape of it gets one name); elsewhere as `execute` does. For the big
 * data-modifying statement of the hottest write (the ledger's posting) and aggregates whose planning costs as
 * much as their running.
 * With `commit`, the transaction's COMMIT goes out with it (only where `canCommitWithStatement`).
 * Rows are the driver's objects: fine for numbers and text (bigint comes as text); timestamps would come as Date
 * here and as text from `execute`, so keep them out of what such a statement returns.
 */
export async function executeNamed<Row>(db: Tx, query: SQL, opts: { commit?: boolean } = {}): Promise<{ rows: Row[] }> {
  if (!runsNamed(db)) {
    if (opts.commit) throw new Error('executeNamed: commit needs a pipelined PostgreSQL transaction');
    return (await db.execute(query)) as unknown as { rows: Row[] };
  }
  const built = namedTextOf(db, query);
  return executeNamedText(db, built, built.params, opts);
}

/** A statement's text and parameters (placeholders where it was built with them), and its name. */
export interface NamedText {
  name: string;
  text: string;
  params: unknown[];
}

/** Whether statements on this handle run as named ones (PostgreSQL), so a built text can be kept and run again. */
export function runsNamed(db: Tx): boolean {
  const client = connectionOf(db);
  return client instanceof pg.Pool || client instanceof pg.Client;
}

/** Builds `query` once: kept by a caller, it runs again with new values (executeNamedText) without being built. */
export function namedTextOf(db: Tx, query: SQL): NamedText {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return { name: statementName(text), text, params };
}

/** Runs a built statement (namedTextOf) with these values, on PostgreSQL only (runsNamed); `commit` as executeNamed. */
export async function executeNamedText<Row>(
  db: Tx,
  built: NamedText,
  values: unknown[],
  opts: { commit?: boolean } = {},
): Promise<{ rows: Row[] }> {
  const client = connectionOf(db);
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) throw new Error('executeNamedText: PostgreSQL only');
  if (opts.commit && !canCommitWithNext(client)) throw new Error('executeNamed: commit needs a pipelined PostgreSQL transaction');
  // Set right before the query: the flag applies to the connection's next query, which must be this one.
  if (opts.commit) commitWithNext(client);
  return client.query<Row & pg.QueryResultRow>({ name: built.name, text: built.text, values });
}

/**
 * Whether a statement run by `executeNamed(db, query, { commit: true })` can take the transaction's COMMIT with it
 * (PostgreSQL, inside a transaction; pg-pipelined-tx.ts says what that asks of the statement and its caller).
 */
export function canCommitWithStatement(db: Tx): boolean {
  return canCommitWithNext(connectionOf(db));
}
