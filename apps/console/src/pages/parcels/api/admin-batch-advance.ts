import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchAdvance = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchAdvance>) =>
  call(contract.parcelsAdmin.adminBatchAdvance, ...a);
