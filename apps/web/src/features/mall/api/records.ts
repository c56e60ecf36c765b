import { useInfiniteQuery } from '@tanstack/react-query';
import { contract, type MallOrderStatus } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

const PAGE_SIZE = 20;
export const getRecords = (status: MallOrderStatus | undefined, page: number) =>
  api.call(contract.mall.getRecords, { status, page, page_size: PAGE_SIZE }, { loading: false });

/** The caller's mall orders of one status (or all), newest first, page by page. */
export const useRecords = (status: MallOrderStatus | undefined) =>
  useInfiniteQuery({
    queryKey: mallKeys.records(status ?? 'all'),
    queryFn: ({ pageParam }) => getRecords(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
