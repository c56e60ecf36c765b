import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminParcelDetail = (...a: CallArgs<typeof contract.parcelsAdmin.adminParcelDetail>) =>
  call(contract.parcelsAdmin.adminParcelDetail, ...a);
