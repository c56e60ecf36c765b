import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type MallShippingMode, type Money } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';
import { settleBody, type SettleWhat } from './trade-info.ts';

export interface CreateOrderInput {
  what: SettleWhat;
  mode: MallShippingMode;
  addressId?: number;
  remark: string;
  /** The settlement's total as the server gave it: a different total today is refused (PRICE_CHANGED). */
  expectedTotal: Money;
  idempotencyKey: string;
}

/** Creates the orders (one per source) and their bills; the same key returns the same orders. */
export const createMallOrder = (v: CreateOrderInput) =>
  api.call(contract.mall.createOrder, {
    ...settleBody(v.what),
    shipping_mode: v.mode,
    address_id: v.addressId,
    remark: v.remark,
    expected_total: v.expectedTotal,
    idempotency_key: v.idempotencyKey,
  } as never);
export const useCreateMallOrder = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'createMallOrder' },
    mutationFn: createMallOrder,
    onSuccess: () => {
      // The settled cart lines are gone: asking for that settlement again would only be refused.
      qc.removeQueries({ queryKey: ['mall', 'trade'] });
      void qc.invalidateQueries({ queryKey: mallKeys.cart() });
      void qc.invalidateQueries({ queryKey: mallKeys.cartCount() });
      void qc.invalidateQueries({ queryKey: ['mall', 'records'] });
      void qc.invalidateQueries({ queryKey: mallKeys.recordCounts() });
    },
  });
};
