import { createHash } from 'node:crypto';
import type pg from 'pg';

/*
 * Statements with parameters run as named statements on each pooled PostgreSQL connection: PostgreSQL parses a
 * named statement once per connection and, after a few runs, keeps a generic plan when it is as good as a custom
 * one, instead of parsing and planning the same text on every request. The query builder writes the same text for
 * the same call (values travel as parameters), so a handful of texts make most of the traffic; for the small
 * statements of a list page or a payment, parsing and planning cost as much as running them.
 *
 * Only texts with parameters are named (BEGIN, COMMIT and DDL go as they are), and at most MAX_NAMED distinct texts
 * per connection: past that, new texts run unnamed, so texts that differ with their values (`in (…)` of varying
 * length) cannot grow a connection's statements without bound. A name is a hash of the text, the one
 * executeNamed (prepared.ts) gives it, so a text named there is not parsed twice.
 */

export const MAX_NAMED = 400;

type Query = (...args: unknown[]) => unknown;
interface Config {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
}

/** The name of a statement's text (also executeNamed's). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `x_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size < 4 * MAX_NAMED) names.set(text, name);
  }
  return name;
}
const names = new Map<string, string>();

/** Wraps a pooled client's `query` (the pool's `connect` event, before any other wrapper). */
export function nameStatements(client: pg.PoolClient | pg.Client, max = MAX_NAMED): void {
  const send = client.query.bind(client) as Query;
  const named = new Set<string>();
  (client as unknown as { query: Query }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values)) config = { text: config };
    if (!config || typeof config !== 'object') return send(config, values, callback);
    const c = config as Config;
    const params = Array.isArray(values) ? values : c.values;
    if (c.name || typeof c.text !== 'string' || !params?.length) return send(config, values, callback);
    const name = statementName(c.text);
    if (!named.has(name)) {
      if (named.size >= max) return send(config, values, callback);
      named.add(name);
    }
    // A copy: the caller's config (a query builder's, kept for its next run) stays as it was.
    return send({ ...c, name }, values, callback);
  };
}
