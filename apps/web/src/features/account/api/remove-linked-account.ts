import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { linkedAccountsKey } from './linked-accounts.ts';

export const removeLinkedAccount = (userId: number) => api.call(contract.account.delMoreAccountByH5, { user_id: userId });
export function useRemoveLinkedAccount() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'unlinkAccount' },
    mutationFn: removeLinkedAccount,
    onSuccess: (data) => qc.setQueryData(linkedAccountsKey, data),
  });
}
