import type { Tx } from './client.ts';

/**
 * A statement prepared once per database handle (drizzle's `.prepare(name)`), for the hottest reads: its SQL is
 * not rebuilt per request, and on PostgreSQL it is a named statement whose plan each connection keeps.
 */
export function preparedPerHandle<P>(prepare: (db: Tx) => P): (db: Tx) => P {
  const made = new WeakMap<Tx, P>();
  return (db) => {
    let q = made.get(db);
    if (!q) made.set(db, (q = prepare(db)));
    return q;
  };
}
