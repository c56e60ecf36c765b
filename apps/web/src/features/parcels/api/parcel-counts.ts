import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** The count of every list category (one row is enough: the counts come with any page). */
export const getParcelCounts = () =>
  api
    .call(contract.parcels.getOrderList, { status: 'pending', page: 1, page_size: 1 }, { loading: false, silent: true })
    .then((r) => r.counts);
export const useParcelCounts = (enabled = true) => useQuery({ queryKey: parcelKeys.counts, queryFn: getParcelCounts, enabled });
