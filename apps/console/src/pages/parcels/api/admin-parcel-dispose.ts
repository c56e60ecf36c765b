import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminParcelDispose = (...a: CallArgs<typeof contract.parcelsAdmin.adminParcelDispose>) =>
  call(contract.parcelsAdmin.adminParcelDispose, ...a);
