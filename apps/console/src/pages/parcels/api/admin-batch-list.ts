import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchList = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchList>) =>
  call(contract.parcelsAdmin.adminBatchList, ...a);
