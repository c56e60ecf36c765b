import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminPackDetail = (...a: CallArgs<typeof contract.parcelsAdmin.adminPackDetail>) =>
  call(contract.parcelsAdmin.adminPackDetail, ...a);
