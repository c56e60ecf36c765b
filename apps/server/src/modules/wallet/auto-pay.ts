import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountPort } from '../account/index.ts';
import type { SettingsService } from '../system/index.ts';
import type { PaymentService } from './payment.service.ts';
import { toWalletMinor, walletBalance } from './ledger.ts';
import { isExpired, type BillRow } from './bill-row.ts';
import { bills } from './wallet.schema.ts';

/** Auto-pay: bills of customers who turned it on are paid from their balance when issued and after a top-up. */
export class AutoPay {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly payments: PaymentService,
  ) {}

  async afterIssued(billId: number): Promise<void> {
    try {
      const [row] = await this.db.select().from(bills).where(eq(bills.id, billId));
      if (!row || row.status !== 'unpaid' || isExpired(row)) return;
      await this.tryAutoPay(row);
    } catch {
      // Auto-pay is a convenience: a bill it cannot pay stays unpaid for the customer to pay.
    }
  }

  /** Pays the user's unpaid bills, oldest first, while the balance covers them (after a top-up). */
  async autoPayOutstanding(userId: number): Promise<void> {
    try {
      const rows = await this.db
        .select()
        .from(bills)
        .where(and(eq(bills.userId, userId), eq(bills.status, 'unpaid'), or(isNull(bills.payBefore), gt(bills.payBefore, new Date()))))
        .orderBy(asc(bills.id));
      for (const row of rows) await this.tryAutoPay(row);
    } catch {
      // as above
    }
  }

  private async tryAutoPay(row: BillRow) {
    const owner = await accountPort.findUser(this.db, row.userId);
    if (!owner?.isAutoPay) return;
    const rate = (await this.settings.get()).exchange_rate;
    const due = toWalletMinor(row.currency, row.amountMinor, rate);
    if ((await walletBalance(this.db, row.userId)) < due) return;
    try {
      await this.payments.pay(row.userId, { billIds: [row.id], idempotencyKey: `auto-bill-${row.id}`, auto: true });
    } catch {
      // Someone paid it first, or the balance moved: leave it.
    }
  }
}
