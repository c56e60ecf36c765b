import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminSlideList = (...a: CallArgs<typeof contract.contentAdmin.adminSlideList>) =>
  call(contract.contentAdmin.adminSlideList, ...a);
