import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const getWxPayResult = (outTradeNo: string) =>
  api.call(contract.mall.getWxPayResult, { out_trade_no: outTradeNo }, { loading: false, silent: true });

/** Whether a WeChat payment arrived: asked every 3 s while it is pending (up to ~3 minutes). */
export const useWxPayResult = (outTradeNo: string) =>
  useQuery({
    queryKey: mallKeys.wxPay(outTradeNo),
    queryFn: () => getWxPayResult(outTradeNo),
    enabled: !!outTradeNo,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 60 ? 3000 : false),
  });
