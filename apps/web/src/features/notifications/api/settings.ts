import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type NotificationSetting } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

export const getNotificationSettings = () => api.call(contract.platform.notificationSettings, {}, { loading: false }).then((r) => r.list);
export const useNotificationSettings = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.settings, queryFn: getNotificationSettings, enabled });

export const saveNotificationSettings = (
  list: Pick<NotificationSetting, 'kind' | 'sms' | 'email' | 'wechat' | 'whatsapp' | 'telegram'>[],
) => api.call(contract.platform.saveNotificationSettings, { list }).then((r) => r.list);
export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'notificationSettings' },
    mutationFn: saveNotificationSettings,
    onSuccess: (list) => qc.setQueryData(notificationKeys.settings, list),
  });
}
