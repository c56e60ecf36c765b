import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminArticleList = (...a: CallArgs<typeof contract.contentAdmin.adminArticleList>) =>
  call(contract.contentAdmin.adminArticleList, ...a);
