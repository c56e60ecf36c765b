import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

type CreateOrderInput = RequestInputOf<typeof contract.parcels.createOrder>;
export const createOrder = (input: CreateOrderInput, opts: { silent?: boolean } = {}) =>
  api.call(contract.parcels.createOrder, input, opts.silent ? { silent: true, loading: false } : {});
/** `silent`: the caller shows each refusal itself (several declarations at once, e.g. the group add-on). */
export function useCreateOrder(opts: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'declareParcel' },
    mutationFn: (input: CreateOrderInput) => createOrder(input, opts),
    onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }),
  });
}
