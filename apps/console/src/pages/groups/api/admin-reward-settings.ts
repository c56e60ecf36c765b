import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRewardSettings = (...a: CallArgs<typeof contract.groupsAdmin.adminRewardSettings>) =>
  call(contract.groupsAdmin.adminRewardSettings, ...a);
