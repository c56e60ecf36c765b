import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminNoticeSave = (...a: CallArgs<typeof contract.contentAdmin.adminNoticeSave>) =>
  call(contract.contentAdmin.adminNoticeSave, ...a);
