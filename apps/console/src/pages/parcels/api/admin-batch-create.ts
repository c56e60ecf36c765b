import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchCreate = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchCreate>) =>
  call(contract.parcelsAdmin.adminBatchCreate, ...a);
