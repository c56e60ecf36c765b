import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const userList = (...a: CallArgs<typeof contract.admin.userList>) => call(contract.admin.userList, ...a);
