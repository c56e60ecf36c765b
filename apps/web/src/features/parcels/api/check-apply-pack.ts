import { useQuery } from '@tanstack/react-query';
import { contract, type ShippingMode } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Server-side check of a packing request before booking: default address, first packing date, totals. */
export const checkApplyPack = (ids: number[], mode: ShippingMode) =>
  api.call(contract.parcels.checkApplyPack, { parcel_ids: ids, mode }, { loading: false });
export const useCheckApplyPack = (ids: number[], mode: ShippingMode) =>
  useQuery({
    queryKey: parcelKeys.check(ids.join(','), mode),
    queryFn: () => checkApplyPack(ids, mode),
    enabled: ids.length > 0,
    retry: false,
  });
