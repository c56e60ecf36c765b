import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../core/jobs.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { Bill } from './billing.port.ts';
import type { AutoPay } from './auto-pay.ts';
import { formatMinor } from './ledger.ts';
import { bills } from './wallet.schema.ts';

const AUTO_PAY_RETRY_MS = 60_000;
const REMIND_BEFORE_MS = 24 * 3_600_000;

const amountText = (b: { currency: string; amountMinor: number }) => `${b.currency === 'RMB' ? '¥' : 'S$'}${formatMinor(b.amountMinor)}`;
const titles = {
  issued: { en: 'A bill is ready to pay', zh_CN: '您有一笔待支付账单' },
  reminder: { en: 'Your bill expires soon', zh_CN: '账单即将过期' },
  expired: { en: 'A bill has expired', zh_CN: '账单已过期' },
};
const sgt = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The wallet's timed work, on the job queue: a second auto-pay try a minute after a bill is issued (the
 * first runs right after the issuing request commits, and a crash or a busy balance could lose it), a
 * "bill due" notice when it is issued, a reminder a day before its pay-before time and an "expired" notice
 * at that time. Expiry itself stays a rule checked on every read and payment (a bill past pay_before is
 * refused), so it is never late even when a job is.
 */
export class WalletJobs {
  private queue: JobQueue | null = null;
  constructor(
    private readonly db: Db,
    private readonly autoPay: AutoPay,
    private readonly notifications: NotificationsPort | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  register(queue: JobQueue) {
    this.queue = queue;
    queue.register<{ billId: number }>('wallet.autoPay', async ({ billId }) => {
      // afterIssued is idempotent (auto-pay uses the key auto-bill-<id>) and skips paid or expired bills.
      await this.autoPay.afterIssued(billId);
    });
    queue.register<{ billId: number }>('wallet.billReminder', ({ billId }) => this.remindOrTellExpired(billId, 'reminder'));
    queue.register<{ billId: number }>('wallet.billExpired', ({ billId }) => this.remindOrTellExpired(billId, 'expired'));
  }

  private async remindOrTellExpired(billId: number, what: 'reminder' | 'expired') {
    const [row] = await this.db.select().from(bills).where(eq(bills.id, billId));
    if (!row || row.status !== 'unpaid' || !row.payBefore) return;
    const past = row.payBefore.getTime() <= this.now().getTime();
    // A reminder after the deadline, or "expired" before it (a changed clock, a retried job), says nothing.
    if (past !== (what === 'expired')) return;
    const b = { currency: row.currency, amountMinor: row.amountMinor, payBefore: row.payBefore };
    await this.db.transaction((tx) => this.notify(tx, row.id, row.userId, what, b));
  }

  /** Called inside the issuing transaction: nothing is queued or told if the bill is rolled back. */
  async billIssued(tx: Tx, bill: Bill): Promise<void> {
    await this.notify(tx, bill.id, bill.userId, 'issued', bill);
    if (!this.queue) return;
    const now = this.now().getTime();
    await this.queue.enqueue(
      tx,
      'wallet.autoPay',
      { billId: bill.id },
      { runAt: new Date(now + AUTO_PAY_RETRY_MS), singletonKey: `autopay:${bill.id}` },
    );
    if (bill.payBefore && bill.payBefore.getTime() - REMIND_BEFORE_MS > now + AUTO_PAY_RETRY_MS) {
      await this.queue.enqueue(
        tx,
        'wallet.billReminder',
        { billId: bill.id },
        {
          runAt: new Date(bill.payBefore.getTime() - REMIND_BEFORE_MS),
          singletonKey: `bill-reminder:${bill.id}`,
        },
      );
    }
    if (bill.payBefore)
      await this.queue.enqueue(
        tx,
        'wallet.billExpired',
        { billId: bill.id },
        { runAt: bill.payBefore, singletonKey: `bill-expired:${bill.id}` },
      );
  }

  private async notify(
    tx: Tx,
    billId: number,
    userId: number,
    what: 'issued' | 'reminder' | 'expired',
    b: { currency: string; amountMinor: number; payBefore?: Date | null },
  ) {
    if (!this.notifications) return;
    const amount = amountText(b);
    const until = b.payBefore ? sgt(b.payBefore) : null;
    await this.notifications.notify(tx, {
      userId,
      kind: 'bill.due',
      title: titles[what],
      body:
        what === 'expired'
          ? {
              en: `The bill of ${amount} was not paid by ${until} (Singapore time) and has expired.`,
              zh_CN: `${amount} 的账单未在新加坡时间 ${until} 前支付，已过期。`,
            }
          : {
              en: `${amount} to pay${until ? ` before ${until} (Singapore time)` : ''}.`,
              zh_CN: `待支付 ${amount}${until ? `，请在新加坡时间 ${until} 前支付` : ''}。`,
            },
      link: 'pages/order/all',
      dedupeKey: `bill.${what}:${billId}`,
    });
  }
}
