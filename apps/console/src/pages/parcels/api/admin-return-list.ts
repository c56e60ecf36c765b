import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReturnList = (...a: CallArgs<typeof contract.parcelsAdmin.adminReturnList>) =>
  call(contract.parcelsAdmin.adminReturnList, ...a);
