import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const getSettings = (...a: CallArgs<typeof contract.admin.getSettings>) => call(contract.admin.getSettings, ...a);
