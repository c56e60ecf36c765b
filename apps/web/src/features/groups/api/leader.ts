import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';

const G = contract.groups;

export const getMembers = () => api.call(G.getGroupMemberList, { page: 1, page_size: 100 }, { loading: false });
/** Only a leader has members to list; other callers would just be refused. */
export const useMembers = (enabled = true) => useQuery({ queryKey: ['groups', 'members'], queryFn: getMembers, enabled });

export type MemberAction = 'addBlock' | 'deleteBlock' | 'removeGroupByGroup';
export const memberAction = (action: MemberAction, userId: number) => api.call(G[action], { user_id: userId });
export const useMemberAction = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'leaderWrite' },
    mutationFn: (v: { action: MemberAction; userId: number }) => memberAction(v.action, v.userId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }),
  });
};

export type SetPackDateInput = RequestInputOf<typeof G.setPackDate>;
export const setPackDate = (i: SetPackDateInput) => api.call(G.setPackDate, i);
export const useSetPackDate = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'leaderWrite' },
    mutationFn: setPackDate,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }),
  });
};

export const getMemberOrders = (userId: number) => api.call(G.getGroupUserOrderList, { user_id: userId }, { loading: false });
export const useMemberOrders = (userId: number) =>
  useQuery({ queryKey: ['groups', 'member-orders', userId], queryFn: () => getMemberOrders(userId) });

export const getOrderDetail = (packId: number) => api.call(G.GetGroupPackOrderDetail, { pack_id: packId }, { loading: false });
export const useOrderDetail = (packId: number) =>
  useQuery({ queryKey: ['groups', 'order', packId], queryFn: () => getOrderDetail(packId) });

/** Log in as a member (a member session), keeping nothing of the leader's token: going back asks the server. */
export const enterMember = async (userId: number) => {
  const r = await api.call(G.backGroup, { user_id: userId });
  storage.set(StorageKey.TOKEN, r.token);
  return r;
};

export const getReferrals = () => api.call(G.getReferrerList, { page: 1, page_size: 100 }, { loading: false });
export const useReferrals = () => useQuery({ queryKey: ['groups', 'referrals'], queryFn: getReferrals });

export const getMyCollection = (batchId: number) => api.call(G.GetPackUserOrderDetail, { batch_id: batchId }, { loading: false });
export const useMyCollection = (batchId: number) =>
  useQuery({ queryKey: ['groups', 'mine', batchId], queryFn: () => getMyCollection(batchId) });
export const getMyCollections = () => api.call(G.GetPackUserOrderList, { page: 1, page_size: 50 }, { loading: false });
export const useMyCollections = () => useQuery({ queryKey: ['groups', 'mine'], queryFn: getMyCollections });
