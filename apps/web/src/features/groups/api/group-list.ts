import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type GroupQuery = { postcode?: string; lat?: number; lng?: number };
export const getGroupList = (q: GroupQuery) => api.call(contract.groups.getGroupList, { ...q, page: 1, page_size: 50 }, { loading: false });
export const useGroupList = (q: GroupQuery) => useQuery({ queryKey: ['groups', 'list', q], queryFn: () => getGroupList(q) });
