import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const packingSelectUser = (...a: CallArgs<typeof contract.parcels.packingSelectUser>) =>
  call(contract.parcels.packingSelectUser, ...a);
