import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReturnReview = (...a: CallArgs<typeof contract.parcelsAdmin.adminReturnReview>) =>
  call(contract.parcelsAdmin.adminReturnReview, ...a);
