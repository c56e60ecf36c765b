import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAdvanceGroupBatch = (...a: CallArgs<typeof contract.groupsAdmin.adminAdvanceGroupBatch>) =>
  call(contract.groupsAdmin.adminAdvanceGroupBatch, ...a);
