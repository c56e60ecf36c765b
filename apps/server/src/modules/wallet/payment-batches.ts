import type { Db, Tx } from '../../db/client.ts';
import { postOneWalletBatch, type AlsoWrite, type PostInput } from './ledger.ts';
import { MicroBatcher, type BatchEntry } from './payment-batcher.ts';
import type { PaymentResult, PayRequest } from './payment-result.ts';
import { claimAndLockBillsOfMany, type PaymentClaim } from './payment.statements.ts';
import type { BillRow } from './bill-row.ts';
import type { Bill } from './billing.port.ts';

/** A payment request as pay() has read it: bill ids sorted and distinct, the request's hash, the day's rate. */
export interface PayJob {
  payerId: number;
  ids: number[];
  req: PayRequest;
  hash: string;
  rate: string;
}

/** The claim of (payer, idempotency key) a payment makes first, alone or in a batch. */
export function claimOf(job: PayJob): PaymentClaim {
  return { payer: job.payerId, key: job.req.idempotencyKey, hash: job.hash, rate: job.rate, auto: job.req.auto ? 1 : 0 };
}

/**
 * A checked payment, ready for its owners' handlers and the ledger: its bills as paid, the ledger's movement with
 * its writes, and the result without the balance.
 */
export interface Paid {
  bills: Bill[];
  input: PostInput;
  also: AlsoWrite;
  base: Omit<PaymentResult, 'balance_after_minor'>;
}

/**
 * What a batch takes from the billing service: a payment alone, a claimed payment checked and made ready, and the
 * owners' handlers for paid bills.
 */
export interface PaymentSteps {
  alone(job: PayJob): Promise<PaymentResult>;
  ready(tx: Tx, job: PayJob, paymentId: number, rows: BillRow[], balance: number, now: Date): Promise<Paid>;
  billsPaid(tx: Tx, bills: Bill[]): Promise<void>;
}

/**
 * Payments of different requests sharing one transaction: one statement claims every key and locks every bill, each
 * payment is checked as when it is alone, the owners' handlers run once for all the batch's bills (each kind's one
 * statement for a batch of packs, not one per payment), and one statement moves all the wallets
 * (ledger.ts, postOneWalletBatch; sent with the COMMIT where the transaction is pipelined). Two writes and one commit
 * for several payments instead of for each; payment-batcher.ts decides which requests go together (one payment per
 * payer, no bill twice).
 *
 * A batch is all or nothing: if any of its payments would be refused (too little money, a bill not payable, a key
 * used before, a lock conflict), nothing it wrote stays, and each of its payments runs again alone, where it gets
 * its own answer exactly as without batches.
 */
export class PaymentBatches {
  /** Payments made in batches of more than one, alone, and alone again after their batch was refused. */
  readonly stats = { together: 0, alone: 0, again: 0 };
  private readonly batcher: MicroBatcher<PayJob, PaymentResult>;

  constructor(
    private readonly db: Db,
    private readonly steps: PaymentSteps,
    opts: { maxSize: number; maxInFlight: number },
  ) {
    this.batcher = new MicroBatcher<PayJob, PaymentResult>({
      ...opts,
      fits: (batch, next) => batch.every((j) => j.payerId !== next.payerId && !j.ids.some((id) => next.ids.includes(id))),
      run: (entries) => this.run(entries),
    });
  }

  submit(job: PayJob): Promise<PaymentResult> {
    return this.batcher.submit(job);
  }

  private async run(entries: BatchEntry<PayJob, PaymentResult>[]) {
    if (entries.length > 1) {
      const results = await this.together(entries.map((e) => e.item)).catch(() => null);
      if (results) {
        this.stats.together += entries.length;
        entries.forEach((e, i) => e.resolve(results[i]));
        return;
      }
      this.stats.again += entries.length;
    } else this.stats.alone++;
    await Promise.all(entries.map((e) => this.steps.alone(e.item).then(e.resolve, e.reject)));
  }

  /** The batch's payments in one transaction, answered in the order given; throws, having written nothing, unless all are paid. */
  private async together(jobs: PayJob[]): Promise<PaymentResult[]> {
    // Wallets are locked in payer order (postOneWalletBatch), so two batches never wait on each other's wallets.
    const order = jobs.map((_, i) => i).sort((a, b) => jobs[a].payerId - jobs[b].payerId);
    const sorted = order.map((i) => jobs[i]);
    const paid = await this.db.transaction(async (tx) => {
      const locked = await claimAndLockBillsOfMany(
        tx,
        sorted.map(claimOf),
        sorted.flatMap((j) => j.ids),
      );
      const now = new Date();
      const ready: Paid[] = [];
      for (const j of sorted) {
        const paymentId = locked.claimed.get(j.payerId);
        const rows = j.ids.flatMap((id) => locked.bills.get(id) ?? []);
        if (paymentId === undefined || rows.length !== j.ids.length) throw new Error('a payment of the batch is not payable as claimed');
        ready.push(await this.steps.ready(tx, j, paymentId, rows, locked.balances.get(j.payerId) ?? 0, now));
      }
      await this.steps.billsPaid(
        tx,
        ready.flatMap((r) => r.bills).sort((a, b) => a.id - b.id),
      );
      const posted = await postOneWalletBatch(
        tx,
        ready.map((r) => ({ input: r.input, also: r.also })),
      );
      return ready.map((r, k): PaymentResult => ({ ...r.base, balance_after_minor: posted[k].balance }));
    });
    const results: PaymentResult[] = [];
    order.forEach((i, k) => (results[i] = paid[k]));
    return results;
  }
}
