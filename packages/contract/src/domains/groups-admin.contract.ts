import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zStr } from '../schemas.ts';
import { zAmountMinorUpTo } from './wallet.fields.ts';
import { moneySchema, zPriceMinor } from '../money-schema.ts';
import {
  applicationSchema,
  applicationStatuses,
  batchRef,
  collectionRowSchema,
  groupBatchSchema,
  groupBatchStatuses,
  groupDetailSchema,
  groupPackSchema,
  memberSchema,
  memberStatuses,
  rewardSchema,
} from './groups.contract.ts';

/** The leader desk's calls (staff): applications, groups and members, group batches, rewards. */
const adminGroupSchema = groupDetailSchema.omit({ is_leader: true, my_status: true, my_dragon_code: true, recipient_hint: true });

export const groupsAdminContract = {
  adminLeaderApplications: endpoint({
    path: '/api/admin/groups/applications',
    auth: 'staff',
    read: true,
    roles: ['leader_desk'],
    summary: 'Leader applications',
    request: z.object({ status: z.enum(applicationStatuses).optional(), ...pageRequest }),
    response: pageOf(applicationSchema),
  }),
  adminReviewApplication: endpoint({
    path: '/api/admin/groups/applications/review',
    auth: 'staff',
    roles: ['leader_desk'],
    summary: 'Approve (examine_status 1, role leader, a group) or reject with a reason',
    request: z
      .object({ id: zId, approve: zBoolish, reason: zStr(200).default('') })
      .refine((v) => v.approve || v.reason.length > 0, { message: 'rule.required', path: ['reason'] }),
    response: applicationSchema,
  }),
  adminGroups: endpoint({
    path: '/api/admin/groups/list',
    auth: 'staff',
    read: true,
    roles: ['leader_desk'],
    summary: 'Groups with member counts, volume and the effective flag',
    request: z.object({ keyword: zStr(40).optional(), ...pageRequest }),
    response: pageOf(adminGroupSchema),
  }),
  adminGroupMembers: endpoint({
    path: '/api/admin/groups/members',
    auth: 'staff',
    read: true,
    roles: ['leader_desk'],
    summary:
      "A group's members, newest first: one page, optionally one status or those whose account, nickname or recipient code contains a keyword",
    request: z.object({ group_id: zId, keyword: zStr(40).optional(), status: z.enum(memberStatuses).optional(), ...pageRequest }),
    response: pageOf(memberSchema),
  }),
  adminSetGroupFlags: endpoint({
    path: '/api/admin/groups/flags',
    auth: 'staff',
    roles: ['leader_desk'],
    summary: 'Hide or pause a group',
    request: z.object({ group_id: zId, hidden: zBoolish.optional(), paused: zBoolish.optional() }),
    response: adminGroupSchema,
  }),
  adminMoveMember: endpoint({
    path: '/api/admin/groups/move-member',
    auth: 'staff',
    roles: ['leader_desk'],
    summary: "Change a member's leader",
    request: z.object({ user_id: zId, group_id: zId }),
    response: memberSchema,
  }),
  adminGroupBatches: endpoint({
    path: '/api/admin/groups/batches',
    auth: 'staff',
    read: true,
    roles: ['leader_desk', 'warehouse'],
    summary: 'Group batches by status',
    request: z.object({ status: z.enum(groupBatchStatuses).optional(), group_id: zId.optional(), ...pageRequest }),
    response: pageOf(groupBatchSchema),
  }),
  adminGroupBatchDetail: endpoint({
    path: '/api/admin/groups/batches/detail',
    auth: 'staff',
    read: true,
    roles: ['leader_desk', 'warehouse'],
    summary: 'A group batch with its member orders and collection list',
    request: batchRef,
    response: z.object({ batch: groupBatchSchema, orders: z.array(groupPackSchema), collection: z.array(collectionRowSchema) }),
  }),
  adminAdvanceGroupBatch: endpoint({
    path: '/api/admin/groups/batches/advance',
    auth: 'staff',
    roles: ['leader_desk', 'warehouse'],
    summary:
      'plan (wait plan → wait pack: members’ GROUP orders join, container and unit price set), pack, packed, outbound (an outbound batch through the sea stages), arrived (rewards, members notified), cancel',
    request: z.object({
      batch_id: zId,
      action: z.enum(['plan', 'pack', 'packed', 'outbound', 'arrived', 'cancel']),
      container: zStr(40).optional(),
      /** S$ per cbm, at most 2 decimals ("85.5"), up to S$100,000; the service gets cents. */
      unit_price: zAmountMinorUpTo(10_000_000).optional(),
    }),
    response: groupBatchSchema,
  }),
  adminRewardSettings: endpoint({
    path: '/api/admin/groups/reward-settings',
    auth: 'staff',
    roles: ['leader_desk', 'finance'],
    summary: 'The leader reward per cbm shipped (read, or set when rate_per_cbm is given)',
    request: z.object({ rate_per_cbm: zPriceMinor(1_000_000).optional() }),
    response: z.object({ rate_per_cbm: moneySchema }),
  }),
  adminGroupRewards: endpoint({
    path: '/api/admin/groups/rewards',
    auth: 'staff',
    read: true,
    roles: ['leader_desk', 'finance'],
    summary: "Leader rewards paid out to leaders' wallets (and reversals), newest first, by group or all",
    request: z.object({ group_id: zId.optional(), ...pageRequest }),
    response: pageOf(
      rewardSchema.extend({ group_id: z.number().int(), group_name: z.string(), leader_id: z.number().int(), leader_account: z.string() }),
    ).extend({ total_amount: moneySchema }),
  }),
} as const;
