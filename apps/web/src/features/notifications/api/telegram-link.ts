import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** A one-time t.me deep link: opening it and pressing Start connects my Telegram chat. */
export const telegramLink = () => api.call(contract.platform.telegramLink, {});
export const useTelegramLink = () => useMutation({ meta: { write: 'telegramLink' }, mutationFn: telegramLink });
