import { storage } from '../../lib/app-storage.ts';
import { StorageKey } from '../../lib/storage.ts';

/**
 * The accounts this device holds a session of. Linking is one-way on the server (A adds C with C's password;
 * C never sees A), but a person who switched from A to C on this phone still holds A's session here: it is
 * kept, so switching back needs no password on this device, and another device learns nothing from it.
 */
export interface DeviceAccount {
  user_id: number;
  user_account: string;
  nickname: string;
  avatar: string;
  token: string;
  role: string;
  new_user: number;
}

export function deviceAccounts(): DeviceAccount[] {
  const v = storage.get<DeviceAccount[]>(StorageKey.DEVICE_ACCOUNTS);
  return Array.isArray(v) ? v.filter((a) => a && typeof a.token === 'string' && Number.isInteger(a.user_id)) : [];
}

/** Remembers (or refreshes) one account's session on this device. */
export function keepDeviceAccount(a: DeviceAccount) {
  storage.set(StorageKey.DEVICE_ACCOUNTS, [a, ...deviceAccounts().filter((x) => x.user_id !== a.user_id)].slice(0, 10));
}

/** Forgets an account's session here (logged out, removed, or its session ended). */
export function forgetDeviceAccount(userId: number) {
  storage.set(
    StorageKey.DEVICE_ACCOUNTS,
    deviceAccounts().filter((x) => x.user_id !== userId),
  );
}

/** The session in use now, as a device account (from the stored login and user info). */
export function currentDeviceAccount(): DeviceAccount | null {
  const token = storage.get<string>(StorageKey.TOKEN);
  const info = storage.get<{ user_id: number; user_account: string; nickname?: string; avatar?: string }>(StorageKey.USERINFO);
  if (!token || !info?.user_id) return null;
  return {
    user_id: info.user_id,
    user_account: info.user_account,
    nickname: info.nickname ?? '',
    avatar: info.avatar ?? '',
    token,
    role: storage.get<string>(StorageKey.ROLE) ?? '',
    new_user: Number(storage.get<number>(StorageKey.NEW_USER) ?? 0),
  };
}
