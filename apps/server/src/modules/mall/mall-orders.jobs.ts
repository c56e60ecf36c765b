import type { JobQueue } from '../../core/jobs.ts';
import type { MallFulfilment } from './mall-fulfilment.ts';

export const MALL_EXPIRE_JOB = 'mall.expireOrders';
export const MALL_FOLLOW_JOB = 'mall.followParcels';

/**
 * The orders' timed work: every minute, unpaid orders past their pay-before time are cancelled (bill
 * cancelled, stock back, customer told); every ten minutes, shipped orders follow their parcel (packed,
 * done with the rebate). Both are idempotent: each order is re-checked under its lock.
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
}
