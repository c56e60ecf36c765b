import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** One notification (id) or all of mine. */
export const markRead = (target: { id: number } | { all: true }) =>
  api.call(contract.platform.notificationRead, 'id' in target ? { id: target.id } : { all: 1 }, { loading: false });
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'markRead' },
    mutationFn: markRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
