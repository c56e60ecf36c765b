import { useInfiniteQuery } from '@tanstack/react-query';
import { contract, type ParcelStatus } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

const PAGE_SIZE = 20;
export const getOrderList = (status: ParcelStatus, keyword: string, page: number) =>
  api.call(contract.parcels.getOrderList, { status, keyword: keyword || undefined, page, page_size: PAGE_SIZE }, { loading: false });

/** One list category, page by page; every page carries the counts of all categories. */
export const useOrderList = (status: ParcelStatus, keyword: string) =>
  useInfiniteQuery({
    queryKey: parcelKeys.list(status, keyword),
    queryFn: ({ pageParam }) => getOrderList(status, keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
