import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Cancels a packing appointment (the request) before it is packed. */
export const cancelApplyPack = (packId: number) => api.call(contract.parcels.cancelApplyPack, { pack_id: packId });
export function useCancelApplyPack() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'cancelApplyPack' },
    mutationFn: cancelApplyPack,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
