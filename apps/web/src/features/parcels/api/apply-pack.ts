import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const applyPack = (input: RequestInputOf<typeof contract.parcels.orderApplyPack>) =>
  api.call(contract.parcels.orderApplyPack, input);
export function useApplyPack() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'applyPack' },
    mutationFn: applyPack,
    onSuccess: () => {
      // The pre-check is not under 'parcels' (lib/precheck.ts), so this never asks it again.
      // Not awaited: the caller moves on to the new pack at once, whatever the lists do.
      void qc.invalidateQueries({ queryKey: parcelKeys.all });
    },
  });
}
