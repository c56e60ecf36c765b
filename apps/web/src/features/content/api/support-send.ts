import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const supportSend = (body: string) => api.call(contract.content.supportSend, { body });
