import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReviewMallCancel = (...a: CallArgs<typeof contract.mallAdmin.adminReviewMallCancel>) =>
  call(contract.mallAdmin.adminReviewMallCancel, ...a);
