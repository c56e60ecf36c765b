import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { VersionedCache } from '../../core/versioned-cache.ts';
import { groupMembers } from './groups.schema.ts';
import type { GroupsCtx } from './groups.shared.ts';

/** A group's members newest first (the member list's order): user id, status, and the text a search looks in. */
interface Roster {
  userIds: number[];
  statuses: string[];
  /** Account, nickname and recipient code in lower case, apart by a separator no one types: a match is inside one. */
  texts: string[];
}

/**
 * Each group's members kept under the group's members version (moved only by writes to the members themselves:
 * joining, leaving, codes, statuses, a member's account or nickname; migration 0033), so a leader's search is a
 * scan of the kept roster instead of a trigram search of every user in the database: a leader types a name a
 * letter at a time, and each new keyword was a new search. The group's packs and batches, which change all day,
 * leave the roster alone.
 */
export class GroupRosters {
  private readonly rosters: VersionedCache<Roster>;
  /** Reads under way, by group and version: a burst of searches right after a change reads the roster once. */
  private readonly reading = new Map<string, Promise<Roster>>();

  constructor(
    private readonly d: GroupsCtx,
    entries: number,
  ) {
    this.rosters = new VersionedCache<Roster>(entries);
  }

  get enabled() {
    return this.rosters.enabled;
  }

  /**
   * The user ids of the group's members in `statuses` whose account, nickname or recipient code contains `keyword`
   * in any case, newest first. `membersVersion` is the one just read with the group (read before the roster).
   */
  async matching(groupId: number, membersVersion: number, keyword: string, statuses: readonly string[]): Promise<number[]> {
    const r = await this.roster(groupId, membersVersion);
    const k = keyword.toLowerCase();
    const wanted = new Set(statuses);
    const ids: number[] = [];
    for (let i = 0; i < r.userIds.length; i++) if (wanted.has(r.statuses[i]) && r.texts[i].includes(k)) ids.push(r.userIds[i]);
    return ids;
  }

  private async roster(groupId: number, version: number): Promise<Roster> {
    const key = String(groupId);
    const kept = this.rosters.get(key, version);
    if (kept) return kept;
    const under = `${groupId}|${version}`;
    let read = this.reading.get(under);
    if (!read) {
      read = this.read(this.d.db, groupId)
        .then((r) => {
          this.rosters.set(key, version, r);
          return r;
        })
        .finally(() => this.reading.delete(under));
      this.reading.set(under, read);
    }
    return read;
  }

  private async read(db: Tx, groupId: number): Promise<Roster> {
    const account = this.d.accounts.accountOf(sql`${groupMembers}.${sql.identifier(groupMembers.userId.name)}`);
    const rows = await db
      .select({ userId: groupMembers.userId, status: groupMembers.status, code: groupMembers.dragonCode, account })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(desc(groupMembers.joinedAt), desc(groupMembers.userId));
    const roster: Roster = { userIds: [], statuses: [], texts: [] };
    for (const r of rows) {
      roster.userIds.push(r.userId);
      roster.statuses.push(r.status);
      roster.texts.push(`${r.account?.account ?? ''}\u001f${r.account?.nickname ?? ''}\u001f${r.code}`.toLowerCase());
    }
    return roster;
  }
}
