import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getDispatchInfo = () => api.call(contract.parcels.getDispatchInfo, {}, { loading: false });
export const useDispatchInfo = () => useQuery({ queryKey: parcelKeys.dispatch, queryFn: getDispatchInfo });
