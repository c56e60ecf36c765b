import { useQuery } from '@tanstack/react-query';
import { Code, contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/request.ts';

// Silent: the screen itself shows "not in a group" with a way to find a leader, or the failure state with retry.
export const getGroupDetail = (groupId?: number) =>
  api.call(contract.groups.groupDetail, groupId ? { group_id: groupId } : {}, { loading: false, silent: true });
export const useGroupDetail = (groupId?: number, enabled = true) =>
  useQuery({ queryKey: ['groups', 'detail', groupId ?? 'mine'], queryFn: () => getGroupDetail(groupId), enabled, retry: false });

/**
 * True only when the server answered that the caller has no group (GROUP_NOT_FOUND). A network failure or
 * a 5xx is not that answer: screens show the failure state with retry for it, never "not in a group".
 */
export const isNotInGroup = (error: unknown) => error instanceof ApiError && error.code === Code.GROUP_NOT_FOUND;
