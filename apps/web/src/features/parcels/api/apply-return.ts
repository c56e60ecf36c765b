import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const applyReturn = (input: RequestInputOf<typeof contract.parcels.orderApplyReturn>) =>
  api.call(contract.parcels.orderApplyReturn, input);
export function useApplyReturn() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'applyReturn' },
    mutationFn: applyReturn,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
