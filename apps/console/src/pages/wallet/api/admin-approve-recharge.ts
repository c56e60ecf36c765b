import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminApproveRecharge = (...a: CallArgs<typeof contract.walletAdmin.adminApproveRecharge>) =>
  call(contract.walletAdmin.adminApproveRecharge, ...a);
