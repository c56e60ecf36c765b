import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminGroupMembers = (...a: CallArgs<typeof contract.groupsAdmin.adminGroupMembers>) =>
  call(contract.groupsAdmin.adminGroupMembers, ...a);
