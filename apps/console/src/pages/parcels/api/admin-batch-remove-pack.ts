import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminBatchRemovePack = (...a: CallArgs<typeof contract.parcelsAdmin.adminBatchRemovePack>) =>
  call(contract.parcelsAdmin.adminBatchRemovePack, ...a);
