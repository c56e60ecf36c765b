import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Cancels a packing request, or a packed pack not yet paid (its bill is cancelled with it). */
export const cancelPack = (packId: number) => api.call(contract.parcels.cancelPack, { pack_id: packId });
export function useCancelPack() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'cancelPack' },
    mutationFn: cancelPack,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
