import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const outboxReveal = (...a: CallArgs<typeof contract.admin.outboxReveal>) => call(contract.admin.outboxReveal, ...a);
