import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getBatchList = (page: number) => api.call(contract.parcels.batchGetList, { page, page_size: 20 }, { loading: false });
export const useBatchList = () =>
  useInfiniteQuery({
    queryKey: parcelKeys.batches,
    queryFn: ({ pageParam }) => getBatchList(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
