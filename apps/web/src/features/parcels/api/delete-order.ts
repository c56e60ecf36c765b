import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const deleteOrder = (id: number) => api.call(contract.parcels.deleteOrder, { id });
export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'deleteParcel' },
    mutationFn: deleteOrder,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
