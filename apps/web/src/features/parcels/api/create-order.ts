import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

export const createOrder = (input: RequestInputOf<typeof contract.parcels.createOrder>) => api.call(contract.parcels.createOrder, input);
export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createOrder, onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }) });
}
