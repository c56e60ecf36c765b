import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { walletPageKey } from './wallet-page.ts';

export const editAutoPay = (on: boolean) => api.call(contract.wallet.editIsAutoPay, { is_auto_pay: on ? 1 : 0 });
export function useEditAutoPay() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'editAutoPay' },
    mutationFn: editAutoPay,
    onSuccess: () => qc.invalidateQueries({ queryKey: walletPageKey }),
  });
}
