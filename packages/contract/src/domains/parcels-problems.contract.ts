import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zId, zRequired, zStr } from '../schemas.ts';
import { ownerSchema } from './parcels.objects.ts';
import { problemChoices, problemReasonSchema, problemSchema, problemStatuses, zPhotoList } from './parcels.problems.ts';

const adminProblem = problemSchema.extend({ owner: ownerSchema, shelf: z.string() });

/** Problem parcels (异常件): the customer answers the warehouse's question on their parcel. */
export const problemsCalls = {
  parcelProblemAnswer: endpoint({
    path: '/api/applet/parcelProblemAnswer',
    auth: 'user',
    summary:
      "Answer a problem the warehouse found on the customer's parcel: return, dispose, repack, proceed, or upload an invoice, with a message",
    request: z.object({
      problem_id: zId,
      choice: z.enum(problemChoices, { message: 'rule.invalid' }),
      message: zStr(500).default(''),
      files: zPhotoList,
    }),
    response: problemSchema,
  }),
} as const;

export const problemsStaffCalls = {
  adminProblemReasons: endpoint({
    path: '/api/admin/parcels/problemReasons',
    auth: 'staff',
    roles: ['warehouse'],
    read: true,
    summary: 'The reasons staff choose from when flagging a problem parcel (kept in settings)',
    request: z.object({}),
    response: z.object({ list: z.array(problemReasonSchema) }),
  }),
  adminProblemReasonsSave: endpoint({
    path: '/api/admin/parcels/problemReasonsSave',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Replace the list of problem reasons',
    request: z.object({ list: z.array(problemReasonSchema).min(1, { message: 'rule.required' }).max(30, { message: 'rule.invalid' }) }),
    response: z.object({ list: z.array(problemReasonSchema) }),
  }),
  adminProblemFlag: endpoint({
    path: '/api/admin/parcels/problemFlag',
    auth: 'staff',
    roles: ['warehouse'],
    summary:
      'Flag a scanned-in parcel as a problem with a reason, a note and photos; the owner is notified and it cannot be packed until resolved',
    request: z.object({ parcel_id: zId, reason_code: zRequired(32), note: zStr(500).default(''), photos: zPhotoList }),
    response: adminProblem,
  }),
  adminProblemList: endpoint({
    path: '/api/admin/parcels/problemList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Problem parcels, newest first, by state',
    request: z.object({ ...pageRequest, status: z.enum(problemStatuses).optional() }),
    response: pageOf(adminProblem),
  }),
  adminProblemDetail: endpoint({
    path: '/api/admin/parcels/problemDetail',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'A problem parcel with its thread',
    request: z.object({ id: zId }),
    response: adminProblem,
  }),
  adminProblemReply: endpoint({
    path: '/api/admin/parcels/problemReply',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Reply in the thread of a problem parcel (the owner is notified)',
    request: z.object({ id: zId, message: zRequired(500), files: zPhotoList }),
    response: adminProblem,
  }),
  adminProblemResolve: endpoint({
    path: '/api/admin/parcels/problemResolve',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Resolve a problem parcel with what was done; the parcel can be packed again',
    request: z.object({ id: zId, resolution: zRequired(500) }),
    response: adminProblem,
  }),
} as const;
