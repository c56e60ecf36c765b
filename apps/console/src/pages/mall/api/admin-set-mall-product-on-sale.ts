import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSetMallProductOnSale = (...a: CallArgs<typeof contract.mallAdmin.adminSetMallProductOnSale>) =>
  call(contract.mallAdmin.adminSetMallProductOnSale, ...a);
