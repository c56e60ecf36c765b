import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminReturnSent = (...a: CallArgs<typeof contract.parcelsAdmin.adminReturnSent>) =>
  call(contract.parcelsAdmin.adminReturnSent, ...a);
