import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

const PAGE_SIZE = 30;
export const getFootprints = (page: number) => api.call(contract.mall.getFootprintList, { page, page_size: PAGE_SIZE }, { loading: false });
/** The caller's footprints (goods viewed), newest first. */
export const useFootprints = () =>
  useInfiniteQuery({
    queryKey: mallKeys.footprints(),
    queryFn: ({ pageParam }) => getFootprints(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
