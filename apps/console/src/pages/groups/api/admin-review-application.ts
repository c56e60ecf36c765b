import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReviewApplication = (...a: CallArgs<typeof contract.groupsAdmin.adminReviewApplication>) =>
  call(contract.groupsAdmin.adminReviewApplication, ...a);
