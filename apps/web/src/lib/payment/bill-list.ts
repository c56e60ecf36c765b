import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../api.ts';

export type BillPage = ResponseOf<typeof contract.wallet.getBillList>;
export type Bill = BillPage['list'][number];
export type BillFilter = 'unpaid' | 'paid' | 'all';

const PAGE_SIZE = 20;
/** Every bill query starts with 'bills': paying anything invalidates them all. */
export const billKeys = {
  all: ['bills'] as const,
  list: (s: BillFilter) => ['bills', 'list', s] as const,
  count: ['bills', 'count'] as const,
};

export const getBillList = (status: BillFilter, page: number, pageSize = PAGE_SIZE) =>
  api.call(contract.wallet.getBillList, { status, page, page_size: pageSize }, { loading: false });

/** My bills page by page: unpaid ones (payable now, due first), paid ones, or all. */
export const useBillList = (status: BillFilter) =>
  useInfiniteQuery({
    queryKey: billKeys.list(status),
    queryFn: ({ pageParam }) => getBillList(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

const getUnpaidHead = () =>
  api.call(contract.wallet.getBillList, { status: 'unpaid', page: 1, page_size: 1 }, { loading: false, silent: true });

/** How many bills are waiting to be paid: the To pay tab badge and the home alert show this one figure. */
export const useUnpaidBillCount = (enabled = true) =>
  useQuery({ queryKey: billKeys.count, queryFn: getUnpaidHead, select: (d) => d.unpaid_count, enabled, staleTime: 30_000 });

/**
 * The same answer read for the home alert: the count and the earliest pay-before time (unpaid bills come
 * due-first, those without a deadline last), so the alert says a deadline only when a bill has one.
 */
export const useUnpaidBillsDue = () =>
  useQuery({
    queryKey: billKeys.count,
    queryFn: getUnpaidHead,
    select: (d) => ({ count: d.unpaid_count, firstDue: d.list[0]?.pay_before ?? null }),
    staleTime: 30_000,
  });
