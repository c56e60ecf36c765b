import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSupportAssign = (...a: CallArgs<typeof contract.contentAdmin.adminSupportAssign>) =>
  call(contract.contentAdmin.adminSupportAssign, ...a);
