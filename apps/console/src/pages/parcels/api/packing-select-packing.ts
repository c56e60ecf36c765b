import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const packingSelectPacking = (...a: CallArgs<typeof contract.parcels.packingSelectPacking>) =>
  call(contract.parcels.packingSelectPacking, ...a);
