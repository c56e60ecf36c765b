import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

export const getUnreadCount = () =>
  api.call(contract.platform.notificationUnreadCount, {}, { loading: false, silent: true }).then((r) => r.unread);
/** The badge: refreshed when the screen comes back into view and every minute while it is shown. */
export const useUnreadCount = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.unread, queryFn: getUnreadCount, enabled, refetchInterval: 60_000 });
