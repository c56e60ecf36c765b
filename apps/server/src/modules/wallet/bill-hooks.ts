import type { Tx } from '../../db/client.ts';
import {
  eachBill,
  type Bill,
  type BillKind,
  type BillPaidHandler,
  type BillRefundedHandler,
  type BillsPaidHandler,
  type PayOnBehalfCheck,
} from './billing.port.ts';

/**
 * What the owning modules registered for their bill kinds: what happens when bills are paid or refunded, and
 * their veto on paying them on someone's behalf. Every handler runs inside the payment's (or refund's) transaction.
 * A payment tells each kind once, with all its bills of that kind, so an owner can write them in one statement.
 */
export class BillHooks {
  private readonly paid = new Map<BillKind, BillsPaidHandler>();
  private readonly refunded = new Map<BillKind, BillRefundedHandler>();
  private readonly anyRefunded: BillRefundedHandler[] = [];
  private readonly behalf = new Map<BillKind, PayOnBehalfCheck>();

  /** A handler for one bill at a time: called for each of the payment's bills of the kind, in id order. */
  onPaid(kind: BillKind, handler: BillPaidHandler) {
    this.paid.set(kind, eachBill(handler));
  }
  onPaidMany(kind: BillKind, handler: BillsPaidHandler) {
    this.paid.set(kind, handler);
  }
  onRefunded(kind: BillKind, handler: BillRefundedHandler) {
    this.refunded.set(kind, handler);
  }
  /** Told of every refund, after the kind's own handler. */
  onAnyRefunded(handler: BillRefundedHandler) {
    this.anyRefunded.push(handler);
  }
  canPayOnBehalf(kind: BillKind, check: PayOnBehalfCheck) {
    this.behalf.set(kind, check);
  }

  /** Each kind's handler once, with its bills in the order given (the payment's: id order). */
  async billsPaid(tx: Tx, bills: Bill[]): Promise<void> {
    for (const [kind, ofKind] of byKind(bills)) await this.paid.get(kind)?.(tx, ofKind);
  }
  async billRefunded(tx: Tx, bill: Bill): Promise<void> {
    await this.refunded.get(bill.kind)?.(tx, bill);
    for (const listener of this.anyRefunded) await listener(tx, { ...bill });
  }
  /** Whether every bill may be paid on behalf: each kind's check once; kinds without a check may be. */
  async mayPayOnBehalf(tx: Tx, bills: Bill[]): Promise<boolean> {
    for (const [kind, ofKind] of byKind(bills)) {
      const check = this.behalf.get(kind);
      if (check && !(await check(tx, ofKind))) return false;
    }
    return true;
  }
}

function byKind(bills: Bill[]): Map<BillKind, Bill[]> {
  const out = new Map<BillKind, Bill[]>();
  for (const b of bills) {
    const list = out.get(b.kind);
    if (list) list.push(b);
    else out.set(b.kind, [b]);
  }
  return out;
}
