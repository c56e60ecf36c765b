import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { BillHooks } from './bill-hooks.ts';
import { rowToBill } from './bill-row.ts';
import { postTransaction } from './ledger.ts';
import { bills, payments, userCoupons } from './wallet.schema.ts';

/** Refunds of paid bills to the payer's balance, telling the owning module (and every refund listener). */
export class BillRefunds {
  constructor(private readonly hooks: BillHooks) {}

  async refundBill(tx: Tx, billId: number, reason: string): Promise<void> {
    // Every bill of the payment is locked (id order, as payments lock), so two refunds of one payment's
    // bills see each other and the last one releases the coupon.
    const [peek] = await tx.select({ paymentId: bills.paymentId }).from(bills).where(eq(bills.id, billId));
    if (!peek) throw new DomainError('OBJECT_NOT_FOUND');
    const locked = await tx
      .select()
      .from(bills)
      .where(peek.paymentId ? eq(bills.paymentId, peek.paymentId) : eq(bills.id, billId))
      .orderBy(asc(bills.id))
      .for('update');
    const row = locked.find((b) => b.id === billId);
    if (!row) throw new DomainError('OBJECT_NOT_FOUND');
    if (row.paymentId !== peek.paymentId) return this.refundBill(tx, billId, reason);
    if (row.status !== 'paid' || !row.paymentId || !row.paidByUserId) throw new DomainError('BILL_NOT_REFUNDABLE');
    const gross = row.paidGrossMinor ?? 0;
    const discount = row.paidDiscountMinor ?? 0;
    // The coupon comes back once nothing of its payment stands. It is released before the wallet is
    // touched so locks are always taken bill -> coupon -> wallet, the order payments use.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId));
    if (payment?.couponId) {
      if (!locked.some((b) => b.id !== row.id && b.status === 'paid')) {
        await tx
          .update(userCoupons)
          .set({ status: 'unused', paymentId: null, usedAt: null })
          .where(and(eq(userCoupons.id, payment.couponId), eq(userCoupons.paymentId, payment.id)));
      }
    }
    await postTransaction(tx, {
      type: 'refund',
      userId: row.paidByUserId,
      memo: reason,
      paymentId: row.paymentId,
      postings: [
        { wallet: row.paidByUserId, amountMinor: gross - discount },
        { system: 'expense:coupons', amountMinor: discount },
        { system: 'revenue:bills', amountMinor: -gross },
      ],
    });
    await tx.update(bills).set({ status: 'refunded', refundedAt: new Date(), refundReason: reason }).where(eq(bills.id, billId));
    await this.hooks.billRefunded(tx, rowToBill({ ...row, status: 'refunded' }));
  }
}
