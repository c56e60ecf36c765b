import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminCouponUsage = (...a: CallArgs<typeof contract.walletAdmin.adminCouponUsage>) =>
  call(contract.walletAdmin.adminCouponUsage, ...a);
