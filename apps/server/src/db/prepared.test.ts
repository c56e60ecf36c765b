import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { executeNamed, preparedOnce } from './prepared.ts';

const probe = pgTable('prepared_once_probe', { id: integer('id').primaryKey(), name: text('name').notNull() });

let database: Database;
let drop: () => Promise<void>;
let builds = 0;

const insertProbe = preparedOnce((db) => {
  builds += 1;
  return db
    .insert(probe)
    .values({ id: sql.placeholder('id'), name: sql.placeholder('name') })
    .returning({ id: probe.id })
    .prepare('prepared_once_probe_insert');
});
const probesIn = preparedOnce((db) =>
  db
    .select()
    .from(probe)
    .where(sql`${probe.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(probe.id))
    .prepare('prepared_once_probe_select'),
);

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table prepared_once_probe (id int primary key, name text not null)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

it('builds a statement once and runs it on the database and inside transactions, where a rollback takes it back', async () => {
  const { db } = database;
  expect(await insertProbe(db).execute({ id: 1, name: 'outside' })).toEqual([{ id: 1 }]);

  await db.transaction(async (tx) => {
    await insertProbe(tx).execute({ id: 2, name: 'committed' });
    // The transaction's own statement sees its uncommitted row: it ran on the transaction's connection.
    expect(await probesIn(tx).execute({ ids: [1, 2] })).toEqual([
      { id: 1, name: 'outside' },
      { id: 2, name: 'committed' },
    ]);
  });

  await expect(
    db.transaction(async (tx) => {
      await insertProbe(tx).execute({ id: 3, name: 'rolled back' });
      expect(await probesIn(tx).execute({ ids: [3] })).toEqual([{ id: 3, name: 'rolled back' }]);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');

  // Had a statement gone to another connection (autocommit), row 3 would still be here.
  expect(await db.select().from(probe).orderBy(asc(probe.id))).toEqual([
    { id: 1, name: 'outside' },
    { id: 2, name: 'committed' },
  ]);
  expect(await probesIn(db).execute({ ids: [] })).toEqual([]);
  expect(builds).toBe(1);
});

it('on PostgreSQL, another connection does not see a transaction’s row before it commits', async () => {
  if (database.kind !== 'postgres') return;
  const { db } = database;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((r) => (inserted = r));
  const tx = db.transaction(async (t) => {
    await insertProbe(t).execute({ id: 10, name: 'pending' });
    inserted();
    await held;
  });
  await insertedYet;
  try {
    expect(await probesIn(db).execute({ ids: [10] })).toEqual([]);
  } finally {
    release();
    await tx;
  }
  expect(await db.select().from(probe).where(eq(probe.id, 10))).toEqual([{ id: 10, name: 'pending' }]);
});

it('runs a written statement by name on PostgreSQL (one name per text), inside the transaction it is given', async () => {
  const { db } = database;
  const shape = (n: number) => sql`insert into prepared_once_probe (id, name) values (${n}, ${'named ' + n}) returning id, name`;
  await expect(
    db.transaction(async (tx) => {
      expect((await executeNamed(tx, shape(20))).rows).toEqual([{ id: 20, name: 'named 20' }]);
      expect((await executeNamed(tx, shape(21))).rows).toEqual([{ id: 21, name: 'named 21' }]);
      if (database.kind === 'postgres') {
        // Both ran as the same named statement on this transaction's connection.
        const kept = await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where name like 'x\_%' and statement like 'insert into prepared_once_probe (id, name) values%'`,
        );
        expect((kept as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
      }
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(
    await db
      .select()
      .from(probe)
      .where(sql`${probe.id} >= 20`),
  ).toEqual([]);
});

it('refuses to send COMMIT with a statement where no pipelined transaction can take it, before running it', async () => {
  const { db } = database;
  // Outside a transaction (both databases), and on PGlite inside one: the statement is not run.
  await expect(executeNamed(db, sql`insert into prepared_once_probe values (40, 'no') returning id`, { commit: true })).rejects.toThrow(
    /commit needs/,
  );
  if (database.kind !== 'postgres')
    await db.transaction(async (tx) => {
      await expect(executeNamed(tx, sql`insert into prepared_once_probe values (41, 'no')`, { commit: true })).rejects.toThrow(
        /commit needs/,
      );
    });
  expect(await probesIn(db).execute({ ids: [40, 41] })).toEqual([]);
});
