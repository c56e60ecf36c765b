import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const chatHistory = () => api.call(contract.content.chatHistory, { limit: 50 }, { loading: false });
export const useChatHistory = () => useQuery({ queryKey: contentKeys.chat, queryFn: chatHistory });
