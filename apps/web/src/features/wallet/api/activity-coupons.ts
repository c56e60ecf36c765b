import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const activityCouponsKey = ['wallet', 'activityCoupons'] as const;
export const getActivityCoupons = () => api.call(contract.wallet.showUnclaimedActivityCouponList, {}, { loading: false });
export const useActivityCoupons = () => useQuery({ queryKey: activityCouponsKey, queryFn: getActivityCoupons });
