import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** Disconnect my Telegram chat (turns Telegram off for every kind). */
export const telegramUnlink = () => api.call(contract.platform.telegramUnlink, {});
export function useTelegramUnlink() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'telegramUnlink' },
    mutationFn: telegramUnlink,
    // The settings are read again through the writes table (lib/writes.ts).
    onSuccess: (state) => qc.setQueryData(notificationKeys.channels, state),
  });
}
