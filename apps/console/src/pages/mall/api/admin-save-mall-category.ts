import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSaveMallCategory = (...a: CallArgs<typeof contract.mallAdmin.adminSaveMallCategory>) =>
  call(contract.mallAdmin.adminSaveMallCategory, ...a);
