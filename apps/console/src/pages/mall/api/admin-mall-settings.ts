import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminMallSettings = (...a: CallArgs<typeof contract.mallAdmin.adminMallSettings>) =>
  call(contract.mallAdmin.adminMallSettings, ...a);
