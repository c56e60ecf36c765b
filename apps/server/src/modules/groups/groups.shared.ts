import { effectiveLeader, money, sgd, type GroupBatchStatus, type Language, type MemberStatus, type Money } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { MembershipPort } from '../account/index.ts';
import type { GroupPack, GroupPackTotals, GroupPacksPort } from '../parcels/index.ts';
import type { BillingPort, RewardLedgerPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort, AuditRecord } from '../audit/index.ts';
import type { GeocodingProvider } from './geocoding.provider.ts';
import * as repo from './groups.repository.ts';
import type { BatchRow, GroupRow, MemberRow } from './groups.repository.ts';

// What the groups module's parts share: constants, its dependencies, and small helpers (not a base class).

export type Page = { page: number; page_size: number };
export type Point = { lat: number; lng: number };
export const LIVE: MemberStatus[] = ['active', 'blacklisted'];
/** Dates generated ahead of today for every patterned group. */
export const DATES_AHEAD = 8;
export const SEARCH_RADII_KM = [3, 8, 20, 60];
export const MM3_PER_CBM = 1_000_000_000;
export const cbm = (mm3: number) => (mm3 / MM3_PER_CBM).toFixed(3);
export const PACK_DATES_JOB = 'groups.pack-dates';

export const batchStatusText: Record<GroupBatchStatus, { en: string; zh_CN: string }> = {
  wait_plan: { en: 'waiting for planning', zh_CN: '待计划' },
  wait_pack: { en: 'waiting to be packed', zh_CN: '待打包' },
  packing: { en: 'packing', zh_CN: '打包中' },
  packed: { en: 'packed', zh_CN: '已打包' },
  outbound: { en: 'outbound', zh_CN: '已出库' },
  cancelled: { en: 'cancelled', zh_CN: '已取消' },
};

export interface GroupsDeps {
  db: Db;
  accounts: MembershipPort;
  packs: GroupPacksPort;
  billing: BillingPort & RewardLedgerPort;
  geocoder: GeocodingProvider;
  notifications: NotificationsPort | null;
  /** Where staff writes record what they changed (the audit log); none in unit tests. */
  audit?: AuditPort | null;
  now?: () => Date;
}

/** GroupsDeps with the clock set: what every part of the module is built with. */
export type GroupsCtx = GroupsDeps & { now: () => Date };

export function isEffective(volumeMm3: number, members: number) {
  return volumeMm3 >= effectiveLeader.minVolumeCbm * MM3_PER_CBM && members > effectiveLeader.minMembersExclusive;
}

/** The group the caller leads, or NOT_GROUP_LEADER: every leader call starts here, so a leader never reaches another group. */
export async function leaderGroup(tx: Tx, userId: number, lock = false) {
  const g = await repo.findGroupOfLeader(tx, userId);
  if (!g) throw new DomainError('NOT_GROUP_LEADER');
  return lock ? (await repo.findGroupById(tx, g.id, true))! : g;
}

/** A batch of the leader's own group, or OBJECT_NOT_FOUND. */
export async function ownBatch(tx: Tx, g: Pick<GroupRow, 'id'>, batchId: number, lock = false) {
  const b = await repo.findBatch(tx, batchId, lock);
  if (!b || b.groupId !== g.id) throw new DomainError('OBJECT_NOT_FOUND');
  return b;
}

/** A staff write's before/after, in its own transaction. */
export async function audit(d: Pick<GroupsDeps, 'audit'>, tx: Tx, entry: AuditRecord) {
  await d.audit?.record(tx, entry);
}

export function stateError(b: BatchRow, lang: Language) {
  return new DomainError('GROUP_BATCH_STATE', { status: batchStatusText[b.status as GroupBatchStatus]?.[lang] ?? b.status });
}

export function groupByUser(packs: GroupPack[]): Map<number, GroupPack[]> {
  const out = new Map<number, GroupPack[]>();
  for (const p of packs) {
    const l = out.get(p.userId);
    if (l) l.push(p);
    else out.set(p.userId, [p]);
  }
  return out;
}

/** The totals of a batch without live packs. */
export const NO_PACKS: GroupPackTotals = { packCount: 0, memberCount: 0, volumeMm3: 0, amountMinor: 0, currencies: [] };

/**
 * The sum of some member orders' amounts, in their currency (GROUP bills are in S$; a group batch's
 * total is S$ even when empty). Orders in two currencies are never added up.
 */
export function totalAmount(t: Pick<GroupPackTotals, 'amountMinor' | 'currencies'>): Money {
  if (t.currencies.length > 1) throw new Error(`group orders in more than one currency: ${t.currencies.join(', ')}`);
  const [currency] = t.currencies;
  return currency ? money(t.amountMinor, currency) : sgd(t.amountMinor);
}

/** totalAmount of orders read whole (the database adds up a batch list's: GroupPacksPort.packTotalsOf). */
export function packsTotal(packs: GroupPack[]): Money {
  return totalAmount({
    amountMinor: packs.reduce((s, p) => s + (p.amountMinor ?? 0), 0),
    currencies: [...new Set(packs.filter((p) => p.amountMinor !== null).map((p) => p.currency))],
  });
}

/** A member as the leader's and the console's lists show them. */
export function memberView(m: MemberRow, user: { account: string; nickname: string } | null, [packs, unpaid]: [number, number]) {
  return {
    user_id: m.userId,
    user_account: user?.account ?? '',
    nickname: user?.nickname ?? '',
    status: m.status as MemberStatus,
    dragon_code: m.dragonCode,
    joined_at: m.joinedAt.toISOString(),
    order_count: packs,
    unpaid_count: unpaid,
  };
}
