import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: the ids travel as one array parameter. `inArray` sends one parameter each, and
 * for a page of 500 members PostgreSQL (PGlite most of all) spent longer parsing and planning the list than
 * reading the rows.
 */
export const anyInt = (column: Column | SQL, ids: readonly number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;
