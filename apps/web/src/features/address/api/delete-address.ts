import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const deleteAddress = (id: number) => api.call(contract.account.deleteUserAddress, { id });
export function useDeleteAddress() {
  return useMutation({ meta: { write: 'deleteAddress' }, mutationFn: deleteAddress });
}
