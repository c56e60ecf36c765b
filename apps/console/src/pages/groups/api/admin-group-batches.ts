import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminGroupBatches = (...a: CallArgs<typeof contract.groupsAdmin.adminGroupBatches>) =>
  call(contract.groupsAdmin.adminGroupBatches, ...a);
