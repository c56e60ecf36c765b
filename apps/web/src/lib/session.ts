import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInfo, PublicSettings } from '@pinyou/contract';
import { storage } from './app-storage.ts';
import { StorageKey } from './storage.ts';
import { hasPreviousPage, nav } from './nav.ts';
import { queryClient } from './query-client.ts';
import { paths } from './paths.ts';

/**
 * The API client (request signing, the endpoint catalogue) is not needed to draw the first screen, which
 * starts from the stored session: it loads beside that screen (main.tsx starts it) and every call waits for it.
 */
export const sessionCalls = () => import('./session-calls.ts');

export const sessionKeys = { authInfo: ['authInfo'] as const, settings: ['systemSetting'] as const };

export const getToken = () => storage.get<string>(StorageKey.TOKEN);
export const isLoggedIn = () => !!getToken();

/** User info of the session (authInfo); non-zero codes are silent (spec §7). Kept as USERINFO. */
export function useAuthInfo() {
  return useQuery({
    queryKey: sessionKeys.authInfo,
    enabled: isLoggedIn(),
    initialData: () => storage.get<UserInfo>(StorageKey.USERINFO) ?? undefined,
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const info = await (await sessionCalls()).fetchAuthInfo();
      storage.set(StorageKey.USERINFO, info);
      return info;
    },
  });
}

/** The public settings, drawn from the stored copy until the server's answer (also prefetched at start on home). */
export const systemSettingQuery = () => ({
  queryKey: sessionKeys.settings,
  staleTime: 60_000,
  initialData: () => storage.get<PublicSettings>(StorageKey.SYSTEMSETTING) ?? undefined,
  initialDataUpdatedAt: 0,
  queryFn: async () => {
    const { info } = await (await sessionCalls()).fetchSystemSetting();
    storage.set(StorageKey.SYSTEMSETTING, info);
    return info;
  },
});

export function useSystemSetting() {
  return useQuery(systemSettingQuery());
}

export interface LoginResult {
  token: string;
  new_user: number;
  role: string;
}

/** Stores TOKEN, NEW_USER and ROLE (spec §4), refreshes user info, forgets the referrer. */
export async function storeLogin(res: LoginResult) {
  storage.set(StorageKey.TOKEN, res.token);
  storage.set(StorageKey.NEW_USER, res.new_user);
  storage.set(StorageKey.ROLE, res.role);
  storage.remove(StorageKey.USERINFO);
  queryClient.removeQueries();
  try {
    const info = await (await sessionCalls()).fetchAuthInfo();
    storage.set(StorageKey.USERINFO, info);
    queryClient.setQueryData(sessionKeys.authInfo, info);
  } catch {
    /* user info is fetched again by the screens that need it */
  }
}

/** After a successful login: back to the previous page if there is one, else the home tab (spec §2). */
export function leaveLogin() {
  if (hasPreviousPage()) nav.navigateBack();
  else nav.switchTab(paths.home);
}

export function clearSession() {
  storage.remove(StorageKey.TOKEN);
  storage.remove(StorageKey.USERINFO);
  storage.remove(StorageKey.ROLE);
  storage.remove(StorageKey.NEW_USER);
  queryClient.removeQueries();
}

/** A role is considered set when the stored role is non-empty (spec §4). */
export const hasRole = () => !!storage.get<string>(StorageKey.ROLE);

export function useInvalidateSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sessionKeys.authInfo });
}
