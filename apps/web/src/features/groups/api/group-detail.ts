import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

// Silent: the screen itself shows "not in a group" with a way to find a leader, so no Tip on top of it.
export const getGroupDetail = (groupId?: number) =>
  api.call(contract.groups.groupDetail, groupId ? { group_id: groupId } : {}, { loading: false, silent: true });
export const useGroupDetail = (groupId?: number, enabled = true) =>
  useQuery({ queryKey: ['groups', 'detail', groupId ?? 'mine'], queryFn: () => getGroupDetail(groupId), enabled, retry: false });
