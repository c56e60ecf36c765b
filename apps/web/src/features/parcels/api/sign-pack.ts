import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Confirms receipt of a delivered pack (siginOut). */
export const signPack = (packId: number) => api.call(contract.parcels.siginOut, { pack_id: packId });
export function useSignPack() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'signPack' },
    mutationFn: signPack,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
