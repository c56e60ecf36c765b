import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReconcile = (...a: CallArgs<typeof contract.walletAdmin.adminReconcile>) =>
  call(contract.walletAdmin.adminReconcile, ...a);
