import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminUnclaimedConfirm = (...a: CallArgs<typeof contract.parcelsAdmin.adminUnclaimedConfirm>) =>
  call(contract.parcelsAdmin.adminUnclaimedConfirm, ...a);
