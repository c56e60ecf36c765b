import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zRequired, zStr } from '../schemas.ts';
import { normalizeDragonCode, patterns } from '../rules.ts';
import { unclaimedStatuses, zTrackingNo, zCm, zKg } from './parcels.rules.ts';
import { parcelSchema, packDetailSchema, unclaimedSchema, ownerSchema } from './parcels.objects.ts';

/** The warehouse: unclaimed parcels, the packing station, scan to shelve. */
export const warehouseCalls = {
  showLargeCargo: endpoint({
    path: '/api/applet/showLargeCargo',
    auth: 'user',
    summary: 'Big parcels that arrived without a declaration (tracking numbers masked)',
    request: z.object({ ...pageRequest, keyword: zStr(40).optional() }),
    response: pageOf(unclaimedSchema),
  }),
  claimLargeCargo: endpoint({
    path: '/api/applet/claimLargeCargo',
    auth: 'user',
    summary: 'Claim an unclaimed parcel by typing its whole tracking number; staff confirm',
    request: z.object({ id: zId, tracking_no: zTrackingNo }),
    response: unclaimedSchema,
  }),
  packingSelectUser: endpoint({
    path: '/terminal/packingSelectUser',
    auth: 'terminal',
    roles: ['warehouse'],
    read: true,
    summary: 'Packing station: customers with packing requests, searchable by ID, phone or pack no',
    request: z.object({ keyword: zStr(40).optional() }),
    response: z.object({
      list: z.array(
        z.object({
          user_id: z.number().int(),
          user_account: z.string(),
          nickname: z.string(),
          pack_count: z.number().int(),
          earliest_pack_date: z.string().nullable(),
        }),
      ),
    }),
  }),
  packingSelectPacking: endpoint({
    path: '/terminal/packingSelectPacking',
    auth: 'terminal',
    roles: ['warehouse'],
    read: true,
    summary: "Packing station: a customer's packing requests with every parcel and its shelf",
    request: z.object({ user_id: zId }),
    response: z.object({ list: z.array(packDetailSchema) }),
  }),
  scannedInbound: endpoint({
    path: '/terminal/scannedInbound',
    auth: 'terminal',
    roles: ['warehouse'],
    summary:
      "Scan to shelve: matched to its declaration; else, with the label's recipient ('dragon') code of a group member, attributed to that member; else kept as an unclaimed parcel",
    request: z.object({
      tracking_no: zTrackingNo,
      weight_kg: zKg,
      length_cm: zCm,
      width_cm: zCm,
      height_cm: zCm,
      shelf: zRequired(20),
      photos: z.array(zStr(512)).max(9).default([]),
      /** The recipient ('dragon') code read from the label, if any: upper-cased, 1-8 Chinese characters, capitals or digits. */
      dragon_code: z
        .string({ message: 'rule.dragonCode' })
        .trim()
        .transform(normalizeDragonCode)
        .pipe(z.string().regex(patterns.dragonCode, { message: 'rule.dragonCode' }))
        .optional()
        .or(z.literal('').transform(() => undefined)),
    }),
    response: z.object({
      matched: z.boolean(),
      /** True when an undeclared parcel was given to the member whose recipient code is on the label. */
      attributed: z.boolean(),
      parcel: parcelSchema.nullable(),
      unclaimed_id: z.number().int().nullable(),
    }),
  }),
} as const;

export const warehouseStaffCalls = {
  adminUnclaimedList: endpoint({
    path: '/api/admin/parcels/unclaimedList',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    read: true,
    summary: 'Parcels that arrived undeclared, with claims',
    request: z.object({ ...pageRequest, status: z.enum(unclaimedStatuses).optional() }),
    response: pageOf(unclaimedSchema.extend({ tracking_no: z.string(), shelf: z.string(), claimant: ownerSchema.nullable() })),
  }),
  adminUnclaimedConfirm: endpoint({
    path: '/api/admin/parcels/unclaimedConfirm',
    auth: 'staff',
    roles: ['warehouse', 'service'],
    summary: "Confirm a claim (the parcel becomes the claimant's, in the warehouse, to be supplemented) or refuse it",
    request: z.object({ id: zId, approve: zBoolish }),
    response: z.object({ id: z.number().int(), status: z.enum(unclaimedStatuses), parcel_id: z.number().int().nullable() }),
  }),
  adminParcelDispose: endpoint({
    path: '/api/admin/parcels/dispose',
    auth: 'staff',
    roles: ['warehouse'],
    summary:
      'Dispose of a parcel kept past the storage policy: only from its disposal date, and only once its owner was told in advance (audited)',
    request: z.object({ id: zId }),
    response: z.object({ id: z.number().int(), disposed_at: z.string() }),
  }),
} as const;
