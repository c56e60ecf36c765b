import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const redeemCouponCode = (code: string) => api.call(contract.wallet.useCoupunCode, { code: code.trim().toUpperCase() });
export function useRedeemCouponCode() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'redeemCode' },
    mutationFn: redeemCouponCode,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallet', 'coupons'] }),
  });
}
