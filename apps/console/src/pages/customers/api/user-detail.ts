import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const userDetail = (...a: CallArgs<typeof contract.admin.userDetail>) => call(contract.admin.userDetail, ...a);
