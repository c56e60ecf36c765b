import { useInfiniteQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

export type NotificationOrder = 'newest' | 'unread_first';
const PAGE_SIZE = 20;
export const getNotifications = (page: number, order: NotificationOrder) =>
  api.call(contract.platform.notificationList, { page, page_size: PAGE_SIZE, order }, { loading: false });

export const useNotifications = (order: NotificationOrder) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(order),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => getNotifications(pageParam, order),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
