import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const outbox = (...a: CallArgs<typeof contract.admin.outbox>) => call(contract.admin.outbox, ...a);
