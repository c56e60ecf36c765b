import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSupportInbox = (...a: CallArgs<typeof contract.contentAdmin.adminSupportInbox>) =>
  call(contract.contentAdmin.adminSupportInbox, ...a);
