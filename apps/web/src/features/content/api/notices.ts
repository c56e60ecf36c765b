import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const noticeList = () => api.call(contract.content.noticeList, { page: 1, page_size: 5 }, { loading: false, silent: true });
export const noticesQuery = () => ({ queryKey: contentKeys.notices, queryFn: noticeList, staleTime: 60_000 });
export const useNotices = () => useQuery(noticesQuery());
