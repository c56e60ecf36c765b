import type { Tx } from '../../db/client.ts';

/**
 * How other modules (parcels, groups, mall) charge a customer. The wallet module implements it;
 * callers never touch balances or the ledger themselves.
 *
 * A bill is what a customer owes for one thing (a pack's freight, a return fee, a mall order).
 * Paying it (from the balance, by a leader on a member's behalf, or automatically when auto-pay
 * is on) happens in the wallet; the owning module learns of it through its `onPaid` handler, called
 * inside the payment's database transaction so the business change commits with the ledger entry
 * or not at all.
 */
export type BillKind = 'pack' | 'return' | 'mall' | 'claim' | 'other';
export type BillCurrency = 'SGD' | 'RMB';
export type BillStatus = 'unpaid' | 'paid' | 'cancelled' | 'refunded';

export interface BillLine {
  /** i18n-neutral code of the line (e.g. 'sea_freight', 'oversize', 'special_clearance', 'search_fee'). */
  code: string;
  label: { en: string; zh_CN: string };
  amountMinor: number;
}

export interface IssueBillInput {
  userId: number;
  kind: BillKind;
  /** The id of the owning object (pack id, return id, mall order id). One live bill per (kind, refId). */
  refId: number;
  currency: BillCurrency;
  /** A positive integer in minor units of `currency` (fen for RMB, cents for SGD). */
  amountMinor: number;
  /** When given, the lines must add up to amountMinor. */
  lines: BillLine[];
  description: { en: string; zh_CN: string };
  /** Unpaid after this moment, the bill expires ('pay within time or the order expires'). */
  payBefore?: Date | null;
  /** Member bills a group leader may pay on the member's behalf. */
  groupId?: number | null;
  /** Volume in cbm of what is billed (freight), for coupons with a volume threshold. */
  volumeCbm?: number | null;
}

export interface Bill extends IssueBillInput {
  id: number;
  status: BillStatus;
  paidAt: Date | null;
  createdAt: Date;
}

export type BillPaidHandler = (tx: Tx, bill: Bill) => Promise<void>;
/**
 * A payment's bills of one kind (a batch of payments sharing a transaction: all of theirs), in id order, told at
 * once (one statement for all rather than one each).
 */
export type BillsPaidHandler = (tx: Tx, bills: Bill[]) => Promise<void>;
/** A one-bill handler as a many-bills one: each bill in turn, in the order given. */
export const eachBill =
  (handler: BillPaidHandler): BillsPaidHandler =>
  async (tx, bills) => {
    for (const bill of bills) await handler(tx, bill);
  };
export type BillRefundedHandler = (tx: Tx, bill: Bill) => Promise<void>;
/**
 * Asked once per kind, inside the payment's transaction, before someone other than the bills' owners (a group
 * leader) pays them. Return false to refuse: the payment fails with PAY_ON_BEHALF_REFUSED ('orders lacking goods
 * name or value cannot be paid on behalf'). Kinds without a check may be paid on behalf.
 */
export type PayOnBehalfCheck = (tx: Tx, bills: Bill[]) => Promise<boolean>;
export interface BillingPort {
  /** Issues a bill inside the caller's transaction. After commit, call `afterIssued` so auto-pay can run. */
  issueBill(tx: Tx, input: IssueBillInput): Promise<Bill>;
  /** Runs auto-pay for a freshly issued bill (outside the issuing transaction); never throws. */
  afterIssued(billId: number): Promise<void>;
  /** Cancels an unpaid bill (e.g. the pack was cancelled). Paid bills must be refunded instead. */
  cancelBill(tx: Tx, billId: number): Promise<void>;
  /** Moves an unpaid bill's pay-before time (e.g. it waits for a top-up under review); others are left alone. */
  setPayBefore(tx: Tx, billId: number, payBefore: Date): Promise<void>;
  /** Refunds a paid bill to the payer's balance (ledger entries), calling the kind's refund handler. */
  refundBill(tx: Tx, billId: number, reason: string): Promise<void>;
  findBill(tx: Tx, kind: BillKind, refId: number): Promise<Bill | null>;
  /** Credits a customer's balance at the company's cost (insurance claim, GST refund) in the caller's transaction. */
  compensate(
    tx: Tx,
    input: { userId: number; amountMinor: number; account: 'expense:insurance' | 'expense:gst_refunds'; memo: string },
  ): Promise<void>;
  /** Registers what happens to the owning object when a bill of this kind is paid / refunded. */
  onPaid(kind: BillKind, handler: BillPaidHandler): void;
  /** As onPaid, with all of a payment's bills of this kind in one call. */
  onPaidMany(kind: BillKind, handler: BillsPaidHandler): void;
  onRefunded(kind: BillKind, handler: BillRefundedHandler): void;
  /** Registers the owning module's veto on paying a bill of this kind on someone's behalf. */
  canPayOnBehalf(kind: BillKind, check: PayOnBehalfCheck): void;
}

/**
 * Leader rewards (groups): a credit to the leader's balance, or its reversal, as one ledger transaction
 * in the caller's transaction. A reversal takes back at most the current balance (balances never go
 * negative) and returns what it took.
 */
export interface RewardLedgerPort {
  postReward(tx: Tx, input: { userId: number; amountMinor: number; memo: string }): Promise<number>;
  /** Told of every refund inside its transaction, after the bill kind's own handler. */
  onAnyRefunded(handler: BillRefundedHandler): void;
}
