import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const quitGroup = () => api.call(contract.groups.quitGroup, {});
export const useQuitGroup = () => {
  const qc = useQueryClient();
  return useMutation({ meta: { write: 'quitGroup' }, mutationFn: quitGroup, onSuccess: () => qc.invalidateQueries() });
};
