import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAssistantLexiconAdd = (...a: CallArgs<typeof contract.contentAdmin.adminAssistantLexiconAdd>) =>
  call(contract.contentAdmin.adminAssistantLexiconAdd, ...a);
