import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminShipMallOrder = (...a: CallArgs<typeof contract.mallAdmin.adminShipMallOrder>) =>
  call(contract.mallAdmin.adminShipMallOrder, ...a);
