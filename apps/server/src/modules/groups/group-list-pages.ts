import { VersionedCache } from '../../core/versioned-cache.ts';
import { DomainError } from '../../core/errors.ts';
import { findGroupAndListVersion, type GroupVersions } from './group-list-versions.repository.ts';
import type { GroupsCtx } from './groups.shared.ts';

/**
 * Pages of a leader's lists (members, batches, pay on behalf) kept under the group's list version: the app asks
 * the same pages again and again (tabs, pull to refresh, back from a member, scrolling up), and a group of
 * thousands makes each one many statements. Every write to what these lists show moves the version in its own
 * statement (triggers, migration 0032), whichever module or instance made it, so a kept page is served only while
 * nothing it shows has changed. The version is read before the page (see VersionedCache), in the statement that
 * finds the asker's group, so a repeated page costs one statement.
 */
export class GroupListPages {
  private readonly pages: VersionedCache<unknown>;

  constructor(
    private readonly d: GroupsCtx,
    entries: number,
  ) {
    this.pages = new VersionedCache<unknown>(entries);
  }

  /**
   * The page `key` of the group the user leads (NOT_GROUP_LEADER if none): kept, or read by `read` (which checks
   * what else it needs, e.g. that a batch is the group's, before anything is kept under the key).
   */
  async ofLeader<T>(userId: number, key: string, read: (groupId: number, g: GroupVersions) => Promise<T>): Promise<T> {
    const g = await findGroupAndListVersion(this.d.db, userId, 'led');
    if (!g) throw new DomainError('NOT_GROUP_LEADER');
    return this.kept(g, `led|${key}`, read);
  }

  /** As ofLeader, for the group the user leads or is a live member of; `none` when neither. */
  async ofMember<T>(userId: number, key: string, read: (groupId: number, g: GroupVersions) => Promise<T>, none: () => T): Promise<T> {
    const g = await findGroupAndListVersion(this.d.db, userId, 'member');
    if (!g) return none();
    return this.kept(g, `member|${key}`, read);
  }

  private async kept<T>(g: GroupVersions, key: string, read: (groupId: number, g: GroupVersions) => Promise<T>) {
    const k = `${g.groupId}|${key}`;
    const hit = this.pages.get(k, g.version);
    if (hit !== undefined) return hit as T;
    const page = await read(g.groupId, g);
    this.pages.set(k, g.version, page);
    return page;
  }
}
