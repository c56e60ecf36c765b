import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../api.ts';
import { pickCoupon } from './attempt.ts';
import { payInfoKey } from './pay-info.ts';

/** Claims an activity coupon offered at payment. */
export const claimCouponToUse = (batchId: number) => api.call(contract.wallet.claimeActivityCoupon, { batch_id: batchId });

/**
 * 'Claim and use' on the pay sheet: claims the coupon and picks it for these bills, so the amount due
 * updates once pay info is read again. A refusal (sold out, already claimed) is shown by the client and
 * the offer is read again too.
 */
export function useClaimCouponToUse(sig: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'claimCoupon' },
    mutationFn: claimCouponToUse,
    onSuccess: (coupon) => pickCoupon(sig, coupon.id),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      return qc.invalidateQueries({ queryKey: payInfoKey(sig) });
    },
  });
}
