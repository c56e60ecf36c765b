import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const setUserDisabled = (...a: CallArgs<typeof contract.admin.setUserDisabled>) => call(contract.admin.setUserDisabled, ...a);
