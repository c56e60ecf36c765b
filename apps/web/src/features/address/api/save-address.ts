import { useMutation } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export const saveAddress = (input: RequestInputOf<typeof contract.account.editUserAddress>) =>
  api.call(contract.account.editUserAddress, input);
export function useSaveAddress() {
  return useMutation({ meta: { write: 'saveAddress' }, mutationFn: saveAddress });
}
