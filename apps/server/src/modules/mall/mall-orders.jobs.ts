import type { JobQueue } from '../../core/jobs.ts';
import type { MallFulfilment } from './mall-fulfilment.ts';

export const MALL_EXPIRE_JOB = 'mall.expireOrders';
export const MALL_FOLLOW_JOB = 'mall.followParcels';
export const MALL_SALES_JOB = 'mall.foldSales';
/** How long paid goods wait before their product's sales count them. */
const SALES_FOLD_DELAY_MS = 3_000;

/**
 * The orders' timed work: every minute, unpaid orders past their pay-before time are cancelled (bill
 * cancelled, stock back, customer told); every ten minutes, shipped orders follow their parcel (packed,
 * done with the rebate); seconds after payments, their goods' sales are counted. All are idempotent: each
 * order is re-checked under its lock, and a sale is counted by the transaction that deletes it.
 */
export function registerMallOrderJobs(queue: JobQueue, f: MallFulfilment) {
  queue.register(MALL_EXPIRE_JOB, async () => {
    await f.expireDue();
  });
  queue.schedule(MALL_EXPIRE_JOB, '* * * * *');
  queue.register(MALL_FOLLOW_JOB, async () => {
    await f.followParcels(null);
  });
  queue.schedule(MALL_FOLLOW_JOB, '*/10 * * * *');
  registerSalesFold(queue, f);
}

/**
 * Paid goods are counted on their products by a fold a few seconds after the payment: at most one fold is
 * waiting per server, so a run of payments costs one job, and a fold runs after every payment that asked for it
 * (it is queued to run after the payment committed). Each minute's fold catches any a crash lost.
 */
function registerSalesFold(queue: JobQueue, f: MallFulfilment) {
  queue.register(MALL_SALES_JOB, async () => {
    await f.foldSales();
  });
  queue.schedule(MALL_SALES_JOB, '* * * * *');
  let waitingUntil = 0;
  f.salesRecorded = () => {
    const now = Date.now();
    if (now < waitingUntil) return;
    waitingUntil = now + SALES_FOLD_DELAY_MS;
    queue.enqueue(null, MALL_SALES_JOB, {}, { runAt: new Date(waitingUntil) }).catch(() => {
      waitingUntil = 0; // the next payment asks again; the minute's fold counts these meanwhile
    });
  };
}
