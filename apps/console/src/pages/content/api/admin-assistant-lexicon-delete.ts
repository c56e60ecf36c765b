import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAssistantLexiconDelete = (...a: CallArgs<typeof contract.contentAdmin.adminAssistantLexiconDelete>) =>
  call(contract.contentAdmin.adminAssistantLexiconDelete, ...a);
