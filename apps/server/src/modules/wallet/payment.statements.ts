import { asc, fillPlaceholders, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeNamedText, namedTextOf, preparedOnce, runsNamed, type NamedText } from '../../db/prepared.ts';
import { WALLET_CURRENCY } from './ledger.ts';
import { bills, ledgerAccounts, payments } from './wallet.schema.ts';

/*
 * The statements every payment runs, built once (preparedOnce) and run on the payment's transaction: building
 * them with the query builder on every payment was a visible share of the server's CPU, and as named statements
 * each connection parses and plans them once.
 */

/** The claim of (payer, idempotency key): a pending payment's id, or nothing when the key was used before. */
const claimInsert = (db: Tx) =>
  db
    .insert(payments)
    .values({
      payerUserId: sql.placeholder('payer'),
      idempotencyKey: sql.placeholder('key'),
      requestHash: sql.placeholder('hash'),
      status: 'pending',
      currency: WALLET_CURRENCY,
      exchangeRate: sql.placeholder('rate'),
      auto: sql.placeholder('auto'),
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });

/** The claim alone, for a request that names no bill. */
export const claimPayment = preparedOnce((db) => claimInsert(db).prepare('pay_claim'));

/**
 * Claims (payer, idempotency key) and locks the bills in id order with the payer's balance (a read, no lock on
 * the wallet), in one round trip. `claimed` is the new payment's id, or null when the key was used before.
 *
 * The claim comes first: it is read by a one-time filter of the bills' scan (`>= 0` is always true but not
 * constant, so the planner keeps it), which runs before any bill is locked. A twin with the same key waits on
 * the key, holding no bill; two payments sharing bills lock them in the same order: neither can deadlock.
 * No row when none of the ids is a bill (the caller tells its own claim from an earlier one by the status).
 */
export const claimAndLockBills = preparedOnce((db) => {
  const claim = db.$with('claim').as(claimInsert(db));
  return db
    .with(claim)
    .select({
      bill: bills,
      balance: sql<string | number | null>`(select ${ledgerAccounts.balanceMinor} from ${ledgerAccounts}
          where ${ledgerAccounts.userId} = ${sql.placeholder('payer')} and ${ledgerAccounts.currency} = ${WALLET_CURRENCY})`,
      claimed: sql<number | null>`(select id from ${claim})`,
    })
    .from(bills)
    .where(sql`${bills.id} = any(${sql.placeholder('ids')}::int[]) and coalesce((select id from ${claim}), 0) >= 0`)
    .orderBy(asc(bills.id))
    .for('update', { of: bills })
    .prepare('pay_claim_lock_bills');
});

/**
 * Marks the locked bills paid, each with its gross and share of the discount: a write for the ledger's one
 * statement (postTransaction's `also`), guarded by `moved`. The bills travel as one JSON parameter (`bills`: a JSON
 * array of { id, gross, discount }), so the statement's text is the same for any number of bills; the payment's id,
 * the payer and the time are `payment`, `payer` and `paid_at`.
 */
export function markBillsPaid(v: (name: string) => SQLWrapper, moved: SQL): SQL {
  return sql`update ${bills} set status = 'paid', payment_id = ${v('payment')}::int, paid_by_user_id = ${v('payer')}::int,
    paid_gross_minor = v.gross, paid_discount_minor = v.discount, paid_at = ${v('paid_at')}::timestamptz
    from jsonb_to_recordset(${v('bills')}::jsonb) as v(id int, gross bigint, discount bigint)
    where ${bills.id} = v.id and ${moved}`;
}

/** Marks the payment succeeded with the result a repeated key replays (its `balance_after_minor` from the ledger). */
export function markPaymentSucceeded(v: (name: string) => SQLWrapper, refs: { transactionId: SQL; balanceAfter: SQL; moved: SQL }): SQL {
  return sql`update ${payments} set status = 'succeeded', total_minor = ${v('total')}::bigint, discount_minor = ${v('discount')}::bigint,
    charged_minor = ${v('charged')}::bigint, coupon_id = ${v('coupon')}::int, ledger_transaction_id = ${refs.transactionId},
    result = ${v('result')}::jsonb || jsonb_build_object('balance_after_minor', coalesce(${refs.balanceAfter}, 0))
    where id = ${v('payment')}::int and ${refs.moved}`;
}

/** One payment's claim (claimAndLockBills, claimPayment; several in claimAndLockBillsOfMany). */
// A type, not an interface: it is also the values of a prepared statement (a Record).
export type PaymentClaim = {
  payer: number;
  key: string;
  hash: string;
  rate: string;
  auto: number;
};

/**
 * claimAndLockBills for several payments of distinct payers in one round trip (a batch): every claim first, then all
 * their bills locked in id order, with each payer's balance (a read, no lock on the wallet). `claimed` maps a payer to
 * its new payment's id; a payer missing from it used its key before. Bills are mapped as drizzle maps a `bills` row.
 * The claims and the ids travel as JSON, one parameter each, so the text is the same for any batch and either driver.
 */
export async function claimAndLockBillsOfMany(
  tx: Tx,
  claims: PaymentClaim[],
  ids: number[],
): Promise<{ bills: Map<number, typeof bills.$inferSelect>; claimed: Map<number, number>; balances: Map<number, number> }> {
  const values: Record<string, string> = { claims: JSON.stringify(claims), ids: JSON.stringify(ids) };
  let res: { rows: Record<string, unknown>[] };
  if (runsNamed(tx)) {
    manyStatement ??= namedTextOf(
      tx,
      claimAndLockMany((name) => sql.placeholder(name)),
    );
    res = await executeNamedText(tx, manyStatement, fillPlaceholders(manyStatement.params, values));
  } else res = (await tx.execute(claimAndLockMany((name) => sql`${values[name]}`))) as unknown as { rows: Record<string, unknown>[] };
  const out = {
    bills: new Map<number, typeof bills.$inferSelect>(),
    claimed: new Map<number, number>(),
    balances: new Map<number, number>(),
  };
  const [first] = res.rows;
  if (!first) return out;
  for (const [payer, id] of (jsonOf(first.batch_claims) as [number, number][] | null) ?? []) out.claimed.set(Number(payer), Number(id));
  for (const [user, balance] of (jsonOf(first.batch_balances) as [number, number][] | null) ?? [])
    out.balances.set(Number(user), Number(balance));
  for (const raw of res.rows) {
    const row = {} as Record<string, unknown>;
    for (const [field, column] of Object.entries(billColumns)) {
      const value = raw[column.name];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    const bill = row as typeof bills.$inferSelect;
    out.bills.set(bill.id, bill);
  }
  return out;
}
let manyStatement: NamedText | undefined;
const billColumns = getTableColumns(bills);
const jsonOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/*
 * Plan (PostgreSQL 15): the claim's INSERT as a CTE; the balances an init plan, an index scan of ledger_accounts_user_uq
 * on `user_id = ANY(array)` (an `IN (select ...)` there was a hash join over a sequential scan of every account); the
 * bills an index scan of bills_pkey on `id = ANY(array)` under the one-time filter that reads the claim first.
 */
function claimAndLockMany(v: (name: string) => SQLWrapper): SQL {
  return sql`with claim as (
      insert into ${payments} (payer_user_id, idempotency_key, request_hash, status, currency, exchange_rate, auto)
      select c.payer, c.key, c.hash, 'pending', ${WALLET_CURRENCY}, c.rate, c.auto
      from jsonb_to_recordset(${v('claims')}::jsonb) as c(payer int, key text, hash text, rate text, auto int)
      on conflict do nothing
      returning id, payer_user_id
    )
    select ${bills}.*,
      (select json_agg(json_build_array(payer_user_id, id)) from claim) as batch_claims,
      (select json_agg(json_build_array(user_id, balance_minor)) from ${ledgerAccounts}
        where user_id = any(array(select (c->>'payer')::int from jsonb_array_elements(${v('claims')}::jsonb) as c))
          and currency = ${WALLET_CURRENCY}) as batch_balances
    from ${bills}
    where ${bills.id} = any(array(select jsonb_array_elements_text(${v('ids')}::jsonb)::int)) and (select count(*) from claim) >= 0
    order by ${bills.id}
    for update of ${bills}`;
}
