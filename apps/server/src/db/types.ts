import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The same Drizzle API over PGlite or node-postgres. Without drizzle's relational queries (`db.query.*`, which
 * nothing uses): given the schema, drizzle builds a query helper per table for every transaction it opens.
 * Declared apart from client.ts so the files client.ts builds on (after-commit) can name them too.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A database or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
