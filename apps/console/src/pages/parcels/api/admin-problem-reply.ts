import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemReply = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemReply>) =>
  call(contract.parcelsAdmin.adminProblemReply, ...a);
