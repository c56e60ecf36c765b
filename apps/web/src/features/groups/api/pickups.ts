import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const getGroupBatches = () => api.call(contract.groups.getGroupPackList, { page: 1, page_size: 50 }, { loading: false });
export const useGroupBatches = () => useQuery({ queryKey: ['groups', 'batches'], queryFn: getGroupBatches });

/** The batch, its totals and the export link: the first row only (the members are paged by useMembersToPay). */
export const getCollection = (batchId: number) =>
  api.call(contract.groups.GetGroupPackOrderUserList, { batch_id: batchId, page: 1, page_size: 1 }, { loading: false });
export const useCollection = (batchId: number | null) =>
  useQuery({ queryKey: ['groups', 'collection', batchId], queryFn: () => getCollection(batchId!), enabled: !!batchId });

export const confirmPickup = (code: string) => api.call(contract.groups.confirmPickup, { pickup_code: code });
export const useConfirmPickup = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'confirmPickup' },
    mutationFn: confirmPickup,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups', 'collection'] }),
  });
};
