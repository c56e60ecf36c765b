import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminContentDelete = (...a: CallArgs<typeof contract.contentAdmin.adminContentDelete>) =>
  call(contract.contentAdmin.adminContentDelete, ...a);
