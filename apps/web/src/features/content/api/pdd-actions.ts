import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export interface NewPickup {
  tracking_no: string;
  pickup_code: string;
  customer: string;
  remark?: string;
}
export const addPddTrack = (i: NewPickup) => api.call(contract.content.addPddTrack, i);
export const donePddTrack = (id: number) => api.call(contract.content.donePddTrack, { id });
export const addPddTrackWithOutbound = (i: Partial<NewPickup> & { id?: number }) => api.call(contract.content.addPddTrackWithOutbound, i);

/** Every pickup change refreshes the site's lists and the record. */
export function usePddAction<T>(fn: (i: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ meta: { write: 'pdd' }, mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['content', 'pdd'] }) });
}
