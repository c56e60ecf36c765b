import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const setDefaultAddress = (id: number) => api.call(contract.account.setUserAddressDefault, { id });
export function useSetDefaultAddress() {
  return useMutation({ meta: { write: 'setDefaultAddress' }, mutationFn: setDefaultAddress });
}
