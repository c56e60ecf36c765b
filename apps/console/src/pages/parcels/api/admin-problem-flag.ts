import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemFlag = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemFlag>) =>
  call(contract.parcelsAdmin.adminProblemFlag, ...a);
