import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const setIsCut = (input: { pack_ids: number[]; is_cut: boolean }) => api.call(contract.parcels.batchSetIsCut, input);
export function useSetIsCut() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'setIsCut' },
    mutationFn: setIsCut,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
