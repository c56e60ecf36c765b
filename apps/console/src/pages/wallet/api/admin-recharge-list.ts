import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRechargeList = (...a: CallArgs<typeof contract.walletAdmin.adminRechargeList>) =>
  call(contract.walletAdmin.adminRechargeList, ...a);
