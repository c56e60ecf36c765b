import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { sessionKeys } from '../../../lib/session.ts';

export const bindContact = ({ target, code }: { target: string; code: string }) =>
  target.includes('@')
    ? api.call(contract.account.bindEmail, { email: target, code })
    : api.call(contract.account.bindPhone, { phone: target, code });
export function useBindContact() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'bindContact' },
    mutationFn: bindContact,
    onSuccess: (info) => qc.setQueryData(sessionKeys.authInfo, info),
  });
}
