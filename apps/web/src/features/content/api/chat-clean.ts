import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const chatHistoryClean = () => api.call(contract.content.chatHistoryClean, {});
export function useChatClean() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'chat' },
    mutationFn: chatHistoryClean,
    onSuccess: () => qc.invalidateQueries({ queryKey: contentKeys.chat }),
  });
}
