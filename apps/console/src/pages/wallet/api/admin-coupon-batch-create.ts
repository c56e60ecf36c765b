import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminCouponBatchCreate = (...a: CallArgs<typeof contract.walletAdmin.adminCouponBatchCreate>) =>
  call(contract.walletAdmin.adminCouponBatchCreate, ...a);
