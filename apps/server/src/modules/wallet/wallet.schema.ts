import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Ledger accounts. A customer's wallet (kind 'wallet') keeps a stored balance for locking and the
 * non-negative check; system accounts (money received by a channel, revenue, coupon cost, adjustments)
 * are computed from their entries only, so concurrent payments never queue on one hot row.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id'),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    uniqueIndex('ledger_accounts_user_uq').on(t.userId, t.currency),
    check('ledger_wallet_not_negative', sql`${t.kind} <> 'wallet' or ${t.balanceMinor} >= 0`),
    check('ledger_system_no_stored_balance', sql`${t.kind} = 'wallet' or ${t.balanceMinor} = 0`),
  ],
);

/** One balanced movement of money: its entries sum to zero per currency. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    /** The customer it concerns most (payer, top-up owner, adjusted user). */
    userId: integer('user_id'),
    memo: text('memo').notNull().default(''),
    rechargeId: integer('recharge_id'),
    paymentId: integer('payment_id'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index on user_id: every read of the ledger starts from an account's entries (ledger_entries_account_idx) or
  // a transaction's id; an index nothing reads cost every payment a write (migration 0019 dropped it).
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    accountId: integer('account_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The wallet's balance right after this entry (wallet accounts only). */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_tx_idx').on(t.transactionId),
    check('ledger_entry_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/** What a customer owes for one thing (see billing.port.ts). */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    lines: jsonb('lines').notNull(),
    description: jsonb('description').notNull(),
    payBefore: timestamp('pay_before', { withTimezone: true }),
    groupId: integer('group_id'),
    /** Thousandths of a cbm, for coupons with a volume threshold. */
    volumeMilli: integer('volume_milli').notNull().default(0),
    status: text('status').notNull().default('unpaid'),
    paymentId: integer('payment_id'),
    paidByUserId: integer('paid_by_user_id'),
    /** In the wallet currency, at the payment's rate: the gross, the coupon share and what the payer was charged. */
    paidGrossMinor: bigint('paid_gross_minor', { mode: 'number' }),
    paidDiscountMinor: bigint('paid_discount_minor', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_live_ref_uq')
      .on(t.kind, t.refId)
      .where(sql`${t.status} in ('unpaid', 'paid')`),
    index('bills_user_idx').on(t.userId, t.status),
    index('bills_group_idx').on(t.groupId, t.status),
    check('bills_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** One payment from a balance covering one or several bills. (payer, idempotency key) is unique. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    payerUserId: integer('payer_user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('succeeded'),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    chargedMinor: bigint('charged_minor', { mode: 'number' }).notNull().default(0),
    couponId: integer('coupon_id'),
    /** RMB per SGD at the moment of payment, as the settings held it. */
    exchangeRate: text('exchange_rate').notNull(),
    ledgerTransactionId: integer('ledger_transaction_id'),
    result: jsonb('result'),
    auto: integer('auto').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_idem_uq').on(t.payerUserId, t.idempotencyKey)],
);

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    provider: text('provider'),
    providerTxId: text('provider_tx_id'),
    payUrl: text('pay_url'),
    paynowReference: text('paynow_reference'),
    paynowPayload: text('paynow_payload'),
    voucherUrl: text('voucher_url'),
    remark: text('remark').notNull().default(''),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ledgerTransactionId: integer('ledger_transaction_id'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recharge_order_no_uq').on(t.orderNo),
    uniqueIndex('recharge_provider_tx_uq').on(t.provider, t.providerTxId),
    index('recharge_user_idx').on(t.userId, t.id),
    index('recharge_status_idx').on(t.status, t.method),
    check('recharge_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Payment notifications as received, for audit; a refused one is kept with why. */
export const paymentNotifications = pgTable('payment_notifications', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  outcome: text('outcome').notNull(),
  orderNo: text('order_no'),
  detail: text('detail').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const couponBatches = pgTable('coupon_batches', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  name: jsonb('name').notNull(),
  discountType: text('discount_type').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
  percentOff: integer('percent_off').notNull().default(0),
  maxDiscountMinor: bigint('max_discount_minor', { mode: 'number' }),
  minVolumeMilli: integer('min_volume_milli').notNull().default(0),
  minAmountMinor: bigint('min_amount_minor', { mode: 'number' }).notNull().default(0),
  appliesTo: text('applies_to').array().notNull(),
  issueMode: text('issue_mode').notNull(),
  validDays: integer('valid_days').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  totalQuantity: integer('total_quantity'),
  claimedCount: integer('claimed_count').notNull().default(0),
  claimEndsAt: timestamp('claim_ends_at', { withTimezone: true }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull(),
    code: text('code').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_codes_code_uq').on(t.code), check('coupon_codes_uses', sql`${t.usedCount} <= ${t.maxUses}`)],
);

/** A coupon a customer holds. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    batchId: integer('batch_id').notNull(),
    codeId: integer('code_id'),
    status: text('status').notNull().default('unused'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentId: integer('payment_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_coupons_once_uq').on(t.userId, t.batchId), index('user_coupons_user_idx').on(t.userId, t.status)],
);
