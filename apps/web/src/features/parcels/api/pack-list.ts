import { useQuery } from '@tanstack/react-query';
import { contract, type PackStatus } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getPackList = (status?: PackStatus) =>
  api.call(contract.parcels.getUserPackList, { status, page: 1, page_size: 100 }, { loading: false });
export const usePackList = (status?: PackStatus) =>
  useQuery({ queryKey: parcelKeys.packs(status ?? 'all'), queryFn: () => getPackList(status) });
