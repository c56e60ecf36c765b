import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const jumpPage = (kind: 'slide' | 'notice', id: number) => api.call(contract.content.jumpPage, { kind, id });
