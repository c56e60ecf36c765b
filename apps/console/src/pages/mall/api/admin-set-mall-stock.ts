import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSetMallStock = (...a: CallArgs<typeof contract.mallAdmin.adminSetMallStock>) =>
  call(contract.mallAdmin.adminSetMallStock, ...a);
