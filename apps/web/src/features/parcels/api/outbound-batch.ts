import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** An outbound batch (container) and the customer's packs in it. */
export const getOutboundBatch = (batchId: number) => api.call(contract.parcels.getPackOrderList, { batch_id: batchId }, { loading: false });
export const useOutboundBatch = (batchId: number) =>
  useQuery({ queryKey: parcelKeys.outbound(batchId), queryFn: () => getOutboundBatch(batchId), enabled: batchId > 0 });
