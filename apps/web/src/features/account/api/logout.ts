import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { clearSession } from '../../../lib/session.ts';
import { currentDeviceAccount, forgetDeviceAccount } from '../device-accounts.ts';

export async function logout() {
  // A logged-out account's session is no longer held on this device.
  const me = currentDeviceAccount();
  if (me) forgetDeviceAccount(me.user_id);
  try {
    await api.call(contract.account.unbind, {}, { silent: true });
  } finally {
    clearSession();
  }
}
export const useLogout = () => useMutation({ meta: { write: 'logout' }, mutationFn: logout });
