import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type MallSource } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { cancelCallOf } from '../model.ts';
import { mallKeys } from './keys.ts';

/** Cancels through the call of the order's source (cancelOrder, cancelJdOrder or cancelSelfShopOrder). */
export const cancelMallOrder = (v: { id: number; source: MallSource; reason: string }) =>
  api.call(contract.mall[cancelCallOf(v.source)], { id: v.id, reason: v.reason });
export const useCancelMallOrder = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'cancelMallOrder' },
    mutationFn: cancelMallOrder,
    onSuccess: (order) => {
      qc.setQueryData(mallKeys.record(order.id), order);
      void qc.invalidateQueries({ queryKey: ['mall', 'records'] });
      void qc.invalidateQueries({ queryKey: mallKeys.recordCounts() });
      void qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
};
