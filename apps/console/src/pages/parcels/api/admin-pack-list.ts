import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminPackList = (...a: CallArgs<typeof contract.parcelsAdmin.adminPackList>) =>
  call(contract.parcelsAdmin.adminPackList, ...a);
