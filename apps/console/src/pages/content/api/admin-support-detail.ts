import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSupportDetail = (...a: CallArgs<typeof contract.contentAdmin.adminSupportDetail>) =>
  call(contract.contentAdmin.adminSupportDetail, ...a);
