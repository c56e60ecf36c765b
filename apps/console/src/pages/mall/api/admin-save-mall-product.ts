import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSaveMallProduct = (...a: CallArgs<typeof contract.mallAdmin.adminSaveMallProduct>) =>
  call(contract.mallAdmin.adminSaveMallProduct, ...a);
