import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemReasonsSave = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemReasonsSave>) =>
  call(contract.parcelsAdmin.adminProblemReasonsSave, ...a);
