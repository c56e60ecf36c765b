import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemList = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemList>) =>
  call(contract.parcelsAdmin.adminProblemList, ...a);
