import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

const PAGE_SIZE = 20;
export const getRechargeOrders = (page: number) =>
  api.call(contract.wallet.getRechargeOrderList, { page, page_size: PAGE_SIZE }, { loading: false });

export const useRechargeOrders = () =>
  useInfiniteQuery({
    queryKey: ['wallet', 'recharges'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => getRechargeOrders(pageParam),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
