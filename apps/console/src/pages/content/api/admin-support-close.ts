import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSupportClose = (...a: CallArgs<typeof contract.contentAdmin.adminSupportClose>) =>
  call(contract.contentAdmin.adminSupportClose, ...a);
