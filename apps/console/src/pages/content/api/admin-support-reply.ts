import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSupportReply = (...a: CallArgs<typeof contract.contentAdmin.adminSupportReply>) =>
  call(contract.contentAdmin.adminSupportReply, ...a);
