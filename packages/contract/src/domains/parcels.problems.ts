import { z } from 'zod';
import { zRequired, zStr } from '../schemas.ts';

/** A problem parcel (异常件): open (waiting for the customer) → answered → resolved by staff. */
export const problemStatuses = ['open', 'answered', 'resolved'] as const;
export type ProblemStatus = (typeof problemStatuses)[number];

/** What the customer may ask the warehouse to do; `invoice` comes with the uploaded invoice. */
export const problemChoices = ['return', 'dispose', 'repack', 'proceed', 'invoice'] as const;
export type ProblemChoice = (typeof problemChoices)[number];

/** A reason staff pick when flagging; the list is kept in settings and edited by staff. */
export const problemReasonSchema = z.object({
  code: z
    .string({ message: 'rule.invalid' })
    .trim()
    .regex(/^[a-z0-9_]{1,32}$/, { message: 'rule.invalid' }),
  en: zRequired(80),
  zh_CN: zRequired(80),
});
export type ProblemReason = z.infer<typeof problemReasonSchema>;

/** The list a fresh installation starts with. */
export const defaultProblemReasons: ProblemReason[] = [
  { code: 'no_owner', en: 'No declaration / no owner', zh_CN: '无申报 / 无主件' },
  { code: 'damaged', en: 'Damaged', zh_CN: '破损' },
  { code: 'wrong_goods', en: 'Wrong goods', zh_CN: '货不对板' },
  { code: 'prohibited', en: 'Prohibited or sensitive goods', zh_CN: '违禁品或敏感货' },
  { code: 'weight', en: 'Weight to confirm', zh_CN: '重量待确认' },
  { code: 'repack', en: 'Needs repacking', zh_CN: '需要重新包装' },
  { code: 'documents', en: 'Documents needed', zh_CN: '需要补充单据' },
];

/** Uploaded images (our own upload links), at most nine. */
export const zPhotoList = z.array(zStr(512)).max(9, { message: 'rule.invalid' }).default([]);

export const problemMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['customer', 'staff']),
  choice: z.enum(problemChoices).nullable(),
  message: z.string(),
  files: z.array(z.string()),
  at: z.string(),
});

export const problemSchema = z.object({
  id: z.number().int(),
  parcel_id: z.number().int(),
  tracking_no: z.string(),
  reason_code: z.string(),
  /** The reason in the reader's language. */
  reason: z.string(),
  note: z.string(),
  photos: z.array(z.string()),
  status: z.enum(problemStatuses),
  resolution: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  messages: z.array(problemMessageSchema),
});
export type ParcelProblem = z.infer<typeof problemSchema>;
