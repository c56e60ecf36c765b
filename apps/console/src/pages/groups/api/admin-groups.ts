import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminGroups = (...a: CallArgs<typeof contract.groupsAdmin.adminGroups>) => call(contract.groupsAdmin.adminGroups, ...a);
