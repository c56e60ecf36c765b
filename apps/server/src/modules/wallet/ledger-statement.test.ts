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

/** A top-up the ordinary way (the first one creates the wallet and the system account). */
const fund = (user: number, amount: number) =>
  database.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'topup',
      userId: user,
      postings: [
        { wallet: user, amountMinor: amount },
        { system: 'clearing:offline', amountMinor: -amount },
      ],
    }),
  );

/** A payment from the wallet, with the caller's writes. */
const pay = (user: number, amount: number, also: AlsoWrite) =>
  database.db.transaction((tx) =>
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
      also,
    ),
  );

it("runs the kept statement again with each call's own values, the caller's writes included", async () => {
  const user = 901;
  await fund(user, 5_000);
  const ids: number[] = [];
  for (const [note, amount] of [
    ['first', 100],
    ['second', 250],
    ['third', 7],
  ] as const) {
    ids.push((await pay(user, amount, probe(note, amount))).id);
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
  await fund(user, 1_000);
  const embedded: AlsoWrite = {
    shape: 'embedded',
    values: {},
    build: (refs) => [
      sql`insert into ledger_also_probe (transaction_id, note, amount) select ${refs.transactionId}, ${'kept'}::text, 1 where ${refs.moved}`,
    ],
  };
  if (process.env.DATABASE_URL) {
    await expect(pay(user, 10, embedded)).rejects.toThrow(/hold a value not given through v\(name\)/);
    expect(await walletBalance(database.db, user)).toBe(1_000);
  } else {
    // Built each time on PGlite, so nothing could be kept: the value is written as given.
    await pay(user, 10, embedded);
    expect(await walletBalance(database.db, user)).toBe(990);
  }
});

it("refuses a caller's value named like the ledger's own, which would be overwritten", async () => {
  const user = 903;
  await fund(user, 1_000);
  await expect(pay(user, 10, { ...probe('clash', 10), values: { note: 'clash', amount: 10, ledger_amount: 5 } })).rejects.toThrow(
    /named ledger_/,
  );
  expect(await walletBalance(database.db, user)).toBe(1_000);
});
