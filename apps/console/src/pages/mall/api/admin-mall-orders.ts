import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallOrders = (...a: CallArgs<typeof contract.mallAdmin.adminMallOrders>) =>
  call(contract.mallAdmin.adminMallOrders, ...a);
