import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminParcelList = (...a: CallArgs<typeof contract.parcelsAdmin.adminParcelList>) =>
  call(contract.parcelsAdmin.adminParcelList, ...a);
