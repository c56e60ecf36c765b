import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { GroupBatchRate, GroupPickup } from '../parcels/index.ts';
import type { Bill } from '../wallet/index.ts';
import { groupPickup } from './group-pickup.ts';
import * as repo from './groups.repository.ts';
import { findGroupAndListVersion } from './group-list-versions.repository.ts';
import type { GroupsCtx } from './groups.shared.ts';

/**
 * The group facts other modules ask about (parcels, wallet, account through modules/index.ts): which group a
 * user's orders go to, who may pay for whom, a pack's pickup place and batch price, a recipient code's owner.
 */
export class GroupFacts {
  constructor(private readonly d: GroupsCtx) {}

  /** Where a group's packs are collected and when (group-pickup.ts). */
  pickupOf(tx: Tx, groupId: number, packId: number | null): Promise<GroupPickup | null> {
    return groupPickup(tx, groupId, packId, this.d.now());
  }

  /** Issue 9: a member's pack in a batch whose unit price staff set is billed at that price per cbm. */
  async batchRateOfPack(tx: Tx, packId: number): Promise<GroupBatchRate | null> {
    const link = await repo.findBatchOfPack(tx, packId);
    const b = link ? await repo.findBatch(tx, link.batchId) : null;
    if (!b || b.status === 'cancelled' || b.unitPriceMinor === null) return null;
    return { unitPriceMinor: b.unitPriceMinor, batchNo: b.batchNo };
  }

  /** The group a user's GROUP orders belong to; a blacklisted member or a paused group is refused. */
  async groupForOrders(tx: Tx, userId: number): Promise<number | null> {
    const led = await repo.findGroupOfLeader(tx, userId);
    if (led) return led.id;
    const m = await repo.findLiveMembership(tx, userId);
    if (!m) return null;
    if (m.status === 'blacklisted') throw new DomainError('GROUP_BLACKLISTED');
    const g = await repo.findGroupById(tx, m.groupId);
    if (g?.paused) throw new DomainError('GROUP_PAUSED');
    return m.groupId;
  }

  /** The group the user leads, else the one the user is a live member of (one statement, as the lists ask it). */
  async memberGroupOf(tx: Tx, userId: number): Promise<number | null> {
    return (await findGroupAndListVersion(tx, userId, 'member'))?.groupId ?? null;
  }

  /**
   * The wallet's leader policy, for a set of bills at once: the ids of those whose owner is a live member of the
   * group the payer leads as an approved leader (and whose group, when set, is that one). Two statements however
   * many bills: the payer's group with those owners' live memberships in it, then the payer's account.
   */
  async mayPayForAll(tx: Tx, payerId: number, bills: Bill[]): Promise<Set<number>> {
    const allowed = new Set<number>();
    if (!bills.length) return allowed;
    const found = await repo.findLedGroupMembers(tx, payerId, [...new Set(bills.map((b) => b.userId))]);
    if (!found) return allowed;
    const leader = await this.d.accounts.findUser(tx, payerId);
    if (!leader || leader.examineStatus !== 1 || !leader.roles.includes('leader')) return allowed;
    for (const b of bills) {
      if (found.members.has(b.userId) && (b.groupId === null || b.groupId === undefined || b.groupId === found.groupId)) allowed.add(b.id);
    }
    return allowed;
  }

  /** The user ids of the live members (active or blacklisted) of the group `leaderId` leads; [] when none. */
  async membersLedBy(tx: Tx, leaderId: number): Promise<number[]> {
    const g = await repo.findGroupOfLeader(tx, leaderId);
    return g ? (await repo.findMembers(tx, g.id, ['active', 'blacklisted'])).map((m) => m.userId) : [];
  }

  /** The recipient ("dragon") code's owner, for inbound scanning of an unclaimed parcel. */
  async ownerOfDragonCode(tx: Tx, code: string) {
    const m = await repo.findLiveByDragonCode(tx, code.trim().toUpperCase());
    return m ? { userId: m.userId, groupId: m.groupId } : null;
  }

  /**
   * users' info: the group's name. authInfo is the app's most frequent call: `users.group_id` is the
   * account's copy of the membership (kept by this module through the membership port, for leaders too), so
   * a customer in no group costs no query, and one in a group one read by primary key.
   */
  async groupNameOf(_userId: number, groupId: number | null) {
    if (!groupId) return '';
    return (await repo.findGroupById(this.d.db, groupId))?.name ?? '';
  }
}
