import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Supplements a low-value parcel's goods name and value together (EditHZAndHM). */
export const editGoods = (input: { id: number; goods_name: string; goods_value: string }) => api.call(contract.parcels.EditHZAndHM, input);
export function useEditGoods() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'editGoods' },
    mutationFn: editGoods,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
