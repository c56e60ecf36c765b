import { storage } from '../lib/app-storage.ts';
import { StorageKey } from '../lib/storage.ts';
import { parseLaunchParams } from '../lib/launch.ts';
import { isLoggedIn } from '../lib/session.ts';
import { nav } from '../lib/nav.ts';
import type { UserInfo } from '@pinyou/contract';
import { paths } from '../lib/paths.ts';

/**
 * Spec §2/§6: the referrer id is kept only for visitors not logged in. A group link offers joining only to a
 * logged-in user who may apply and is not already in a group; otherwise the group id and name are kept.
 */
export function applyLaunchParams(href: string) {
  const p = parseLaunchParams(href);
  const loggedIn = isLoggedIn();
  if (p.referrerId && !loggedIn) storage.set(StorageKey.REFERRER_ID, p.referrerId);
  if (p.groupId) {
    const user = storage.get<UserInfo>(StorageKey.USERINFO);
    if (loggedIn && user?.can_apply_group && !user.group_id) {
      nav.navigateTo(paths.groupJoin, { group_id: p.groupId, group_name: p.groupName ?? '' });
    } else {
      storage.set(StorageKey.GROUP_ID, p.groupId);
      if (p.groupName) storage.set(StorageKey.GROUP_NAME, p.groupName);
    }
  }
  storage.set(StorageKey.PLATFORM, /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'mobile' : 'pc');
}
