import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminGroupRewards = (...a: CallArgs<typeof contract.groupsAdmin.adminGroupRewards>) =>
  call(contract.groupsAdmin.adminGroupRewards, ...a);
