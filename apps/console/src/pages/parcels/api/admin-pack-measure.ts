import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminPackMeasure = (...a: CallArgs<typeof contract.parcelsAdmin.adminPackMeasure>) =>
  call(contract.parcelsAdmin.adminPackMeasure, ...a);
