import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { addressKeys } from '../../../lib/address-list.ts';

export const setDefaultAddress = (id: number) => api.call(contract.account.setUserAddressDefault, { id });
export function useSetDefaultAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setDefaultAddress, onSuccess: () => qc.invalidateQueries({ queryKey: addressKeys.list }) });
}
