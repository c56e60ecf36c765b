import { asc, sql, type SQL } from 'drizzle-orm';
import { preparedOnce } from '../../db/prepared.ts';
import { WALLET_CURRENCY } from './ledger.ts';
import { bills, ledgerAccounts, payments } from './wallet.schema.ts';

/*
 * The statements every payment runs, built once (preparedOnce) and run on the payment's transaction: building
 * these three with the query builder took ~180 µs of the server's CPU per payment, and as named statements each
 * connection parses and plans them once.
 */

/** Claims (payer, idempotency key): a row, or nothing when the key was used before. */
export const claimPayment = preparedOnce((db) =>
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
    .returning({ id: payments.id })
    .prepare('pay_claim'),
);

/**
 * Locks the bills in id order, so two payments sharing bills cannot deadlock; the payer's balance comes with
 * them (a read, no lock on the wallet): one round trip.
 */
export const lockBillsWithBalance = preparedOnce((db) =>
  db
    .select({
      bill: bills,
      balance: sql<string | number | null>`(select ${ledgerAccounts.balanceMinor} from ${ledgerAccounts}
          where ${ledgerAccounts.userId} = ${sql.placeholder('payer')} and ${ledgerAccounts.currency} = ${WALLET_CURRENCY})`,
    })
    .from(bills)
    .where(sql`${bills.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(bills.id))
    .for('update', { of: bills })
    .prepare('pay_lock_bills'),
);

/**
 * Marks the locked bills paid, each with its gross and share of the discount: a write for the ledger's one
 * statement (postTransaction's `also`), guarded by `moved`. The bills travel as one JSON parameter, so the
 * statement's text is the same for any number of bills (one named statement).
 */
export function markBillsPaid(
  paid: { paymentId: number; payerId: number; paidAt: string },
  each: { id: number; gross: number; discount: number }[],
  moved: SQL,
): SQL {
  return sql`update ${bills} set status = 'paid', payment_id = ${paid.paymentId}::int, paid_by_user_id = ${paid.payerId}::int,
    paid_gross_minor = v.gross, paid_discount_minor = v.discount, paid_at = ${paid.paidAt}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(each)}::jsonb) as v(id int, gross bigint, discount bigint)
    where ${bills.id} = v.id and ${moved}`;
}
