import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminContentPublish = (...a: CallArgs<typeof contract.contentAdmin.adminContentPublish>) =>
  call(contract.contentAdmin.adminContentPublish, ...a);
