import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const getWarehouseAddress = () => api.call(contract.parcels.warehouseAddress, {}, { loading: false });
export const useWarehouseAddress = () => useQuery({ queryKey: parcelKeys.warehouse, queryFn: getWarehouseAddress, staleTime: 300_000 });
