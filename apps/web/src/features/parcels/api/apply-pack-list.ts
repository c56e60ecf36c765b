import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Parcels in the warehouse that can be packed (any mode). */
export const getApplyPackList = () => api.call(contract.parcels.applyPackList, {}, { loading: false });
export const useApplyPackList = () => useQuery({ queryKey: parcelKeys.packable('all'), queryFn: getApplyPackList });
