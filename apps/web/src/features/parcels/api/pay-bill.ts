import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';
import type { BillKind } from './pay-info.ts';

/** Pays one bill from the balance. Silent: the caller turns 'insufficient balance' into a top-up offer. */
export const payBill = (input: { kind: BillKind; ref_id: number; coupon_id?: number; idempotency_key: string }) => api.call(contract.wallet.orderPackPay, input, { silent: true });
export function usePayBill() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: payBill, onSettled: () => qc.invalidateQueries({ queryKey: parcelKeys.all }) });
}
