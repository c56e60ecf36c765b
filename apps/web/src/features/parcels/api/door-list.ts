import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getDoorList = () => api.call(contract.parcels.doorServiceList, {}, { loading: false });
export const useDoorList = () => useQuery({ queryKey: parcelKeys.door, queryFn: getDoorList });
