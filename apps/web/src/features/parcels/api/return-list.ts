import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** The customer's return requests (newest first; there is no single-return call, detail screens pick from here). */
export const getReturnList = () => api.call(contract.parcels.getReturnList, { page: 1, page_size: 100 }, { loading: false });
export const useReturnList = () => useQuery({ queryKey: parcelKeys.returns, queryFn: getReturnList });
