import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zId, zStr, zText } from '../schemas.ts';
import { moneySchema } from '../money-schema.ts';
import { zAmountMinor } from './wallet.fields.ts';
import { claimKinds, claimStatuses } from './parcels.insurance.ts';

export const packClaimSchema = z.object({
  id: z.number().int(),
  pack_id: z.number().int(),
  pack_no: z.string(),
  user_id: z.number().int(),
  kind: z.enum(claimKinds),
  reason: z.string(),
  photos: z.array(z.string()),
  status: z.enum(claimStatuses),
  /** The pack's insurance cover: the most the claim may pay. */
  cover: moneySchema,
  /** What staff approved (credited to the wallet). */
  amount: moneySchema.nullable(),
  review_note: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type PackClaim = z.infer<typeof packClaimSchema>;

/** Insurance claims on insured packs. */
export const insuranceCalls = {
  packClaimCreate: endpoint({
    path: '/api/applet/packClaimCreate',
    auth: 'user',
    summary: 'Claim for the loss of, or damage to, an insured pack, with a reason and photos',
    request: z.object({
      pack_id: zId,
      kind: z.enum(claimKinds),
      reason: zText(500).pipe(z.string().min(5, { message: 'rule.claimReason' })),
      /** Images uploaded before with uploadImage. */
      photos: z.array(zStr(255)).max(9).default([]),
    }),
    response: packClaimSchema,
  }),
  packClaimList: endpoint({
    path: '/api/applet/packClaimList',
    auth: 'user',
    summary: 'My insurance claims, newest first',
    request: z.object({ ...pageRequest }),
    response: pageOf(packClaimSchema),
  }),
} as const;

export const insuranceStaffCalls = {
  adminPackClaimList: endpoint({
    path: '/api/admin/parcels/packClaimList',
    auth: 'staff',
    roles: ['finance', 'service'],
    read: true,
    summary: 'Insurance claims, by state',
    request: z.object({ ...pageRequest, status: z.enum(claimStatuses).optional() }),
    response: pageOf(packClaimSchema),
  }),
  adminPackClaimReview: endpoint({
    path: '/api/admin/parcels/packClaimReview',
    auth: 'staff',
    roles: ['finance'],
    summary: "Approve a claim with an amount up to the pack's cover (credited to the wallet) or reject it with a reason",
    request: z.object({
      id: zId,
      approve: z.boolean(),
      /** SGD, required to approve. */
      amount: zAmountMinor().optional(),
      note: zText(500).default(''),
    }),
    response: packClaimSchema,
  }),
  adminGstRefund: endpoint({
    path: '/api/admin/parcels/gstRefund',
    auth: 'staff',
    roles: ['finance'],
    summary: "Refund GST charged twice on a pack (goods already taxed at purchase) to the owner's wallet, once, with a reason",
    request: z.object({ pack_id: zId, amount: zAmountMinor(), reason: zText(300).pipe(z.string().min(3, { message: 'rule.required' })) }),
    response: z.object({ pack_id: z.number().int(), refunded: moneySchema }),
  }),
} as const;
