import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const setDispatch = (input: RequestInputOf<typeof contract.parcels.setUserDispatchStatus>) =>
  api.call(contract.parcels.setUserDispatchStatus, input);
export function useSetDispatch() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'setDispatch' },
    mutationFn: setDispatch,
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
