import { paths } from './paths.ts';

/**
 * Deep-link launch parameters (spec §2, §6): group_id (an id, or "id,name"), group_name, referrer_id.
 * They may sit in the real query string or in the hash route's query.
 */
export interface LaunchParams {
  groupId: number | null;
  groupName: string | null;
  referrerId: number | null;
}

export function parseLaunchParams(href: string): LaunchParams {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  for (const [k, v] of new URLSearchParams(hashQuery)) if (!params.has(k)) params.set(k, v);
  let groupId: number | null = null;
  let groupName = params.get('group_name');
  const rawGroup = params.get('group_id');
  if (rawGroup) {
    const [id, ...rest] = rawGroup.split(',');
    groupId = /^\d+$/.test(id) ? Number(id) : null;
    if (rest.length && !groupName) groupName = rest.join(',');
  }
  const ref = params.get('referrer_id');
  return { groupId, groupName: groupName || null, referrerId: ref && /^\d+$/.test(ref) ? Number(ref) : null };
}

/** A share link: home with referrer_id, plus group_id and group_name for an approved leader (examine_status 1). */
export function buildShareLink(
  origin: string,
  user: { user_id: number; examine_status: number; group_id: number | null; group_name: string },
) {
  const q = new URLSearchParams({ referrer_id: String(user.user_id) });
  if (user.examine_status === 1 && user.group_id) {
    q.set('group_id', String(user.group_id));
    q.set('group_name', user.group_name);
  }
  return `${origin}/#/${paths.home}?${q}`;
}
