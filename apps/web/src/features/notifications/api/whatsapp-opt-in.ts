import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** Opt in to WhatsApp updates at my verified phone, or out (which turns WhatsApp off for every kind). */
export const whatsappOptIn = (on: boolean) => api.call(contract.platform.whatsappOptIn, { on: on ? 1 : 0 });
export function useWhatsappOptIn() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'whatsappOptIn' },
    mutationFn: whatsappOptIn,
    // The settings are read again through the writes table (lib/writes.ts).
    onSuccess: (state) => qc.setQueryData(notificationKeys.channels, state),
  });
}
