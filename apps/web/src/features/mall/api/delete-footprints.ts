import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

/** Removes some footprints, or all of them. */
export const deleteFootprints = (v: { ids: number[] } | { all: true }) => api.call(contract.mall.deleteFootprints, v as never);
export const useDeleteFootprints = () => {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'mallFootprints' },
    mutationFn: deleteFootprints,
    onSuccess: () => void qc.invalidateQueries({ queryKey: mallKeys.footprints() }),
  });
};
