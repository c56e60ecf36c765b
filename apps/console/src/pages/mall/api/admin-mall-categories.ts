import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallCategories = (...a: CallArgs<typeof contract.mallAdmin.adminMallCategories>) =>
  call(contract.mallAdmin.adminMallCategories, ...a);
