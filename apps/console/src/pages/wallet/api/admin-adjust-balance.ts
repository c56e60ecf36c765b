import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAdjustBalance = (...a: CallArgs<typeof contract.walletAdmin.adminAdjustBalance>) =>
  call(contract.walletAdmin.adminAdjustBalance, ...a);
