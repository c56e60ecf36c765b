import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestInputOf } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/app-storage.ts';
import { StorageKey } from '../../../lib/storage.ts';
import { sessionKeys } from '../../../lib/session.ts';

export const updateUserInfo = (input: RequestInputOf<typeof contract.account.updateUserInfo>) =>
  api.call(contract.account.updateUserInfo, input);
export function useUpdateUserInfo() {
  const qc = useQueryClient();
  return useMutation({
    meta: { write: 'updateUser' },
    mutationFn: updateUserInfo,
    onSuccess: (info) => {
      storage.set(StorageKey.USERINFO, info);
      qc.setQueryData(sessionKeys.authInfo, info);
    },
  });
}
