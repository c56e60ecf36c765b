import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRateCardDelete = (...a: CallArgs<typeof contract.parcelsAdmin.adminRateCardDelete>) =>
  call(contract.parcelsAdmin.adminRateCardDelete, ...a);
