import { useQuery } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

/** The batch's members with the ids of their unpaid bills, for the leader to pay on their behalf. */
export const getMembersToPay = (batchId: number) =>
  api.call(contract.groups.getPackGroupUserList, { batch_id: batchId }, { loading: false });
export const useMembersToPay = (batchId: number | null) =>
  useQuery({ queryKey: ['groups', 'collection', batchId, 'to-pay'], queryFn: () => getMembersToPay(batchId!), enabled: !!batchId });
