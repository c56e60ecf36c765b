/**
 * What every PGlite of the server is opened with. pg_trgm is compiled into PostgreSQL's contrib and ships with
 * PGlite as an extension to load: the migrations create it (member search by any part of a name or code uses
 * its trigram indexes), and a database made with it cannot be opened without it.
 */
import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export function pgliteOptions(more: Omit<PGliteOptions, 'extensions'> = {}): PGliteOptions {
  return { ...more, extensions: { pg_trgm } };
}
