import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminArticleSave = (...a: CallArgs<typeof contract.contentAdmin.adminArticleSave>) =>
  call(contract.contentAdmin.adminArticleSave, ...a);
