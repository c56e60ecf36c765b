import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from '../../src/test/test-database.ts';
import { paymentStatementsScript, paymentStatementsSeed } from '../pgbench.ts';

/*
 * The bench's pgbench script of a payment (payment-statements.pgbench.sql) must keep running on the schema the
 * migrations make and keep doing what a payment does; otherwise its figure describes nothing. pgbench is not
 * needed: the script's commands run here with its variables put in as pgbench would.
 */

const script = fs.readFileSync(paymentStatementsScript, 'utf8');

/** The script's SQL commands (comments and meta-commands left out), each with whether it ends in \gset. */
function commands(text: string): { sql: string; gset: boolean }[] {
  const out: { sql: string; gset: boolean }[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (!current.length && (line.startsWith('--') || line.startsWith('\\') || !line.trim())) continue;
    const gset = line.trimEnd().endsWith('\\gset');
    current.push(gset ? line.replace(/\\gset\s*$/, '') : line);
    if (gset || line.trimEnd().endsWith(';')) {
      out.push({ sql: current.join('\n').trim().replace(/;$/, ''), gset });
      current = [];
    }
  }
  return out;
}

/** As pgbench substitutes: every `:name` that is a variable, even inside a quoted literal. */
const substitute = (text: string, vars: Record<string, number>) =>
  text.replace(/(?<!:):([a-z_][a-z0-9_]*)/gi, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const seed = fs.readFileSync(paymentStatementsSeed, 'utf8').replace(/^--.*$/gm, '');
  for (const statement of seed
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean))
    await database.db.execute(sql.raw(statement));
});
afterAll(async () => {
  await database.close();
  await drop();
});

it('has no colon inside a quoted literal, where pgbench would take it for a variable', () => {
  for (const c of commands(script)) expect(c.sql.match(/'[^']*'/g)?.filter((l) => l.includes(':')) ?? []).toEqual([]);
});

it('pays a bill from its owner’s balance as a payment does: claim, bill paid, wallet moved, entries balanced', async () => {
  const run = commands(script).filter((c) => !/^(begin|commit)$/i.test(c.sql));
  expect(run.length).toBe(2);
  const vars: Record<string, number> = { u: 7, b: 6_500 };
  await database.db.transaction(async (tx) => {
    for (const c of run) {
      const res = (await tx.execute(sql.raw(substitute(c.sql, vars)))) as unknown as { rows: Record<string, unknown>[] };
      if (c.gset) {
        expect(res.rows).toHaveLength(1);
        for (const [k, v] of Object.entries(res.rows[0])) if (typeof v === 'number' || typeof v === 'string') vars[k] = Number(v);
      }
    }
  });
  expect(vars.claimed).toBeGreaterThan(0);
  const one = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const [payment] = await one<{
    status: string;
    ledger_transaction_id: number;
    result: { balance_after_minor: number; bill_ids: number[] };
  }>(sql`select status, ledger_transaction_id, result from payments where id = ${vars.claimed}`);
  expect(payment.status).toBe('succeeded');
  expect(payment.result.balance_after_minor).toBe(1_000_000_000 - 100);
  expect(payment.result.bill_ids).toEqual([6_500]);
  const [bill] = await one<{ status: string; payment_id: number; paid_by_user_id: number }>(
    sql`select status, payment_id, paid_by_user_id from bills where id = 6500`,
  );
  expect(bill).toEqual({ status: 'paid', payment_id: vars.claimed, paid_by_user_id: 7 });
  const [wallet] = await one<{ balance_minor: string | number }>(sql`select balance_minor from ledger_accounts where user_id = 7`);
  expect(Number(wallet.balance_minor)).toBe(1_000_000_000 - 100);
  const entries = await one<{ code: string; amount_minor: string | number; balance_after_minor: string | number | null }>(
    sql`select a.code, e.amount_minor, e.balance_after_minor from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = ${payment.ledger_transaction_id} order by a.code`,
  );
  expect(
    entries.map((e) => [e.code, Number(e.amount_minor), e.balance_after_minor === null ? null : Number(e.balance_after_minor)]),
  ).toEqual([
    ['revenue:bills', 100, null],
    ['wallet:7:SGD', -100, 1_000_000_000 - 100],
  ]);
});
