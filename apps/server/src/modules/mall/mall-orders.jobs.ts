import type { JobQueue } from '../../core/jobs.ts';
import type { MallFulfilment } from './mall-fulfilment.ts';

export const MALL_EXPIRE_JOB = 'mall.expireOrders';
export const MALL_FOLLOW_JOB = 'mall.followParcels';
const MALL_SALES_JOB = 'mall.foldSales';

/**
 * The orders' timed work: every minute, unpaid orders past their pay-before time are cancelled (bill
 * cancelled, stock back, customer told); every ten minutes, shipped orders follow their parcel (packed,
 * done with the rebate); every minute, sales a crash left uncounted are counted. All are idempotent: each
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
  // Paid goods are counted right after each payment (MallFulfilment.foldSoon); this catches what a crash lost.
  queue.register(MALL_SALES_JOB, async () => {
    await f.foldSales();
  });
  queue.schedule(MALL_SALES_JOB, '* * * * *');
}
