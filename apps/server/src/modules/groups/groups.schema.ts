import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GroupPackTotals } from '../parcels/parcels.schema.ts';

/** A leader's group: where members collect, and when it packs. One group per leader. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    leaderId: integer('leader_id').notNull(),
    name: text('name').notNull(),
    leaderName: text('leader_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    floor: text('floor').notNull().default(''),
    unit: text('unit').notNull().default(''),
    postcode: text('postcode').notNull(),
    remark: text('remark').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    pattern: text('pattern'),
    weekday: integer('weekday'),
    startDate: text('start_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The nearest-leader search is a bounding box on (lat, lng), so it reads this index, not the table.
  (t) => [uniqueIndex('groups_leader_uq').on(t.leaderId), index('groups_lat_lng_idx').on(t.lat, t.lng)],
);

/** Membership history: one row per (group, user); a user is active in at most one group. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('active'),
    dragonCode: text('dragon_code').notNull().default(''),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // The leader's member list, newest first (this index read backwards): a page comes from here instead of
    // sorting all 10,000 members.
    index('group_members_joined_idx').on(t.groupId, t.joinedAt, t.userId),
    uniqueIndex('group_members_one_live_uq')
      .on(t.userId)
      .where(sql`status in ('active', 'blacklisted')`),
    uniqueIndex('group_members_dragon_uq')
      .on(t.dragonCode)
      .where(sql`dragon_code <> '' and status in ('active', 'blacklisted')`),
    // "Code contains" (ILIKE) from trigrams instead of folding the case of every member's code; fastupdate off as
    // users_search_text_trgm (no pending list for searches to read through).
    index('group_members_dragon_code_trgm').using('gin', t.dragonCode.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

/**
 * How many members each group has in each status, kept by a trigger on `group_members` (migration 0013), so
 * every write (joining, leaving, a leader's blacklist or kick, staff moving a member) moves the count in the
 * same statement. Member lists, batch lists and group pages read these rows instead of counting a group of
 * 10,000 members per request; `group-member-counts.api.test.ts` checks they always equal a fresh count.
 */
export const groupMemberCounts = pgTable(
  'group_member_counts',
  {
    groupId: integer('group_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.status] })],
);

/**
 * A number per group that every write to what the leader's lists show moves (statement triggers, migration
 * 0032): the group, its members and their codes, its batches, their packs and pickups, the group's packs
 * (parcels module), its members' accounts and names, and the stage of its batches' outbound batches. A page
 * of the member, batch or pay-on-behalf list remembered with the number it was read under is still the page
 * while the number has not moved (GroupListPages). No row: nothing written since the migration (0).
 */
export const groupListVersions = pgTable('group_list_versions', {
  groupId: integer('group_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** Moved only by writes to the members themselves (group_members, their account or nickname): the roster's. */
  membersVersion: bigint('members_version', { mode: 'number' }).notNull().default(0),
});

export const leaderApplications = pgTable(
  'leader_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    leaderName: text('leader_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    floor: text('floor').notNull(),
    unit: text('unit').notNull(),
    postcode: text('postcode').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leader_applications_user_idx').on(t.userId),
    uniqueIndex('leader_applications_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/** Packing dates generated ahead from the group's pattern (by setPackDate and the daily job). */
export const groupPackDates = pgTable(
  'group_pack_dates',
  {
    groupId: integer('group_id').notNull(),
    date: text('date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.date] })],
);

/** A group's consolidated batch for one packing date. */
export const groupBatches = pgTable(
  'group_batches',
  {
    id: serial('id').primaryKey(),
    batchNo: text('batch_no').notNull(),
    groupId: integer('group_id').notNull(),
    packDate: text('pack_date').notNull(),
    status: text('status').notNull().default('wait_plan'),
    container: text('container').notNull().default(''),
    unitPriceMinor: integer('unit_price_minor'),
    outboundBatchId: integer('outbound_batch_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the batch's packs added up to when it went out (GroupPacksPort.packTotalsOf, in the same transaction);
     * null before. A shipped batch's packs are paid, weighed and in the warehouse's outbound batch, so no longer
     * change or leave: a batch list reads its shipped batches' totals here instead of adding up their hundreds of
     * packs each, which was most of a leader's batch list.
     */
    shippedTotals: jsonb('shipped_totals').$type<GroupPackTotals>(),
  },
  (t) => [uniqueIndex('group_batches_group_date_uq').on(t.groupId, t.packDate), index('group_batches_status_idx').on(t.status)],
);

/** The packs (parcels module) a group batch carries. */
export const groupBatchPacks = pgTable(
  'group_batch_packs',
  {
    batchId: integer('batch_id').notNull(),
    packId: integer('pack_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.packId] }), uniqueIndex('group_batch_packs_pack_uq').on(t.packId)],
);

/** Each member's collection of a batch at the leader's: pickup code and signature. */
export const groupPickups = pgTable(
  'group_pickups',
  {
    batchId: integer('batch_id').notNull(),
    userId: integer('user_id').notNull(),
    pickupCode: text('pickup_code').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.userId] }), uniqueIndex('group_pickups_code_uq').on(t.pickupCode)],
);

/** Leader rewards per cbm shipped, and their reversals when a shipment is refunded. */
export const groupRewards = pgTable(
  'group_rewards',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    leaderId: integer('leader_id').notNull(),
    batchId: integer('batch_id').notNull(),
    packId: integer('pack_id'),
    kind: text('kind').notNull(),
    volumeMm3: doublePrecision('volume_mm3').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_rewards_leader_idx').on(t.leaderId, t.createdAt),
    uniqueIndex('group_rewards_once_uq').on(t.batchId, t.kind, sql`coalesce(pack_id, 0)`),
  ],
);

/** Leader-desk settings (one row). */
export const groupSettings = pgTable('group_settings', {
  id: integer('id').primaryKey(),
  rewardPerCbmMinor: integer('reward_per_cbm_minor').notNull().default(500),
  /** Server-only key of signed download links (the request-signing secret is known to browsers). */
  linkKey: text('link_key').notNull(),
});
