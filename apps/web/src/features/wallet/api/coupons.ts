import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type CouponStatus = 'unused' | 'used' | 'expired';
export const getCoupons = (status: CouponStatus) =>
  api.call(contract.wallet.getCoupunList, { status, page: 1, page_size: 100 }, { loading: false });
export const useCoupons = (status: CouponStatus) =>
  useQuery({ queryKey: ['wallet', 'coupons', status], queryFn: () => getCoupons(status) });
