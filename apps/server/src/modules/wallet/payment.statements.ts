import { asc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { WALLET_CURRENCY } from './ledger.ts';
import { bills, ledgerAccounts, payments } from './wallet.schema.ts';

/*
 * The statements every payment runs, built once (preparedOnce) and run on the payment's transaction: building
 * them with the query builder took ~180 µs of the server's CPU per payment, and as named statements each
 * connection parses and plans them once.
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
