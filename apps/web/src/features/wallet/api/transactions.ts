import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import type { TransactionType } from '../types.ts';
import { api } from '../../../lib/api.ts';

const PAGE_SIZE = 20;
export const getTransactions = (page: number, type?: TransactionType) =>
  api.call(contract.wallet.getTransactionList, { page, page_size: PAGE_SIZE, type }, { loading: false });

export const useTransactions = (type?: TransactionType) =>
  useInfiniteQuery({
    queryKey: ['wallet', 'transactions', type ?? 'all'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => getTransactions(pageParam, type),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
