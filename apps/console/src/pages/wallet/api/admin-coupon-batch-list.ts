import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminCouponBatchList = (...a: CallArgs<typeof contract.walletAdmin.adminCouponBatchList>) =>
  call(contract.walletAdmin.adminCouponBatchList, ...a);
