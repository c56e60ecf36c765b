import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** Starts a WeChat payment of orders: the pay page to open, or the JSAPI parameters inside WeChat. */
export const startWxPay = (v: { orderIds: number[]; idempotencyKey: string }) =>
  api.call(contract.mall.getWxPay, { ids: v.orderIds, idempotency_key: v.idempotencyKey });
export const useStartWxPay = () => useMutation({ mutationFn: startWxPay });
