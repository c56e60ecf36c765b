import type { Db, Tx } from '../db/client.ts';
import { findUserById } from '../modules/account/account.repository.ts';
import {
  eachBill,
  type Bill,
  type BillingPort,
  type BillKind,
  type BillPaidHandler,
  type BillRefundedHandler,
  type BillsPaidHandler,
  type IssueBillInput,
  type PayOnBehalfCheck,
} from '../modules/wallet/billing.port.ts';

/**
 * TEST DOUBLE of the wallet's BillingPort, for the parcels tests only: bills live in a Map, nothing
 * touches balances. `pay(billId)` does what the wallet does on payment: runs the kind's onPaid handler
 * inside a database transaction and marks the bill paid only if the handler succeeds.
 * Bills issued in a transaction that later rolls back stay in the Map (tests do not rely on them).
 */
export class TestBillingDouble implements BillingPort {
  readonly bills = new Map<number, Bill>();
  private nextId = 1;
  private readonly paidHandlers = new Map<BillKind, BillsPaidHandler>();
  private readonly refundHandlers = new Map<BillKind, BillRefundedHandler>();
  readonly onBehalfChecks = new Map<BillKind, PayOnBehalfCheck>();
  /** Users whose bills are paid as soon as they are issued, besides those with users.is_auto_pay on (the wallet's auto-pay). */
  readonly autoPayUsers = new Set<number>();
  readonly afterIssuedCalls: number[] = [];

  /** Compensations asked for (the double keeps no balances). */
  readonly compensations: { userId: number; amountMinor: number; account: string; memo: string }[] = [];

  constructor(private readonly db: () => Db) {}

  async compensate(_tx: unknown, input: { userId: number; amountMinor: number; account: string; memo: string }) {
    this.compensations.push(input);
  }

  reset() {
    this.bills.clear();
    this.autoPayUsers.clear();
    this.afterIssuedCalls.length = 0;
    this.nextId = 1;
  }

  async issueBill(_tx: Tx, input: IssueBillInput): Promise<Bill> {
    for (const b of this.bills.values()) {
      if (b.kind === input.kind && b.refId === input.refId && b.status === 'unpaid')
        throw new Error(`a live ${input.kind} bill for ${input.refId} exists`);
    }
    const bill: Bill = { ...input, id: this.nextId++, status: 'unpaid', paidAt: null, createdAt: new Date() };
    this.bills.set(bill.id, bill);
    return { ...bill };
  }

  async afterIssued(billId: number): Promise<void> {
    this.afterIssuedCalls.push(billId);
    const bill = this.bills.get(billId);
    if (!bill || bill.status !== 'unpaid') return;
    const autoPay = this.autoPayUsers.has(bill.userId) || (await findUserById(this.db(), bill.userId))?.isAutoPay === true;
    if (autoPay) {
      try {
        await this.pay(billId);
      } catch {
        // Auto-pay never throws, like the wallet's.
      }
    }
  }

  async setPayBefore(_tx: Tx, billId: number, payBefore: Date): Promise<void> {
    const b = this.bills.get(billId);
    if (b && b.status === 'unpaid') b.payBefore = payBefore;
  }

  async cancelBill(_tx: Tx, billId: number): Promise<void> {
    const bill = this.bills.get(billId);
    if (!bill) throw new Error(`no bill ${billId}`);
    if (bill.status !== 'unpaid') throw new Error(`bill ${billId} is ${bill.status}`);
    bill.status = 'cancelled';
  }

  async refundBill(tx: Tx, billId: number): Promise<void> {
    const bill = this.bills.get(billId);
    if (!bill || bill.status !== 'paid') throw new Error(`bill ${billId} is not paid`);
    await this.refundHandlers.get(bill.kind)?.(tx, { ...bill, status: 'refunded' });
    bill.status = 'refunded';
  }

  async findBill(_tx: Tx, kind: BillKind, refId: number): Promise<Bill | null> {
    const all = [...this.bills.values()].filter((b) => b.kind === kind && b.refId === refId);
    return all.length ? { ...all[all.length - 1] } : null;
  }

  onPaid(kind: BillKind, handler: BillPaidHandler): void {
    this.paidHandlers.set(kind, eachBill(handler));
  }

  onPaidMany(kind: BillKind, handler: BillsPaidHandler): void {
    this.paidHandlers.set(kind, handler);
  }

  onRefunded(kind: BillKind, handler: BillRefundedHandler): void {
    this.refundHandlers.set(kind, handler);
  }

  canPayOnBehalf(kind: BillKind, check: PayOnBehalfCheck): void {
    this.onBehalfChecks.set(kind, check);
  }

  /** Asks the owning module's veto, as the wallet does before a leader pays a member's bill. */
  async mayPayOnBehalf(billId: number): Promise<boolean> {
    const bill = this.bills.get(billId);
    if (!bill) throw new Error(`no bill ${billId}`);
    const check = this.onBehalfChecks.get(bill.kind);
    return check ? this.db().transaction((tx) => check(tx, [{ ...bill }])) : true;
  }

  /** What the wallet's pay call does: refuses bills not unpaid, runs onPaid in a transaction. */
  async pay(billId: number): Promise<Bill> {
    const bill = this.bills.get(billId);
    if (!bill) throw new Error(`no bill ${billId}`);
    if (bill.status !== 'unpaid') throw new Error(`bill ${billId} is ${bill.status}`);
    const paidAt = new Date();
    await this.db().transaction(async (tx) => {
      await this.paidHandlers.get(bill.kind)?.(tx, [{ ...bill, status: 'paid', paidAt }]);
    });
    bill.status = 'paid';
    bill.paidAt = paidAt;
    return { ...bill };
  }
}
