import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Home alerts in one small call: parcels to supplement (low value) and packs awaiting payment. */
export const getAlerts = () => api.call(contract.parcels.waitEditOrder, {}, { loading: false, silent: true });
export const useParcelAlerts = (enabled: boolean) => useQuery({ queryKey: parcelKeys.alerts, queryFn: getAlerts, enabled, staleTime: 30_000 });
