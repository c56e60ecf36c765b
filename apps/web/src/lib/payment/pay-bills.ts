import { useMutation } from '@tanstack/react-query';
import { contract, type ResponseOf } from '@pinyou/contract';
import { api } from '../api.ts';
import type { PayTarget } from './attempt.ts';

export type PaymentResult = ResponseOf<typeof contract.wallet.ordersPay>;

/**
 * Pays from the balance: one bill with orderPackPay, several with ordersPay. Silent: the pay panel shows
 * the answer itself (insufficient balance becomes a 'top up' dialog rather than a plain tip).
 */
export const payBills = ({ target, couponId, idempotencyKey }: { target: PayTarget; couponId: number | null; idempotencyKey: string }) => {
  const coupon_id = couponId ?? undefined;
  if (target.billIds && target.billIds.length > 1)
    return api.call(contract.wallet.ordersPay, { bill_ids: target.billIds, coupon_id, idempotency_key: idempotencyKey }, { silent: true });
  const ref = target.billIds?.length ? { bill_id: target.billIds[0] } : { kind: target.kind, ref_id: target.refId };
  return api.call(contract.wallet.orderPackPay, { ...ref, coupon_id, idempotency_key: idempotencyKey }, { silent: true });
};
export const usePayBills = () => useMutation({ mutationFn: payBills });
