import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const saveSettings = (...a: CallArgs<typeof contract.admin.saveSettings>) => call(contract.admin.saveSettings, ...a);
