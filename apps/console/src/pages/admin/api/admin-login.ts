import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminLogin = (...a: CallArgs<typeof contract.admin.adminLogin>) => call(contract.admin.adminLogin, ...a);
