import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemReasons = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemReasons>) =>
  call(contract.parcelsAdmin.adminProblemReasons, ...a);
