import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchAddPacks = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchAddPacks>) =>
  call(contract.parcelsAdmin.adminBatchAddPacks, ...a);
