import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import type { RechargeMethod } from '../types.ts';
import { api } from '../../../lib/api.ts';

export interface CreateRechargeInput {
  /** As typed ("12.30"); the server turns it into minor units. */
  amount: string;
  method: RechargeMethod;
  /** Offline transfer: the voucher image, sent in the same multipart call. */
  voucher?: File;
  remark?: string;
}

export const createRecharge = ({ voucher, ...input }: CreateRechargeInput) =>
  api.call(contract.wallet.createRechargeOrder, { ...input, trade_type: 'h5' }, voucher ? { file: voucher } : {});

export function useCreateRecharge() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'topUp' },
    mutationFn: createRecharge,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
