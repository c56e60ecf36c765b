import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { addressKeys } from '../../../lib/address-list.ts';

export const saveAddress = (input: RequestInputOf<typeof contract.account.editUserAddress>) =>
  api.call(contract.account.editUserAddress, input);
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAddress, onSuccess: () => qc.invalidateQueries({ queryKey: addressKeys.list }) });
}
