import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest } from '../endpoint.ts';
import { normalizeDragonCode, patterns } from '../rules.ts';
import { zBoolish, zId, zPostcode, zRequired, zStr } from '../schemas.ts';
import { zDate } from './parcels.contract.ts';
import { packPatterns } from '../constants.ts';
import { moneySchema } from '../money-schema.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary (spec §4, §9)
// ---------------------------------------------------------------------------------------------

/** Group batch statuses (§4). */
export const groupBatchStatuses = ['wait_plan', 'wait_pack', 'packing', 'packed', 'outbound', 'cancelled'] as const;
export type GroupBatchStatus = (typeof groupBatchStatuses)[number];
export const memberStatuses = ['active', 'blacklisted', 'kicked', 'left'] as const;
export type MemberStatus = (typeof memberStatuses)[number];
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;

// ---------------------------------------------------------------------------------------------
// Field rules (§5)
// ---------------------------------------------------------------------------------------------

/** 'Dragon' (recipient) code: upper-cased on entry, then 1-8 Chinese characters, capital letters or digits. */
export const zDragonCode = z
  .string({ message: 'rule.dragonCode' })
  .trim()
  .transform(normalizeDragonCode)
  .pipe(z.string().regex(patterns.dragonCode, { message: 'rule.dragonCode' }));
export const zLeaderName = z
  .string({ message: 'rule.leaderName' })
  .trim()
  .regex(patterns.leaderName, { message: 'rule.leaderName' })
  .max(30);
export const zPhone8 = z.coerce.string({ message: 'rule.phone8' }).trim().regex(patterns.phone8, { message: 'rule.phone8' });
/** A share link's group id: "12" or "12,Name" (spec §2 deep links). */
export const zGroupRef = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const id = Number(String(v).split(',')[0].trim());
  if (!zId.safeParse(id).success) {
    ctx.addIssue({ code: 'custom', message: 'rule.invalid' });
    return z.NEVER;
  }
  return id;
});
export const zWeekday = z.coerce
  .number({ message: 'rule.weekday' })
  .int()
  .min(1, { message: 'rule.weekday' })
  .max(7, { message: 'rule.weekday' });
export const zPickupCode = z
  .string({ message: 'rule.groupPickupCode' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,12}$/, { message: 'rule.groupPickupCode' });

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const groupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  leader_id: z.number().int(),
  leader_name: z.string(),
  /** The area: the postal district's name. */
  area: z.string(),
  postcode: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  member_count: z.number().int(),
  pattern: z.enum(packPatterns).nullable(),
  weekday: z.number().int().nullable(),
  next_pack_date: z.string().nullable(),
  hidden: z.boolean(),
  paused: z.boolean(),
  /** Kilometres from the point asked about, 2 decimals; null when no point was given. */
  distance_km: z.number().nullable(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  phone: z.string(),
  floor: z.string(),
  unit: z.string(),
  remark: z.string(),
  order_count: z.number().int(),
  /** The group's volume in cbm (3 decimals) over its open and last batch. */
  size_cbm: z.string(),
  effective: z.boolean(),
  pack_dates: z.array(z.string()),
  is_leader: z.boolean(),
  my_status: z.enum(memberStatuses).nullable(),
  my_dragon_code: z.string(),
  /** What to write as the recipient on shopping sites so the warehouse knows the parcel: code + group. */
  recipient_hint: z.string(),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const memberSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  nickname: z.string(),
  status: z.enum(memberStatuses),
  dragon_code: z.string(),
  joined_at: z.string(),
  order_count: z.number().int(),
  unpaid_count: z.number().int(),
});

export const groupBatchSchema = z.object({
  id: z.number().int(),
  batch_no: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  status: z.enum(groupBatchStatuses),
  container: z.string(),
  pack_date: z.string(),
  total_size_cbm: z.string(),
  /** The batch's member orders summed (S$). */
  total_amount: moneySchema,
  /** S$ per cbm set by staff when planning; null until then. */
  unit_price: moneySchema.nullable(),
  member_count: z.number().int(),
  pack_count: z.number().int(),
  outbound_batch_id: z.number().int().nullable(),
  stage: z.string().nullable(),
  arrived_at: z.string().nullable(),
  effective: z.boolean(),
});
export type GroupBatchView = z.infer<typeof groupBatchSchema>;

export const groupPackSchema = z.object({
  pack_id: z.number().int(),
  pack_no: z.string(),
  user_id: z.number().int(),
  user_account: z.string(),
  status: z.string(),
  volume_cbm: z.string(),
  /** The order's bill amount; null until it is measured and priced. */
  amount: moneySchema.nullable(),
  bill_id: z.number().int().nullable(),
  paid: z.boolean(),
  parcel_count: z.number().int(),
  goods_complete: z.boolean(),
  pack_date: z.string().nullable(),
});

export const collectionRowSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  nickname: z.string(),
  dragon_code: z.string(),
  pack_count: z.number().int(),
  parcel_count: z.number().int(),
  volume_cbm: z.string(),
  amount: moneySchema,
  paid: z.boolean(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  /** Only for the member themself (their QR code) and staff; empty for the leader. */
  pickup_code: z.string(),
});

export const applicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_account: z.string(),
  leader_name: z.string(),
  phone: z.string(),
  address: z.string(),
  floor: z.string(),
  unit: z.string(),
  postcode: z.string(),
  remark: z.string(),
  status: z.enum(applicationStatuses),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export const rewardSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  batch_no: z.string(),
  volume_cbm: z.string(),
  amount: moneySchema,
  kind: z.enum(['reward', 'reversal']),
  created_at: z.string(),
});

const point = {
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  postcode: zPostcode.optional(),
};
const sgPoint = {
  lat: z.coerce.number().min(1.15, { message: 'rule.invalid' }).max(1.5, { message: 'rule.invalid' }).optional(),
  lng: z.coerce.number().min(103.55, { message: 'rule.invalid' }).max(104.1, { message: 'rule.invalid' }).optional(),
};
const groupListRequest = z.object({ ...point, keyword: zStr(40).optional(), ...pageRequest });
const tokenAnswer = z.object({ token: z.string(), user_id: z.number().int(), user_account: z.string() });
export const batchRef = z.object({ batch_id: zId });
/** A page of a batch's members (at most 50 a page); unpaid_only: only those with a bill to pay. */
const batchPageRequest = batchRef.extend({
  page: pageRequest.page,
  page_size: z.coerce.number().int().min(1).max(50).default(50),
  unpaid_only: zBoolish.optional(),
});
/** One payment pays at most this many bills (ordersPay). */
export const MAX_PAY_BILLS = 100;
/** A batch's members as a whole, whatever page is shown. */
export const batchMemberTotalsSchema = z.object({
  member_count: z.number().int(),
  unpaid_member_count: z.number().int(),
  /** What the unpaid members' bills add up to. */
  unpaid_amount: moneySchema,
});
const memberRef = z.object({ user_id: zId });

const applyLeaderRequest = z.object({
  leader_name: zLeaderName,
  phone: zPhone8,
  address: zRequired(120),
  floor: zRequired(10),
  unit: zRequired(10),
  postcode: zPostcode,
  remark: zStr(140).default(''),
  // Left out or unticked, the same prompt: read and tick the leader rules.
  rules_accepted: z.preprocess(
    (v) => v ?? false,
    zBoolish.refine((v) => v, { message: 'rule.leaderRules' }),
  ),
});

/** The groups calls (spec §7). Customer calls in `groupsContract`, staff calls in `groupsAdminContract`. */
export const groupsContract = {
  getGroupList: endpoint({
    path: '/api/notify/getGroupList',
    auth: 'optional',
    summary: 'Leaders nearest a point or a postcode (hidden ones only for leaders), with distance, pattern and next date',
    request: groupListRequest,
    response: pageOf(groupSummarySchema).extend({ origin: z.object({ lat: z.number(), lng: z.number() }).nullable() }),
  }),
  getGroupListAll: endpoint({
    path: '/api/notify/getGroupListAll',
    auth: 'optional',
    summary: 'Every visible leader for the map (hidden ones only for leaders)',
    request: z.object(point),
    response: z.object({ list: z.array(groupSummarySchema), origin: z.object({ lat: z.number(), lng: z.number() }).nullable() }),
  }),
  groupList: endpoint({
    path: '/api/applet/groupList',
    auth: 'user',
    summary: 'Leaders to choose from (select-leader), nearest the default address when no point is given',
    request: groupListRequest,
    response: pageOf(groupSummarySchema).extend({ origin: z.object({ lat: z.number(), lng: z.number() }).nullable() }),
  }),
  joinGroup: endpoint({
    path: '/api/applet/joinGroup',
    auth: 'user',
    summary: 'Join a group (group_id may be "id,name" from a share link); code 0 means joined',
    request: z.object({ group_id: zGroupRef, dragon_code: zDragonCode.optional() }),
    response: groupDetailSchema,
  }),
  quitGroup: endpoint({
    path: '/api/h5/quitGroup',
    auth: 'user',
    summary: 'Leave the current group (H5)',
    request: empty,
    response: ok,
  }),
  setDragonCode: endpoint({
    path: '/api/applet/setDragonCode',
    auth: 'user',
    summary: 'Set the recipient ("dragon") code used on shopping sites',
    request: z.object({ dragon_code: zDragonCode }),
    response: groupDetailSchema,
  }),
  groupDetail: endpoint({
    path: '/api/applet/groupDetail',
    auth: 'user',
    summary: "A group's detail; without group_id the caller's own group (or the one they lead)",
    request: z.object({ group_id: zGroupRef.optional() }),
    response: groupDetailSchema,
  }),
  applyGroup: endpoint({
    path: '/api/applet/applyGroup',
    auth: 'user',
    summary: 'Apply to become a leader (§5 rules); staff review it',
    request: applyLeaderRequest,
    response: applicationSchema,
  }),
  myApplication: endpoint({
    path: '/api/applet/myGroupApplication',
    auth: 'user',
    summary: "The caller's latest leader application, if any",
    request: empty,
    response: z.object({ application: applicationSchema.nullable() }),
  }),
  editGroup: endpoint({
    path: '/api/applet/editGroup',
    auth: 'user',
    roles: ['leader'],
    summary: 'The leader edits the group (add-group)',
    /** lat/lng: the exact place picked on choose-location (in Singapore); without both, the postcode's point. */
    request: applyLeaderRequest.omit({ rules_accepted: true }).extend({ name: zStr(40).optional(), ...sgPoint }),
    response: groupDetailSchema,
  }),
  setPackDate: endpoint({
    path: '/api/applet/setPackDate',
    auth: 'user',
    roles: ['leader'],
    summary: 'Set the packing pattern and first date (Asia/Singapore dates, holidays skipped, nothing before the allowed date)',
    request: z
      .object({ pattern: z.enum(packPatterns), weekday: zWeekday.optional(), start_date: zDate })
      .refine((v) => v.pattern === 'once' || v.weekday !== undefined, { message: 'rule.weekday', path: ['weekday'] }),
    response: groupDetailSchema,
  }),
  getGroupMemberList: endpoint({
    path: '/api/applet/getGroupMemberList',
    auth: 'user',
    roles: ['leader'],
    summary: "The leader's active members",
    request: z.object({ keyword: zStr(40).optional(), ...pageRequest }),
    response: pageOf(memberSchema),
  }),
  getGroupMemberListTmp: endpoint({
    path: '/api/applet/getGroupMemberListTmp',
    auth: 'user',
    roles: ['leader'],
    summary: "The leader's blacklisted and removed members",
    request: z.object({ ...pageRequest }),
    response: pageOf(memberSchema),
  }),
  getGroupUserList: endpoint({
    path: '/api/applet/getGroupUserList',
    auth: 'user',
    roles: ['leader'],
    summary: 'Members with orders awaiting payment (for paying on their behalf)',
    request: z.object({ ...pageRequest }),
    response: pageOf(memberSchema),
  }),
  getGroupUserOrderList: endpoint({
    path: '/api/applet/getGroupUserOrderList',
    auth: 'user',
    roles: ['leader'],
    summary: "A member's group orders (member-order)",
    request: memberRef,
    response: z.object({ member: memberSchema, list: z.array(groupPackSchema) }),
  }),
  addBlock: endpoint({
    path: '/api/applet/addBlock',
    auth: 'user',
    roles: ['leader'],
    summary: 'Blacklist a member (they cannot add group orders)',
    request: memberRef,
    response: memberSchema,
  }),
  deleteBlock: endpoint({
    path: '/api/applet/deleteBlock',
    auth: 'user',
    roles: ['leader'],
    summary: 'Take a member off the blacklist',
    request: memberRef,
    response: memberSchema,
  }),
  removeGroupByGroup: endpoint({
    path: '/api/applet/removeGroupByGroup',
    auth: 'user',
    roles: ['leader'],
    summary: 'Kick a member out (they cannot rejoin)',
    request: memberRef,
    response: memberSchema,
  }),
  notifyMember: endpoint({
    path: '/api/applet/notifyMember',
    auth: 'user',
    roles: ['leader'],
    summary: 'Tell members of a batch (or the chosen ones) to pick up at the leader’s',
    request: z.object({ batch_id: zId, user_ids: z.array(zId).max(500).optional() }),
    response: z.object({ notified: z.number().int() }),
  }),
  backGroup: endpoint({
    path: '/api/applet/backGroup',
    auth: 'user',
    roles: ['leader'],
    summary: 'The leader logs in as one of their members (a member session: no paying or changing)',
    request: memberRef,
    response: tokenAnswer,
  }),
  backGroupByH5: endpoint({
    path: '/api/h5/backGroupByH5',
    auth: 'user',
    summary: "From a member session, back to the leader's own account",
    request: empty,
    response: tokenAnswer,
  }),
  getGroupPackList: endpoint({
    path: '/api/applet/getGroupPackList',
    auth: 'user',
    summary: "Group batches: the leader's group's, or a member's own group's",
    request: z.object({ status: z.enum(groupBatchStatuses).optional(), ...pageRequest }),
    response: pageOf(groupBatchSchema),
  }),
  GetGroupPackOrderList: endpoint({
    path: '/api/applet/GetGroupPackOrderList',
    auth: 'user',
    roles: ['leader'],
    summary: "Every member order of one of the leader's batches",
    request: batchRef,
    response: z.object({ batch: groupBatchSchema, list: z.array(groupPackSchema) }),
  }),
  GetGroupPackOrderDetail: endpoint({
    path: '/api/applet/GetGroupPackOrderDetail',
    auth: 'user',
    roles: ['leader'],
    summary: "One member order of the leader's group, with its parcels",
    request: z.object({ pack_id: zId }),
    response: z.object({
      order: groupPackSchema,
      parcels: z.array(z.object({ id: z.number().int(), tracking_no: z.string(), goods_name: z.string(), goods_value: moneySchema })),
    }),
  }),
  GetGroupPackOrderUserList: endpoint({
    path: '/api/applet/GetGroupPackOrderUserList',
    auth: 'user',
    roles: ['leader'],
    summary: 'The collection list of a batch: each member’s parcels, volume, amount, paid and signed',
    request: batchPageRequest,
    response: pageOf(collectionRowSchema).extend({ batch: groupBatchSchema, export_url: z.string(), totals: batchMemberTotalsSchema }),
  }),
  getGroupOrderList: endpoint({
    path: '/api/applet/getGroupOrderList',
    auth: 'user',
    roles: ['leader'],
    summary: "Every order of the leader's group (all batches and not yet batched)",
    request: z.object({ status: zStr(20).optional(), ...pageRequest }),
    response: pageOf(groupPackSchema),
  }),
  getGroupOrderDetail: endpoint({
    path: '/api/applet/getGroupOrderDetail',
    auth: 'user',
    roles: ['leader'],
    summary: "One order of the leader's group",
    request: z.object({ pack_id: zId }),
    response: z.object({ order: groupPackSchema, batch: groupBatchSchema.nullable() }),
  }),
  getPackGroupUserList: endpoint({
    path: '/api/applet/getPackGroupUserList',
    auth: 'user',
    roles: ['leader'],
    summary: 'A page of the members of a batch with their unpaid bills (pay on behalf), and the whole batch’s totals',
    request: batchPageRequest,
    response: pageOf(collectionRowSchema.extend({ bill_ids: z.array(z.number().int()) })).extend({ totals: batchMemberTotalsSchema }),
  }),
  getPackGroupUnpaidBills: endpoint({
    path: '/api/applet/getPackGroupUnpaidBills',
    auth: 'user',
    roles: ['leader'],
    summary: `The unpaid bill ids of a batch (or of some of its members), the first ${MAX_PAY_BILLS}: one payment pays them (ordersPay)`,
    request: z.object({ batch_id: zId, user_ids: z.array(zId).max(100).optional() }),
    response: z.object({
      bill_ids: z.array(z.number().int()),
      /** More unpaid bills than bill_ids holds: pay these, then ask again. */
      more: z.boolean(),
      /** Members and amount these bill_ids cover. */
      member_count: z.number().int(),
      amount: moneySchema,
    }),
  }),
  GetPackUserOrderList: endpoint({
    path: '/api/applet/GetPackUserOrderList',
    auth: 'user',
    summary: "The caller's own orders in group batches, with the pickup code",
    request: z.object({ ...pageRequest }),
    response: pageOf(collectionRowSchema.extend({ batch: groupBatchSchema })),
  }),
  GetPackUserOrderDetail: endpoint({
    path: '/api/applet/GetPackUserOrderDetail',
    auth: 'user',
    summary: "The caller's own collection in one group batch (pickup QR code)",
    request: batchRef,
    response: z.object({ batch: groupBatchSchema, row: collectionRowSchema, orders: z.array(groupPackSchema) }),
  }),
  confirmPickup: endpoint({
    path: '/api/applet/confirmGroupPickup',
    auth: 'user',
    roles: ['leader'],
    summary: "Confirm a member's collection by their pickup code (scanned or typed); twice has no extra effect",
    request: z.object({ pickup_code: zPickupCode }),
    response: collectionRowSchema.extend({ already_signed: z.boolean(), batch_no: z.string() }),
  }),
  signOutAll: endpoint({
    path: '/api/applet/signOutAll',
    auth: 'user',
    roles: ['leader'],
    summary: 'The leader signs for every member of an arrived batch',
    request: batchRef,
    response: z.object({ signed: z.number().int() }),
  }),
  groupReward: endpoint({
    path: '/api/applet/groupReward',
    auth: 'user',
    roles: ['leader'],
    summary: "The leader's rewards per cbm shipped, with history",
    request: z.object({ ...pageRequest }),
    response: pageOf(rewardSchema).extend({ total_amount: moneySchema, rate_per_cbm: moneySchema }),
  }),
  getReferrerList: endpoint({
    path: '/api/applet/getReferrerList',
    auth: 'user',
    summary: 'Users who registered through the caller’s share link',
    request: z.object({ ...pageRequest }),
    response: pageOf(z.object({ user_id: z.number().int(), user_account: z.string(), nickname: z.string(), created_at: z.string() })),
  }),
} as const;
