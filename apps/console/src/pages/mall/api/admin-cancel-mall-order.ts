import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminCancelMallOrder = (...a: CallArgs<typeof contract.mallAdmin.adminCancelMallOrder>) =>
  call(contract.mallAdmin.adminCancelMallOrder, ...a);
