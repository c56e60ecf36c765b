import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMoveMember = (...a: CallArgs<typeof contract.groupsAdmin.adminMoveMember>) =>
  call(contract.groupsAdmin.adminMoveMember, ...a);
