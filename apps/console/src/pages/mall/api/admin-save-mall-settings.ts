import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSaveMallSettings = (...a: CallArgs<typeof contract.mallAdmin.adminSaveMallSettings>) =>
  call(contract.mallAdmin.adminSaveMallSettings, ...a);
