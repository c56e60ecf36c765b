import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const queryRecharge = (orderNo: string) => api.call(contract.wallet.queryRecharge, { order_no: orderNo }, { loading: false });

/** One top-up's state, asked again every few seconds while it is pending. */
export const useRechargeStatus = (orderNo: string, pollMs = 3000) =>
  useQuery({
    queryKey: ['wallet', 'recharge', orderNo],
    queryFn: () => queryRecharge(orderNo),
    enabled: !!orderNo,
    refetchInterval: (q) => (q.state.data?.order.status === 'pending' ? pollMs : false),
  });
