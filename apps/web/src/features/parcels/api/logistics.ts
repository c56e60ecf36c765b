import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export interface LogisticsQuery {
  pack_id?: number;
  parcel_id?: number;
  tracking_no?: string;
}
export const queryLogistics = (q: LogisticsQuery) => api.call(contract.parcels.queryLogistics, q, { loading: false });
export const useLogistics = (q: LogisticsQuery) =>
  useQuery({
    queryKey: parcelKeys.logistics(JSON.stringify(q)),
    queryFn: () => queryLogistics(q),
    enabled: !!(q.pack_id || q.parcel_id || q.tracking_no),
  });
