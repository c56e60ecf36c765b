import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const claimActivityCoupon = (batchId: number) => api.call(contract.wallet.claimeActivityCoupon, { batch_id: batchId });
export function useClaimActivityCoupon() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'claimCoupon' },
    mutationFn: claimActivityCoupon,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
