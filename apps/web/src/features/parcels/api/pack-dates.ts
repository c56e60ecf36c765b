import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Bookable packing dates (holidays marked) and the appointments already booked. */
export const getPackDates = () => api.call(contract.parcels.getPackDateList, {}, { loading: false });
export const usePackDates = (enabled = true) => useQuery({ queryKey: parcelKeys.packDates, queryFn: getPackDates, enabled });
