import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export type BatchRowStatus = 'waiting' | 'completed' | 'failed';
export const getBatchDetail = (id: number, status?: BatchRowStatus) =>
  api.call(contract.parcels.batchGetDetail, { id, status }, { loading: false });
export const useBatchDetail = (id: number, status?: BatchRowStatus) =>
  useQuery({ queryKey: parcelKeys.batch(id, status ?? 'all'), queryFn: () => getBatchDetail(id, status), enabled: id > 0 });
