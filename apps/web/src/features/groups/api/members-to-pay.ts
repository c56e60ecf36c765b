import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** A page of the batch's members with the ids of their unpaid bills, and the batch's totals (pay on behalf). */
export const getMembersToPay = (batchId: number, page: number, unpaidOnly: boolean) =>
  api.call(
    contract.groups.getPackGroupUserList,
    { batch_id: batchId, page, page_size: 50, ...(unpaidOnly ? { unpaid_only: true } : {}) },
    { loading: false },
  );
export const useMembersToPay = (batchId: number | null, unpaidOnly: boolean) =>
  useInfiniteQuery({
    // Under ['groups', 'collection']: a confirmed pickup or a payment refreshes it with the collection list.
    queryKey: ['groups', 'collection', batchId, 'to-pay', unpaidOnly],
    queryFn: ({ pageParam }) => getMembersToPay(batchId!, pageParam, unpaidOnly),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: !!batchId,
  });

/**
 * The unpaid bill ids of the batch (or of these members) that one payment takes, and whether more remain:
 * asked when the leader taps pay, so paying all never needs every member's row in the browser.
 */
export const getUnpaidBills = (batchId: number, userIds?: number[]) =>
  api.call(contract.groups.getPackGroupUnpaidBills, { batch_id: batchId, ...(userIds ? { user_ids: userIds } : {}) });
