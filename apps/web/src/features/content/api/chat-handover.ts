import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const chatHandover = (reason?: string) => api.call(contract.content.chatHandover, { reason });
export function useChatHandover() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'chat' },
    mutationFn: chatHandover,
    onSuccess: () => qc.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
