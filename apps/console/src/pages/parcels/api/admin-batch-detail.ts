import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchDetail = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchDetail>) =>
  call(contract.parcelsAdmin.adminBatchDetail, ...a);
