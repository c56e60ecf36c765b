import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const getGroupDetail = (groupId?: number) =>
  api.call(contract.groups.groupDetail, groupId ? { group_id: groupId } : {}, { loading: false });
export const useGroupDetail = (groupId?: number, enabled = true) =>
  useQuery({ queryKey: ['groups', 'detail', groupId ?? 'mine'], queryFn: () => getGroupDetail(groupId), enabled, retry: false });
