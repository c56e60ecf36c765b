import { useMutation } from '@tanstack/react-query';
import { contract } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { storeLogin } from '../../../lib/session.ts';
import { currentDeviceAccount, deviceAccounts, forgetDeviceAccount, keepDeviceAccount } from '../device-accounts.ts';

/**
 * Switches to another account: a linked one through the server, or one whose session this device still holds
 * (the account the customer switched from). Both sessions stay on the device, so the way back is one tap.
 */
export async function switchAccount(userId: number) {
  const from = currentDeviceAccount();
  if (from) keepDeviceAccount(from);
  const held = deviceAccounts().find((a) => a.user_id === userId);
  if (held) {
    await storeLogin({ token: held.token, new_user: held.new_user, role: held.role });
    const now = currentDeviceAccount();
    // The held session ended (logged out elsewhere, expired): go back to where we were and say so.
    if (!now || now.user_id !== userId) {
      forgetDeviceAccount(userId);
      if (from) await storeLogin({ token: from.token, new_user: from.new_user, role: from.role });
      throw new Error('session-ended');
    }
    return { token: held.token, new_user: held.new_user, role: held.role };
  }
  const res = await api.call(contract.account.loginMoreAccountByH5, { user_id: userId });
  await storeLogin(res);
  const now = currentDeviceAccount();
  if (now) keepDeviceAccount(now);
  return res;
}
export const useSwitchAccount = () => useMutation({ meta: { write: 'switchAccount' }, mutationFn: switchAccount });
