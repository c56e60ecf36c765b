import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminRateCardSave = (...a: CallArgs<typeof contract.parcelsAdmin.adminRateCardSave>) =>
  call(contract.parcelsAdmin.adminRateCardSave, ...a);
