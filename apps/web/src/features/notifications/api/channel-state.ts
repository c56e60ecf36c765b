import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** My WhatsApp opt-in and Telegram link. `poll`: while a Telegram link is pending, ask again every few seconds. */
export const getChannelState = () => api.call(contract.platform.notificationChannelState, {}, { loading: false });
export const useChannelState = (poll = false) =>
  useQuery({ queryKey: notificationKeys.channels, queryFn: getChannelState, refetchInterval: poll ? 3000 : false });
