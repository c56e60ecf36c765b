import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminWaybillLink = (...a: CallArgs<typeof contract.parcelsAdmin.adminWaybillLink>) =>
  call(contract.parcelsAdmin.adminWaybillLink, ...a);
