import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { linkedAccountsKey } from './linked-accounts.ts';

export const addLinkedAccount = (input: { account: string; password: string }) => api.call(contract.account.addMoreAccountByH5, input);
export function useAddLinkedAccount() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'linkAccount' },
    mutationFn: addLinkedAccount,
    onSuccess: (data) => qc.setQueryData(linkedAccountsKey, data),
  });
}
