import { fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeNamedText, namedTextOf, runsNamed, type NamedText } from '../../db/prepared.ts';
import { groupListVersions, groupMembers, groups } from './groups.schema.ts';
import { LIVE } from './groups.shared.ts';

/**
 * The asker's group and its list version (findGroupAndListVersion); `userId` is the value, or a placeholder for the
 * text built once on PostgreSQL.
 */
const groupAndListVersion = (as: 'led' | 'member', userId: SQL) => {
  const member =
    as === 'member'
      ? sql`union all select ${groupMembers.groupId}, 1 from ${groupMembers}
          where ${groupMembers.userId} = ${userId} and ${inArray(groupMembers.status, LIVE)}`
      : sql``;
  return sql`select g.group_id, coalesce(v.version, 0) as version, coalesce(v.members_version, 0) as members_version
    from (select ${groups.id} as group_id, 0 as o from ${groups} where ${groups.leaderId} = ${userId} ${member}
      order by o limit 1) g
    left join ${groupListVersions} v on v.group_id = g.group_id`;
};
const groupAndListVersionText: Partial<Record<'led' | 'member', NamedText>> = {};

/** The asker's group with its list version and its members version (the roster's, GroupRosters). */
export interface GroupVersions {
  groupId: number;
  version: number;
  membersVersion: number;
}

/**
 * The group a user leads (`led`) or else is a live member of (`member`), with the group's versions
 * (group_list_versions, moved by triggers; 0 before the first write): one statement, as the lists ask it on every
 * request, built once on PostgreSQL. Null: neither.
 */
export async function findGroupAndListVersion(db: Tx, userId: number, as: 'led' | 'member'): Promise<GroupVersions | null> {
  let res: { rows: { group_id: number; version: string | number; members_version: string | number }[] };
  if (runsNamed(db)) {
    const built = (groupAndListVersionText[as] ??= namedTextOf(db, groupAndListVersion(as, sql`${sql.placeholder('userId')}`)));
    res = await executeNamedText(db, built, fillPlaceholders(built.params, { userId }));
  } else res = (await db.execute(groupAndListVersion(as, sql`${userId}`))) as unknown as typeof res;
  const row = res.rows[0];
  return row ? { groupId: Number(row.group_id), version: Number(row.version), membersVersion: Number(row.members_version) } : null;
}
