import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const joinGroup = (groupId: number, dragonCode?: string) =>
  api.call(contract.groups.joinGroup, { group_id: groupId, ...(dragonCode ? { dragon_code: dragonCode } : {}) });
export const useJoinGroup = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'joinGroup' },
    mutationFn: (v: { groupId: number; dragonCode?: string }) => joinGroup(v.groupId, v.dragonCode),
    onSuccess: () => qc.invalidateQueries(),
  });
};
