import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './client.ts';
import { nameStatements, statementName } from './pg-named-statements.ts';

// PostgreSQL only (the CI runs this suite on both databases; PGlite's statements are the worker's, pglite-worker.ts).
const onPg = !!process.env.DATABASE_URL;

let database: Database;
let single: Database;
let drop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  if (!onPg) return;
  const opened = await openTestDatabase();
  ({ database, drop } = opened);
  url = opened.url!;
  single = await openDatabase({ url, poolSize: 1 });
});
afterAll(async () => {
  if (!onPg) return;
  await single.close();
  await database.close();
  await drop();
});

const prepared = async (client: pg.Client | Database['db']) => {
  const text = 'select name, statement from pg_prepared_statements order by name';
  const res =
    client instanceof pg.Client
      ? await client.query(text)
      : ((await client.execute(sql.raw(text))) as unknown as { rows: { name: string; statement: string }[] });
  return res.rows as { name: string; statement: string }[];
};

it.skipIf(!onPg)('runs a statement with parameters as a named one, parsed once per connection', async () => {
  const query = sql`select ${41}::int + 1 as answer`;
  const first = (await single.db.execute(query)) as unknown as { rows: { answer: number }[] };
  const again = (await single.db.execute(sql`select ${1}::int + 1 as answer`)) as unknown as { rows: { answer: number }[] };
  expect(first.rows).toEqual([{ answer: 42 }]);
  expect(again.rows).toEqual([{ answer: 2 }]);
  const named = await prepared(single.db);
  expect(named.filter((s) => s.statement === 'select $1::int + 1 as answer').map((s) => s.name)).toEqual([
    statementName('select $1::int + 1 as answer'),
  ]);
  // Statements without parameters (BEGIN, COMMIT, DDL, this list) are not named.
  expect(named.some((s) => s.statement.includes('pg_prepared_statements'))).toBe(false);
});

it.skipIf(!onPg)('names at most `max` texts per connection, leaves the caller its config, and survives a failed run', async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    nameStatements(client, 2);
    const config = { text: 'select $1::int as a', values: [1] };
    await client.query(config);
    expect(config).toEqual({ text: 'select $1::int as a', values: [1] });
    await client.query('select $1::int as b', [2]);
    // A third text runs, unnamed.
    expect((await client.query('select $1::int as c', [3])).rows).toEqual([{ c: 3 }]);
    expect((await prepared(client)).map((s) => s.statement).sort()).toEqual(['select $1::int as a', 'select $1::int as b']);

    // A run that fails (division by zero) leaves the statement usable; a text that does not parse is not kept.
    const divide = 'select 10 / $1::int as q';
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      nameStatements(other, 5);
      await expect(other.query(divide, [0])).rejects.toThrow(/division by zero/);
      expect((await other.query(divide, [5])).rows).toEqual([{ q: 2 }]);
      await expect(other.query('select from where $1', [1])).rejects.toThrow(/syntax/);
      expect((await other.query(divide, [2])).rows).toEqual([{ q: 5 }]);
    } finally {
      await other.end();
    }
  } finally {
    await client.end();
  }
});

it.skipIf(!onPg)('keeps named statements across a rolled-back transaction', async () => {
  await expect(
    single.db.transaction(async (tx) => {
      await tx.execute(sql`select ${7}::int * 6 as x`);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  const res = (await single.db.execute(sql`select ${7}::int * 6 as x`)) as unknown as { rows: { x: number }[] };
  expect(res.rows).toEqual([{ x: 42 }]);
});
