import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const getTransactionDetail = (id: number) => api.call(contract.wallet.getTransactionDetail, { id });
export const useTransactionDetail = (id: number) =>
  useQuery({ queryKey: ['wallet', 'transaction', id], queryFn: () => getTransactionDetail(id), enabled: id > 0 });
