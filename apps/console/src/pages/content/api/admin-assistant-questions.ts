import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

export const adminAssistantQuestions = (...a: CallArgs<typeof contract.contentAdmin.adminAssistantQuestions>) =>
  call(contract.contentAdmin.adminAssistantQuestions, ...a);
