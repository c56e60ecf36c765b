import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export const clearSearchHistory = () => api.call(contract.mall.clearSearchHistory, {});
export const useClearSearchHistory = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'mallSearchHistory' },
    mutationFn: clearSearchHistory,
    onSuccess: () => void qc.invalidateQueries({ queryKey: mallKeys.searchHistory() }),
  });
};
