import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRejectRecharge = (...a: CallArgs<typeof contract.walletAdmin.adminRejectRecharge>) =>
  call(contract.walletAdmin.adminRejectRecharge, ...a);
