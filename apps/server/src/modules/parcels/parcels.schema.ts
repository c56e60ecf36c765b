import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Currency } from '@pinyou/contract';

/**
 * What a set of GROUP packs adds up to (cancelled packs left out), summed by the database; groups keeps a
 * snapshot of it when a batch ships, so it lives beside the tables where both modules can see it.
 */
export interface GroupPackTotals {
  packCount: number;
  memberCount: number;
  volumeMm3: number;
  /** The sum of the amounts packs have; meaningful only when `currencies` holds at most one. */
  amountMinor: number;
  /** The currencies of the packs that have an amount. */
  currencies: Currency[];
}

export interface PieceRow {
  weightG: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}
export interface AddressSnapshot {
  receiver: string;
  phone: string;
  district: string;
  address: string;
  postcode: string;
}
export interface StoredQuoteLine {
  code: string;
  label: { en: string; zh_CN: string };
  detail: { en: string; zh_CN: string };
  amountMinor: number;
}

/**
 * Declared parcels. `status` is the customer's list category (pending, warehouse, unpaid, ship,
 * received, return), kept in step with the pack / return the parcel belongs to, so the list query
 * is one index range: (user_id, status, id desc) over live rows.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    trackingNo: text('tracking_no').notNull(),
    carrier: text('carrier').notNull().default('unknown'),
    goodsName: text('goods_name').notNull().default(''),
    /** RMB fen. */
    goodsValueMinor: bigint('goods_value_minor', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    category: text('category').notNull().default('normal'),
    mode: text('mode').notNull().default('SEA'),
    status: text('status').notNull().default('pending'),
    isLowValue: boolean('is_low_value').notNull().default(false),
    /** RMB fen that staff asked for at least; null = the general ¥1 minimum. */
    minValueMinor: bigint('min_value_minor', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    /** The seller already charged Singapore GST at purchase (declared with its GST number). */
    gstPaidAtPurchase: boolean('gst_paid_at_purchase').notNull().default(false),
    sellerGstNo: text('seller_gst_no').notNull().default(''),
    /** The customs line (one per parcel): English description and category ('' until the customer gives them). */
    customsDescription: text('customs_description').notNull().default(''),
    customsCategory: text('customs_category').notNull().default(''),
    weightG: integer('weight_g'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    shelf: text('shelf').notNull().default(''),
    packId: integer('pack_id'),
    returnId: integer('return_id'),
    importId: integer('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inboundAt: timestamp('inbound_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Storage (issue 37): when the owner was reminded that free storage ends, and told of the disposal date. */
    storageNoticeAt: timestamp('storage_notice_at', { withTimezone: true }),
    disposalNoticeAt: timestamp('disposal_notice_at', { withTimezone: true }),
    /** Staff disposed of the parcel after the disposal date (it is also deleted from the lists then). */
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    disposedBy: integer('disposed_by'),
  },
  (t) => [
    index('parcels_owner_status_idx')
      .on(t.userId, t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('parcels_owner_idx')
      .on(t.userId, t.id)
      .where(sql`${t.deletedAt} is null`),
    // One live declaration per tracking number: a number declared by someone else is refused.
    uniqueIndex('parcels_tracking_uq')
      .on(t.trackingNo)
      .where(sql`${t.deletedAt} is null`),
    index('parcels_pack_idx').on(t.packId),
    index('parcels_low_value_idx')
      .on(t.userId)
      .where(sql`${t.isLowValue} and ${t.deletedAt} is null`),
  ],
);

/**
 * How many live parcels each customer has in each list category, kept by a trigger on `parcels`
 * (migration 0006) so every write path — declaring, scanning, packing, shipping, returns, deleting —
 * moves the count in the same statement. The list reads these few rows instead of counting 1,000 parcels
 * per request; `parcel-counts.api.test.ts` checks they always equal a fresh count.
 */
export const parcelCounts = pgTable(
  'parcel_counts',
  {
    userId: integer('user_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

/**
 * A number per owner that every write to the owner's parcels moves (statement-level triggers beside
 * parcel_counts', migration 0017): a list page remembered with the number it was read under is still the page
 * while the number has not moved (DeclarationsService.list). No row: nothing written since the migration (0).
 */
export const parcelListVersions = pgTable('parcel_list_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const parcelEvents = pgTable(
  'parcel_events',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id').notNull(),
    event: text('event').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parcel_events_parcel_idx').on(t.parcelId, t.id)],
);

export const packs = pgTable(
  'packs',
  {
    id: serial('id').primaryKey(),
    packNo: text('pack_no').notNull(),
    userId: integer('user_id').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('applied'),
    /** Room for group shipping: the group whose leader collects the pack. */
    groupId: integer('group_id'),
    address: jsonb('address').$type<AddressSnapshot | null>(),
    packDate: date('pack_date', { mode: 'string' }),
    isCut: boolean('is_cut').notNull().default(false),
    individualClearance: boolean('individual_clearance').notNull().default(false),
    category: text('category').notNull().default('normal'),
    remark: text('remark').notNull().default(''),
    pieces: jsonb('pieces')
      .$type<PieceRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    weightG: integer('weight_g'),
    /** Cubic millimetres: exact volume of all pieces. */
    volumeMm3: bigint('volume_mm3', { mode: 'number' }),
    declaredValueMinor: bigint('declared_value_minor', { mode: 'number' }).notNull().default(0),
    /** RMB fen of the declared value already charged GST at purchase. */
    gstPaidValueMinor: bigint('gst_paid_value_minor', { mode: 'number' }).notNull().default(0),
    /** RMB per SGD used when the pack was priced, so a later re-pricing converts its goods value alike. */
    exchangeRate: text('exchange_rate'),
    insured: boolean('insured').notNull().default(false),
    /** SGD cents: the most a claim pays (set when the pack is priced). */
    insuranceCoverMinor: bigint('insurance_cover_minor', { mode: 'number' }),
    /** SGD cents: the premium billed when the pack was measured, under the terms of that day. */
    insurancePremiumMinor: bigint('insurance_premium_minor', { mode: 'number' }),
    /** SGD cents of GST refunded by staff (charged twice). */
    gstRefundedMinor: bigint('gst_refunded_minor', { mode: 'number' }),
    /** The GST rate of the day the pack was priced, kept for a re-pricing. */
    gstRatePercent: real('gst_rate_percent'),
    quoteLines: jsonb('quote_lines')
      .$type<StoredQuoteLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rateText: jsonb('rate_text').$type<{ en: string; zh_CN: string } | null>(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('SGD'),
    billId: integer('bill_id'),
    batchId: integer('batch_id'),
    stage: text('stage'),
    dispatchStatus: text('dispatch_status').notNull().default('none'),
    dispatchDate: date('dispatch_date', { mode: 'string' }),
    dispatchSlot: text('dispatch_slot'),
    packedBy: integer('packed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('packs_no_uq').on(t.packNo),
    index('packs_owner_idx').on(t.userId, t.id),
    index('packs_status_idx').on(t.status, t.id),
    index('packs_batch_idx').on(t.batchId),
    // A group's packs newest first (the leader's order list pages backwards along it) and counted from it; the
    // group's member and batch totals filter on it too. Only GROUP packs have a group worth reading by.
    index('packs_group_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.mode} = 'GROUP'`),
  ],
);

/** Outbound batches (containers) of packs; each stage change moves every pack in it. */
export const outboundBatches = pgTable(
  'outbound_batches',
  {
    id: serial('id').primaryKey(),
    batchNo: text('batch_no').notNull(),
    mode: text('mode').notNull(),
    container: text('container').notNull().default(''),
    packDate: date('pack_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    stage: text('stage'),
    /** SGD cents per cbm (sea) or per kg (air), shown in the batch list. */
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }),
    groupId: integer('group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('outbound_batches_no_uq').on(t.batchNo), index('outbound_batches_status_idx').on(t.status, t.id)],
);

export const batchStageEvents = pgTable(
  'batch_stage_events',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull(),
    stage: text('stage').notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('batch_stage_events_batch_idx').on(t.batchId, t.id)],
);

export const rateCards = pgTable(
  'rate_cards',
  {
    id: serial('id').primaryKey(),
    mode: text('mode').notNull(),
    category: text('category').notNull(),
    smallPerStepMinor: integer('small_per_step_minor').notNull().default(0),
    band1PerStepMinor: integer('band1_per_step_minor').notNull().default(0),
    band2PerStepMinor: integer('band2_per_step_minor').notNull().default(0),
    band3PerStepMinor: integer('band3_per_step_minor').notNull().default(0),
    minChargeMinor: integer('min_charge_minor').notNull().default(0),
    firstHalfKgMinor: integer('first_half_kg_minor').notNull().default(0),
    nextHalfKgMinor: integer('next_half_kg_minor').notNull().default(0),
    repackMinor: integer('repack_minor').notNull().default(0),
    individualClearanceMinor: integer('individual_clearance_minor').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [uniqueIndex('rate_cards_mode_category_uq').on(t.mode, t.category)],
);

export const warehouseHolidays = pgTable(
  'warehouse_holidays',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [uniqueIndex('warehouse_holidays_date_uq').on(t.date)],
);

export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    parcelIds: integer('parcel_ids').array().notNull(),
    status: text('status').notNull().default('review'),
    consignee: text('consignee').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    postcode: text('postcode').notNull().default(''),
    /** RMB fen. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    billId: integer('bill_id'),
    rejectReason: text('reject_reason').notNull().default(''),
    courierNo: text('courier_no').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('return_requests_owner_idx').on(t.userId, t.id), index('return_requests_status_idx').on(t.status, t.id)],
);

export const batchImports = pgTable(
  'batch_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('batch_imports_owner_idx').on(t.userId, t.id)],
);

export const batchImportRows = pgTable(
  'batch_import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    status: text('status').notNull().default('waiting'),
    reason: text('reason').notNull().default(''),
    parcelId: integer('parcel_id'),
  },
  (t) => [index('batch_import_rows_import_idx').on(t.importId, t.rowNo)],
);

export const unclaimedParcels = pgTable(
  'unclaimed_parcels',
  {
    id: serial('id').primaryKey(),
    trackingNo: text('tracking_no').notNull(),
    carrier: text('carrier').notNull().default('unknown'),
    weightG: integer('weight_g').notNull(),
    lengthMm: integer('length_mm').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    shelf: text('shelf').notNull().default(''),
    status: text('status').notNull().default('unclaimed'),
    claimantId: integer('claimant_id'),
    parcelId: integer('parcel_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('unclaimed_tracking_uq').on(t.trackingNo), index('unclaimed_status_idx').on(t.status, t.id)],
);

export const doorServices = pgTable(
  'door_services',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    packId: integer('pack_id').notNull(),
    kind: text('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    slot: text('slot').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    status: text('status').notNull().default('booked'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('door_services_owner_idx').on(t.userId, t.id)],
);

export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    packIds: integer('pack_ids').array().notNull(),
    title: text('title').notNull(),
    email: text('email').notNull(),
    remark: text('remark').notNull().default(''),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_requests_owner_idx').on(t.userId, t.id)],
);

/** Insurance claims for the loss of, or damage to, an insured pack; at most one open claim per pack. */
export const packClaims = pgTable(
  'pack_claims',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    status: text('status').notNull().default('submitted'),
    coverMinor: bigint('cover_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('pack_claims_user_idx').on(t.userId, t.id),
    index('pack_claims_status_idx').on(t.status, t.id),
    uniqueIndex('pack_claims_open_uq')
      .on(t.packId)
      .where(sql`${t.status} = 'submitted'`),
  ],
);

/**
 * Problem parcels (异常件): staff flag a scanned-in parcel with a reason (its texts kept as chosen), the
 * customer answers in the thread, staff resolve. At most one unresolved problem per parcel; while it is
 * unresolved the parcel cannot be packed.
 */
export const parcelProblems = pgTable(
  'parcel_problems',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id').notNull(),
    userId: integer('user_id').notNull(),
    reasonCode: text('reason_code').notNull(),
    reasonEn: text('reason_en').notNull(),
    reasonZh: text('reason_zh').notNull(),
    note: text('note').notNull().default(''),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    status: text('status').notNull().default('open'),
    resolution: text('resolution').notNull().default(''),
    flaggedBy: integer('flagged_by'),
    resolvedBy: integer('resolved_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('parcel_problems_parcel_idx').on(t.parcelId, t.id),
    index('parcel_problems_status_idx').on(t.status, t.id),
    uniqueIndex('parcel_problems_unresolved_uq')
      .on(t.parcelId)
      .where(sql`status <> 'resolved'`),
  ],
);

/** The thread of a problem parcel: the customer's answers (with a choice) and staff replies. */
export const parcelProblemMessages = pgTable(
  'parcel_problem_messages',
  {
    id: serial('id').primaryKey(),
    problemId: integer('problem_id').notNull(),
    author: text('author').notNull(),
    staffId: integer('staff_id'),
    choice: text('choice'),
    message: text('message').notNull().default(''),
    files: text('files')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parcel_problem_messages_problem_idx').on(t.problemId, t.id)],
);

/**
 * The China leg (issue 37): what the domestic courier's tracking service pushed about a declared parcel, before
 * our warehouse. Shown to the owner and the warehouse only; the parcel's status moves on our scan-in. The same
 * event pushed twice is one row (parcel, time, text).
 */
export const parcelCourierEvents = pgTable(
  'parcel_courier_events',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id').notNull(),
    provider: text('provider').notNull(),
    /** picked_up | in_transit | out_for_delivery | delivered | exception | other */
    stage: text('stage').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('parcel_courier_events_uq').on(t.parcelId, t.at, t.text), index('parcel_courier_events_stage_idx').on(t.stage, t.at)],
);

/** Which declared parcels are subscribed with the tracking service; failed calls wait `nextTryAt` (back-off). */
export const parcelTrackingSubs = pgTable(
  'parcel_tracking_subs',
  {
    parcelId: integer('parcel_id').primaryKey(),
    provider: text('provider').notNull(),
    /**
     * subscribed | waiting (a failed call, tried again at nextTryAt) | rejected (the service refused the number) |
     * ended (no longer followed: endReason says why; its pushes are ignored)
     */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    /** scanned_in | deleted | quiet (no courier event for TRACKING_QUIET_DAYS) */
    endReason: text('end_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parcel_tracking_subs_due_idx').on(t.status, t.nextTryAt)],
);
