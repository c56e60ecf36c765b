import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Claims an unclaimed parcel by typing its whole tracking number; staff confirm afterwards. */
export const claimLargeCargo = (input: { id: number; tracking_no: string }) => api.call(contract.parcels.claimLargeCargo, input);
export function useClaimLargeCargo() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'claimLargeCargo' },
    mutationFn: claimLargeCargo,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
