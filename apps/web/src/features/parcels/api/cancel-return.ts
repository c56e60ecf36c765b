import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const cancelReturn = (returnId: number) => api.call(contract.parcels.cancelApplyReturn, { return_id: returnId });
export function useCancelReturn() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'cancelReturn' },
    mutationFn: cancelReturn,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
