import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallProduct = (...a: CallArgs<typeof contract.mallAdmin.adminMallProduct>) =>
  call(contract.mallAdmin.adminMallProduct, ...a);
