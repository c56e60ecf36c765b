import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemResolve = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemResolve>) =>
  call(contract.parcelsAdmin.adminProblemResolve, ...a);
