import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { clearSession } from '../../../lib/session.ts';

export async function logout() {
  try {
    await api.call(contract.account.unbind, {}, { silent: true });
  } finally {
    clearSession();
  }
}
export const useLogout = () => useMutation({ meta: { write: 'logout' }, mutationFn: logout });
