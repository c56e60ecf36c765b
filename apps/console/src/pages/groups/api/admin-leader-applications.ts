import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminLeaderApplications = (...a: CallArgs<typeof contract.groupsAdmin.adminLeaderApplications>) =>
  call(contract.groupsAdmin.adminLeaderApplications, ...a);
