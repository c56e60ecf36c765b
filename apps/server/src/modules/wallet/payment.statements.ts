import { asc, eq, sql } from 'drizzle-orm';
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

export const markBillPaid = preparedOnce((db) =>
  db
    .update(bills)
    .set({
      status: 'paid',
      paymentId: sql`${sql.placeholder('paymentId')}`,
      paidByUserId: sql`${sql.placeholder('payer')}`,
      paidGrossMinor: sql`${sql.placeholder('gross')}`,
      paidDiscountMinor: sql`${sql.placeholder('discount')}`,
      paidAt: sql`${sql.placeholder('paidAt')}`,
    })
    .where(eq(bills.id, sql.placeholder('id')))
    .prepare('pay_mark_bill_paid'),
);
