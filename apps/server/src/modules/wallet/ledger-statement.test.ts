import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { postTransaction, walletBalance, type AlsoWrite } from './ledger.ts';

/*
 * The ledger's one statement is kept per shape on PostgreSQL and run again with new values: a caller's write must
 * carry each call's own values, and one that would keep a value of the first call is refused. On PGlite the
 * statement is built each time; the same calls must give the same rows.
 */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table ledger_also_probe (transaction_id int not null, note text not null, amount bigint not null)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const probe = (note: string, amount: number): AlsoWrite => ({
  shape: 'probe',
  values: { note, amount },
  build: (refs, v) => [
    sql`insert into ledger_also_probe (transaction_id, note, amount) select ${refs.transactionId}, ${v('note')}::text, ${v('amount')}::bigint
        where ${refs.moved}`,
  ],
});

it("runs the kept statement again with each call's own values, the caller's writes included", async () => {
  const user = 901;
  // The first movement creates the wallet and the system account the ordinary way.
  await database.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'topup',
      userId: user,
      postings: [
        { wallet: user, amountMinor: 5_000 },
        { system: 'clearing:offline', amountMinor: -5_000 },
      ],
    }),
  );
  const ids: number[] = [];
  for (const [note, amount] of [
    ['first', 100],
    ['second', 250],
    ['third', 7],
  ] as const) {
    const posted = await database.db.transaction((tx) =>
      postTransaction(
        tx,
        {
          type: 'payment',
          userId: user,
          postings: [
            { wallet: user, amountMinor: -amount },
            { system: 'revenue:bills', amountMinor: amount },
          ],
        },
        probe(note, amount),
      ),
    );
    ids.push(posted.id);
  }
  const rows = (
    (await database.db.execute(sql`select transaction_id, note, amount from ledger_also_probe order by transaction_id`)) as unknown as {
      rows: { transaction_id: number; note: string; amount: string | number }[];
    }
  ).rows.map((r) => [Number(r.transaction_id), r.note, Number(r.amount)]);
  expect(rows).toEqual([
    [ids[0], 'first', 100],
    [ids[1], 'second', 250],
    [ids[2], 'third', 7],
  ]);
  expect(await walletBalance(database.db, user)).toBe(5_000 - 357);
});

it('refuses writes that hold a value not given through v(name), where the statement would be kept with it', async () => {
  const user = 902;
  await database.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'topup',
      userId: user,
      postings: [
        { wallet: user, amountMinor: 1_000 },
        { system: 'clearing:offline', amountMinor: -1_000 },
      ],
    }),
  );
  const embedded: AlsoWrite = {
    shape: 'embedded',
    values: {},
    build: (refs) => [
      sql`insert into ledger_also_probe (transaction_id, note, amount) select ${refs.transactionId}, ${'kept'}::text, 1 where ${refs.moved}`,
    ],
  };
  const pay = () =>
    database.db.transaction((tx) =>
      postTransaction(
        tx,
        {
          type: 'payment',
          userId: user,
          postings: [
            { wallet: user, amountMinor: -10 },
            { system: 'revenue:bills', amountMinor: 10 },
          ],
        },
        embedded,
      ),
    );
  if (process.env.DATABASE_URL) {
    await expect(pay()).rejects.toThrow(/hold a value not given through v\(name\)/);
    expect(await walletBalance(database.db, user)).toBe(1_000);
  } else {
    // Built each time on PGlite, so nothing could be kept: the value is written as given.
    await pay();
    expect(await walletBalance(database.db, user)).toBe(990);
  }
});
