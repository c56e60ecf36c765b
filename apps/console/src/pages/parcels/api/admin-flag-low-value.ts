import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminFlagLowValue = (...a: CallArgs<typeof contract.parcelsAdmin.adminFlagLowValue>) =>
  call(contract.parcelsAdmin.adminFlagLowValue, ...a);
