import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminCouponCodesCreate = (...a: CallArgs<typeof contract.walletAdmin.adminCouponCodesCreate>) =>
  call(contract.walletAdmin.adminCouponCodesCreate, ...a);
