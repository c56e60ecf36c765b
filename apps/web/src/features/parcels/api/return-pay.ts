import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** Asks the server to settle an approved return's fee (auto-pay first); the answer says whether it is paid. */
export const returnPay = (returnId: number) => api.call(contract.parcels.orderReturnPay, { return_id: returnId });
export function useReturnPay() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'payReturn' },
    mutationFn: returnPay,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
