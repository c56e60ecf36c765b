import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/**
 * Home alerts in one small call: parcels to supplement (low value) and packs awaiting payment. The key is
 * written out (same as parcelKeys.alerts) so the home path does not load the shared keys module.
 */
export const getAlerts = () => api.call(contract.parcels.waitEditOrder, {}, { loading: false, silent: true });
export const useParcelAlerts = (enabled: boolean) =>
  useQuery({ queryKey: ['parcels', 'alerts'], queryFn: getAlerts, enabled, staleTime: 30_000 });
