import type { Tx } from '../../db/client.ts';
import type { Bill, BillKind, BillPaidHandler, BillRefundedHandler, PayOnBehalfCheck } from './billing.port.ts';

/**
 * What the owning modules registered for their bill kinds: what happens when a bill is paid or refunded, and
 * their veto on paying it on someone's behalf. Every handler runs inside the payment's (or refund's) transaction.
 */
export class BillHooks {
  private readonly paid = new Map<BillKind, BillPaidHandler>();
  private readonly refunded = new Map<BillKind, BillRefundedHandler>();
  private readonly anyRefunded: BillRefundedHandler[] = [];
  private readonly behalf = new Map<BillKind, PayOnBehalfCheck>();

  onPaid(kind: BillKind, handler: BillPaidHandler) {
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

  async billPaid(tx: Tx, bill: Bill): Promise<void> {
    await this.paid.get(bill.kind)?.(tx, bill);
  }
  async billRefunded(tx: Tx, bill: Bill): Promise<void> {
    await this.refunded.get(bill.kind)?.(tx, bill);
    for (const listener of this.anyRefunded) await listener(tx, { ...bill });
  }
  /** Kinds without a check may be paid on behalf. */
  async mayPayOnBehalf(tx: Tx, bill: Bill): Promise<boolean> {
    const check = this.behalf.get(bill.kind);
    return !check || (await check(tx, bill));
  }
}
