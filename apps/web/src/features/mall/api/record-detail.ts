import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getRecordDetail = (id: number) => api.call(contract.mall.getRecordDetail, { id }, { loading: false });
/** One of the caller's mall orders. */
export const useRecordDetail = (id: number) =>
  useQuery({ queryKey: mallKeys.record(id), queryFn: () => getRecordDetail(id), enabled: id > 0 });
