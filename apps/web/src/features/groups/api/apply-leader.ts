import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type ApplyLeaderInput = RequestInputOf<typeof contract.groups.applyGroup>;
export const applyLeader = (i: ApplyLeaderInput) => api.call(contract.groups.applyGroup, i);
export const useApplyLeader = () => useMutation({ meta: { write: 'applyLeader' }, mutationFn: applyLeader });
