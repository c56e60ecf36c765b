import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSetGroupFlags = (...a: CallArgs<typeof contract.groupsAdmin.adminSetGroupFlags>) =>
  call(contract.groupsAdmin.adminSetGroupFlags, ...a);
