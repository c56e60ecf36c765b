import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminPurchaseMallOrder = (...a: CallArgs<typeof contract.mallAdmin.adminPurchaseMallOrder>) =>
  call(contract.mallAdmin.adminPurchaseMallOrder, ...a);
