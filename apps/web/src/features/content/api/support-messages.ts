import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const supportMessages = (afterId: number) => api.call(contract.content.supportMessages, { after_id: afterId }, { loading: false });
