import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { Bill, BillKind, IssueBillInput } from './billing.port.ts';
import { rowToBill } from './bill-row.ts';
import { bills } from './wallet.schema.ts';

/** Issuing bills, moving their pay-before time and cancelling them, inside the owning module's transaction. */
export class BillIssuer {
  constructor(
    /** Notices and timed follow-ups of a new bill (wallet.jobs.ts), inside the issuing transaction. */
    private readonly onIssued: ((tx: Tx, bill: Bill) => Promise<void>) | null = null,
  ) {}

  async issueBill(tx: Tx, input: IssueBillInput): Promise<Bill> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new Error('a bill amount must be a positive integer of minor units');
    if (input.lines.length && input.lines.reduce((a, l) => a + l.amountMinor, 0) !== input.amountMinor)
      throw new Error('bill lines must add up to the bill amount');
    const [live] = await tx
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.kind, input.kind), eq(bills.refId, input.refId), inArray(bills.status, ['unpaid', 'paid'])));
    if (live) throw new Error(`a live ${input.kind} bill for ${input.refId} exists (bill ${live.id}); cancel it first`);
    const [row] = await tx
      .insert(bills)
      .values({
        userId: input.userId,
        kind: input.kind,
        refId: input.refId,
        currency: input.currency,
        amountMinor: input.amountMinor,
        lines: input.lines,
        description: input.description,
        payBefore: input.payBefore ?? null,
        groupId: input.groupId ?? null,
        volumeMilli: Math.round((input.volumeCbm ?? 0) * 1000),
      })
      .returning();
    const bill = rowToBill(row);
    await this.onIssued?.(tx, bill);
    return bill;
  }

  async cancelBill(tx: Tx, billId: number): Promise<void> {
    const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.status === 'cancelled') return;
    if (row.status !== 'unpaid') throw new DomainError('BILL_NOT_PAYABLE');
    await tx.update(bills).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bills.id, billId));
  }

  async setPayBefore(tx: Tx, billId: number, payBefore: Date): Promise<void> {
    await tx
      .update(bills)
      .set({ payBefore })
      .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')));
  }

  async findBill(tx: Tx, kind: BillKind, refId: number): Promise<Bill | null> {
    const [row] = await tx
      .select()
      .from(bills)
      .where(and(eq(bills.kind, kind), eq(bills.refId, refId)))
      .orderBy(desc(bills.id))
      .limit(1);
    return row ? rowToBill(row) : null;
  }
}
