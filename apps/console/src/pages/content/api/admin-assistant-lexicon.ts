import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAssistantLexicon = (...a: CallArgs<typeof contract.contentAdmin.adminAssistantLexicon>) =>
  call(contract.contentAdmin.adminAssistantLexicon, ...a);
