import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminProblemDetail = (...a: CallArgs<typeof contract.parcelsAdmin.adminProblemDetail>) =>
  call(contract.parcelsAdmin.adminProblemDetail, ...a);
