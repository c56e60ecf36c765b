import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getPackDetail = (packId: number) => api.call(contract.parcels.getUserPackDetail, { pack_id: packId }, { loading: false });
export const usePackDetail = (packId: number) =>
  useQuery({ queryKey: parcelKeys.pack(packId), queryFn: () => getPackDetail(packId), enabled: packId > 0 });
