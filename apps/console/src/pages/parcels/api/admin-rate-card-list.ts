import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRateCardList = (...a: CallArgs<typeof contract.parcelsAdmin.adminRateCardList>) =>
  call(contract.parcelsAdmin.adminRateCardList, ...a);
