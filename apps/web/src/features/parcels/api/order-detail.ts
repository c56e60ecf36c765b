import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getOrderDetail = (id: number) => api.call(contract.parcels.getOrderDetail, { id }, { loading: false });
export const useOrderDetail = (id: number) =>
  useQuery({ queryKey: parcelKeys.detail(id), queryFn: () => getOrderDetail(id), enabled: id > 0 });
