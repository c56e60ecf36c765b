import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.ts';
import { openPgliteThread, type PgliteClient } from './pglite-thread.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('PGlite in its own thread', () => {
  let client: PgliteClient;
  beforeAll(async () => {
    client = await openPgliteThread({ dataDir: null });
    await client.query('create table t (id int primary key, name text unique, at timestamptz default now())');
  });
  afterAll(() => client.close());

  it('answers rows as objects or arrays, and keeps the types asked for as text', async () => {
    await client.query('insert into t (id, name, at) values ($1, $2, $3)', [1, 'one', '2026-01-02T03:04:05Z']);
    const objects = await client.query('select id, name from t where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name']);
    const arrays = await client.query('select id, at from t', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
    // The other types keep the database's parsers (arrays too) when some are asked for as text.
    const mixed = await client.query('select array[id, 2] as ids, at from t', [], { parsers: { 1184: (v: string) => v } });
    expect(mixed.rows).toEqual([{ ids: [1, 2], at: '2026-01-02 03:04:05+00' }]);
    const parsed = await client.query('select at from t');
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect((await client.query('update t set name = name where id > 0')).affectedRows).toBe(1);
  });

  it('prepares a data statement once and runs it again with other values (nulls and arrays too)', async () => {
    const text = 'select id, name from t where id = any($1::int[]) or name = $2 order by id';
    expect((await client.query(text, [[1], null])).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await client.query(text, [[], 'one'])).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await client.query(text, [[2, 3], null])).rows).toEqual([]);
    const kept = await client.query('select name from pg_prepared_statements where statement = $1', [text]);
    expect(kept.rows).toHaveLength(1);
  });

  it('keeps at most 500 prepared statements, closing the least recently used', async () => {
    for (let i = 0; i < 520; i++) expect((await client.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    const [{ n }] = (await client.query('select count(*)::int as n from pg_prepared_statements')).rows as { n: number }[];
    expect(n).toBeLessThanOrEqual(500);
    expect(n).toBeGreaterThan(400);
    expect((await client.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]); // closed, prepared again
  });

  it('a statement a table change made stale is prepared afresh (inside a transaction, that one statement fails)', async () => {
    await client.query('create table stale (id int)');
    await client.query('insert into stale values ($1)', [1]);
    const text = 'select * from stale where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await client.query("alter table stale add column note text default 'n'");
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, note: 'n' }]);
    await client.query('alter table stale add column more int default 2');
    const inTx = await client.transaction((tx) => tx.query(text, [1])).catch((e) => e);
    expect(inTx).toMatchObject({ code: '0A000' });
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, note: 'n', more: 2 }]);
  });

  it("reads a prepared statement's rows exactly as PGlite does, every type, in one or many chunks", async () => {
    // The thread answers prepared statements with the protocol's bytes, read in this thread (pglite-rows.ts);
    // PGlite in this thread reads the same statements its own way.
    const own = await PGlite.create(pgliteOptions());
    const setup = `create table every (id int primary key, i2 int2, i8 int8, n numeric, f4 float4, f8 float8, b bool, t text,
        j json, jb jsonb, by bytea, u uuid, d date, ts timestamp, tz timestamptz, iv interval, ints int[], texts text[],
        tzs timestamptz[], c char(3), v varchar(5));
      insert into every values
        (1, 2, 9007199254740993, 12.50, 1.5, 2.25, true, 'plain', '{"a":[1,2]}', '{"b":{"c":"d"}}', '\\x00ff', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
         '2026-11-27', '2026-11-27 05:06:07.123', '2026-11-27 05:06:07.123+08', '1 day 02:03:04', '{1,NULL,3}',
         '{"a,b","quo\\"te",NULL,"ü 拼邮 🚚"}', '{"2026-01-02 03:04:05+00"}', 'ab', 'xyz'),
        (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
      insert into every (id, t) select 100 + i, repeat('拼', i % 50) || i from generate_series(1, 3000) i;`;
    await client.query('select 1'); // the thread's database is open
    for (const db of [own]) await db.exec(setup);
    for (const statement of setup.split(';').filter((x) => x.trim())) await client.query(statement);
    const asText = { 1184: (v: string) => v, 1185: (v: string) => v, 1114: (v: string) => v };
    const cases: Array<[string, unknown[], { rowMode?: 'array' | 'object'; parsers?: Record<number, (v: string) => unknown> }?]> = [
      ['select * from every where id < $1 order by id', [3]],
      ['select * from every where id < $1 order by id', [3], { rowMode: 'array', parsers: asText }],
      ['select * from every where id < $1 order by id', [3], { parsers: asText }],
      ['select id, t, id as t from every where id = $1', [1]], // the same name twice: the last wins
      ['select id, t from every where id > $1 order by id', [0]], // 3,002 rows: the answer comes in many pieces
      ['select id from every where id < $1', [0]], // no rows, the fields all the same
      ['update every set t = t where id > $1', [2000]],
      ['delete from every where id > $1 returning id', [3000]],
      ['insert into every (id, t) values ($1, $2), ($3, $4) returning *', [5001, 'x', 5002, null]],
    ];
    for (const [text, params, options] of cases) {
      const mine = await client.query(text, params, options);
      const theirs = await own.query(text, params, options);
      expect({ text, rows: mine.rows, fields: mine.fields, affected: mine.affectedRows ?? 0 }).toEqual({
        text,
        rows: theirs.rows,
        fields: theirs.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affected: theirs.affectedRows ?? 0,
      });
    }
    await own.close();
  });

  it('delivers notifications from a statement outside any transaction (a trigger), before its answer', async () => {
    await client.query('create table watched (id int primary key, n int)');
    await client.query(`create function watched_notify() returns trigger language plpgsql as $$
      begin perform pg_notify('watch', 'row ' || new.id); perform pg_notify('other', 'x'); return new; end $$`);
    await client.query('create trigger watched_t after insert or update on watched for each row execute function watched_notify()');
    const seen: string[] = [];
    const unlisten = await client.listen('watch', (p) => seen.push(p));
    await client.query('insert into watched values ($1, $2)', [1, 0]);
    expect(seen).toEqual(['row 1']);
    await client.query('update watched set n = n + 1 where id = $1', [1]);
    expect(seen).toEqual(['row 1', 'row 1']);
    // A failing statement gives its error, and nothing is said for what it undid.
    await expect(client.query('insert into watched values ($1, $2)', [1, 0])).rejects.toMatchObject({ code: '23505' });
    expect(seen).toEqual(['row 1', 'row 1']);
    await unlisten();
  });

  it('refuses a parser it cannot carry to the thread', async () => {
    await expect(client.query('select 1', [], { parsers: { 1184: (v: string) => new Date(v) } })).rejects.toThrow(/leave text as it is/);
  });

  it("gives PostgreSQL's error fields back (code, constraint, detail)", async () => {
    const err = await client.query('insert into t (id, name) values (2, $1)', ['one']).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key', table: 't' });
    expect(String(err.detail)).toContain('(name)=(one)');
    // The thread is still fine afterwards.
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls it back when its function throws', async () => {
    const out = await client.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (10, $1)', ['ten']);
      return (await tx.query('select name from t where id = 10')).rows;
    });
    expect(out).toEqual([{ name: 'ten' }]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (11, $1)', ['eleven']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query('select id from t where id in (10, 11) order by id')).rows).toEqual([{ id: 10 }]);
  });

  it('a failed statement inside a transaction undoes the whole transaction', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (12, $1)', ['twelve']);
        await tx.query('insert into t (id, name) values (13, $1)', ['one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select id from t where id in (12, 13)')).rows).toEqual([]);
  });

  it('statements outside a transaction wait for it to end, as on one connection', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = client.transaction(async (t) => {
      await t.query('insert into t (id, name) values (20, $1)', ['twenty']);
      await held;
      order.push('tx done');
    });
    // Give the transaction time to begin, then read from outside it.
    await new Promise((r) => setTimeout(r, 50));
    const outside = client.query('select count(*)::int as n from t where id = 20').then((r) => {
      order.push('outside read');
      return r.rows;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['tx done', 'outside read']);
  });

  it('a transaction started while another holds the lock runs its statements (sent before BEGIN is answered) after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = client.transaction(async (t) => {
      await t.query('insert into t (id, name) values (30, $1)', ['thirty']);
      await held;
      await t.query(`update t set name = 'thirty, first' where id = 30`);
    });
    await new Promise((r) => setTimeout(r, 50));
    // Its statements reach the thread at once; they wait there for the first transaction to end.
    let secondStarted = false;
    const second = client.transaction(async (t) => {
      secondStarted = true;
      const seen = (await t.query('select name from t where id = 30')).rows;
      await t.query(`update t set name = 'thirty, second' where id = 30`);
      return seen;
    });
    // A transaction that runs no statement commits too, in its turn.
    const empty = client.transaction(async () => 'nothing');
    await new Promise((r) => setTimeout(r, 50));
    // The second's function already runs (its first statement is on its way), though the lock is not yet its.
    expect(secondStarted).toBe(true);
    release();
    await first;
    expect(await second).toEqual([{ name: 'thirty, first' }]);
    expect(await empty).toBe('nothing');
    expect((await client.query('select name from t where id = 30')).rows).toEqual([{ name: 'thirty, second' }]);
  });

  it('a transaction on a closed database fails, and so do its statements, without waiting', async () => {
    const closed = await openPgliteThread({ dataDir: null });
    await closed.close();
    await expect(closed.transaction(async (t) => t.query('select 1'))).rejects.toThrow();
    await expect(closed.transaction(async () => 1)).rejects.toThrow();
  });

  it('refuses statements on a transaction that has ended', async () => {
    let kept: { query: PgliteClient['query'] } | null = null;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow(/ended/);
  });

  it('delivers a notification once the notifying transaction commits, before its answer', async () => {
    const seen: string[] = [];
    const unlisten = await client.listen('things', (p) => seen.push(p));
    await client.transaction(async (tx) => {
      await tx.query(`select pg_notify('things', 'in tx')`);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['in tx']);
    await unlisten();
    await client.query(`select pg_notify('things', 'after unlisten')`);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['in tx']);
  });
});

describe('openDatabase with the PGlite thread', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-thread-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates, runs drizzle transactions with savepoints, and keeps the data folder after a restart', async () => {
    let database: Database = await openDatabase({ dataDir: dir, pgliteThread: 'worker' });
    await database.migrate();
    expect(await database.pendingMigrations()).toBe(0);
    await database.db.execute(sql`create table kept (id int primary key)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into kept values (2)`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    const dup = (await database.db.execute(sql`insert into kept values (1)`).catch((e: unknown) => e)) as {
      code?: string;
      cause?: { code?: string };
    };
    // drizzle wraps the driver's error; the code is on its cause, where the services look for it.
    expect(dup.cause?.code ?? dup.code).toBe('23505');
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();

    database = await openDatabase({ dataDir: dir, pgliteThread: 'worker' });
    expect(rowsOf<{ id: number }>(await database.db.execute(sql`select id from kept order by id`))).toEqual([{ id: 1 }]);
    await database.close();
  });
});
