import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { addressKeys } from '../../../lib/address-list.ts';

export const deleteAddress = (id: number) => api.call(contract.account.deleteUserAddress, { id });
export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSuccess: () => qc.invalidateQueries({ queryKey: addressKeys.list }) });
}
