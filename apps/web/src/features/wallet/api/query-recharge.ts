import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const queryRecharge = (orderNo: string) => api.call(contract.wallet.queryRecharge, { order_no: orderNo }, { loading: false });

/**
 * One top-up's state, asked again while it is pending: often for WeChat (it settles within seconds),
 * less often for PayNow and transfers, which wait for a person.
 */
export const useRechargeStatus = (orderNo: string, pollMs = 3000) =>
  useQuery({
    queryKey: ['wallet', 'recharge', orderNo],
    queryFn: () => queryRecharge(orderNo),
    enabled: !!orderNo,
    refetchInterval: (q) => {
      const o = q.state.data?.order;
      if (o?.status !== 'pending') return false;
      return o.method === 'wechat' ? pollMs : Math.max(pollMs, 5000);
    },
  });
