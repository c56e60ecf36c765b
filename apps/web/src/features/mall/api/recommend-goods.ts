import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getRecommendGoods = (page: number, pageSize = 20) =>
  api.call(contract.mall.getRecommendGoods, { page, page_size: pageSize }, { loading: false });

/** Recommended goods (mall home and the home screen), page by page. */
export const useRecommendGoods = (pageSize = 20) =>
  useInfiniteQuery({
    queryKey: [...mallKeys.recommend(), pageSize],
    queryFn: ({ pageParam }) => getRecommendGoods(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
