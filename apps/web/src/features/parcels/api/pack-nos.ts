import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Pack numbers of packed packs (waybills, invoices, door-to-door). */
export const getPackNos = () => api.call(contract.parcels.getUserPackNoList, {}, { loading: false });
export const usePackNos = () => useQuery({ queryKey: parcelKeys.packNos, queryFn: getPackNos });
