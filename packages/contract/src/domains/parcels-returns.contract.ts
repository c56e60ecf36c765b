import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zRequired, zStr } from '../schemas.ts';
import { returnStatuses, zIdList } from './parcels.rules.ts';
import { returnSchema, ownerSchema } from './parcels.objects.ts';

/** Returns to a Chinese address and their search fee. */
export const returnsCalls = {
  orderApplyReturn: endpoint({
    path: '/api/applet/orderApplyReturn',
    auth: 'user',
    summary: 'Ask for parcels in the warehouse to be returned to a China address',
    request: z.object({
      parcel_ids: zIdList,
      consignee: z.string({ message: 'rule.consignee' }).trim().min(1, { message: 'rule.consignee' }).max(40, { message: 'rule.tooLong' }),
      phone: z
        .string({ message: 'rule.consigneePhone' })
        .trim()
        .min(1, { message: 'rule.consigneePhone' })
        .max(20, { message: 'rule.tooLong' })
        .regex(/^\+?[0-9 -]{6,20}$/, { message: 'rule.consigneePhone' }),
      address: z
        .string({ message: 'rule.returnAddress' })
        .trim()
        .min(1, { message: 'rule.returnAddress' })
        .max(140, { message: 'rule.tooLong' }),
      postcode: z.string().trim().max(10).regex(/^\d*$/, { message: 'rule.postcode' }).default(''),
    }),
    response: returnSchema,
  }),
  orderReturnPay: endpoint({
    path: '/api/applet/orderReturnPay',
    auth: 'user',
    summary: "What to pay for an approved return (the bill is paid with the wallet's pay calls); tries auto-pay",
    request: z.object({ return_id: zId }),
    response: returnSchema,
  }),
  cancelApplyReturn: endpoint({
    path: '/api/applet/cancelApplyReturn',
    auth: 'user',
    summary: 'Cancel a return until it is sent',
    request: z.object({ return_id: zId }),
    response: returnSchema,
  }),
  getReturnList: endpoint({
    path: '/api/applet/getReturnList',
    auth: 'user',
    summary: "The customer's return requests",
    request: z.object(pageRequest),
    response: pageOf(returnSchema),
  }),
} as const;

export const returnsStaffCalls = {
  adminReturnList: endpoint({
    path: '/api/admin/parcels/returnList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Return requests',
    request: z.object({ ...pageRequest, status: z.enum(returnStatuses).optional() }),
    response: pageOf(returnSchema.extend({ owner: ownerSchema })),
  }),
  adminReturnReview: endpoint({
    path: '/api/admin/parcels/returnReview',
    auth: 'staff',
    roles: ['service'],
    summary: 'Approve (the search fee is billed; free for leaders) or reject a return request',
    request: z.object({ return_id: zId, approve: zBoolish, reason: zStr(140).default('') }),
    response: returnSchema,
  }),
  adminReturnSent: endpoint({
    path: '/api/admin/parcels/returnSent',
    auth: 'staff',
    roles: ['warehouse'],
    summary: 'Mark a paid return as sent with the courier number',
    request: z.object({ return_id: zId, courier_no: zRequired(40) }),
    response: returnSchema,
  }),
} as const;
