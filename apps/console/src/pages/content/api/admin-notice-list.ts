import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminNoticeList = (...a: CallArgs<typeof contract.contentAdmin.adminNoticeList>) =>
  call(contract.contentAdmin.adminNoticeList, ...a);
