import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallProducts = (...a: CallArgs<typeof contract.mallAdmin.adminMallProducts>) =>
  call(contract.mallAdmin.adminMallProducts, ...a);
