import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminUnclaimedList = (...a: CallArgs<typeof contract.parcelsAdmin.adminUnclaimedList>) =>
  call(contract.parcelsAdmin.adminUnclaimedList, ...a);
