import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSlideSave = (...a: CallArgs<typeof contract.contentAdmin.adminSlideSave>) =>
  call(contract.contentAdmin.adminSlideSave, ...a);
