import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest, staffRoles } from '../endpoint.ts';
import { zId, zRequired, zStr, zBoolish, zDateTime, zPassword } from '../schemas.ts';
import { patterns } from '../rules.ts';
import { addressSchema, roleSchema, systemSettingsInput, systemSettingsSchema, userInfoSchema } from './account.contract.ts';

export const staffSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
});

export const staffRowSchema = staffSchema.extend({ disabled: z.boolean(), created_at: z.string() });

/** One staff write as the audit log keeps it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_account: z.string(),
  staff_role: z.string(),
  action: z.string(),
  path: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  outcome: z.number().int(),
  request_id: z.string(),
  ip: z.string(),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email', 'wechat', 'whatsapp', 'telegram']),
  to: z.string(),
  subject: z.string(),
  /** Verification codes in it are masked; administrators may reveal one message (audited). */
  body: z.string(),
  masked: z.boolean(),
  provider: z.string(),
  /** sent, delivered, read or failed (WhatsApp's status webhooks move it on). */
  status: z.string(),
  /** WhatsApp: 'template' (outside the 24-hour window) or 'text' (inside it); null for other channels. */
  form: z.string().nullable(),
  created_at: z.string(),
});

const userRow = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  nickname: z.string(),
  phone: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  disabled: z.boolean(),
  wechat_bound: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});

export const adminContract = {
  adminLogin: endpoint({
    path: '/api/admin/login',
    auth: 'none',
    summary: 'Staff login',
    request: z.object({ account: zRequired(64), password: z.string().min(1, { message: 'rule.required' }) }),
    response: z.object({ token: z.string(), staff: staffSchema, expires_at: z.string() }),
  }),
  adminMe: endpoint({
    path: '/api/admin/me',
    auth: 'staff',
    roles: staffRoles,
    read: true,
    summary: 'The staff member of the session',
    request: empty,
    response: staffSchema,
  }),
  adminUploadImage: endpoint({
    path: '/api/admin/uploadImage',
    auth: 'staff',
    roles: ['warehouse', 'service', 'content'],
    multipart: true,
    summary:
      'Staff upload an image; the content must be a PNG, JPEG, WebP or GIF. photo (e.g. inbound parcel photos): private, shown by signed link; site (e.g. the official-account QR code): public, under /uploads/public/',
    request: z.object({ purpose: z.enum(['photo', 'site']).default('photo') }),
    response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), size: z.number().int() }),
  }),
  adminLogout: endpoint({
    path: '/api/admin/logout',
    auth: 'staff',
    roles: staffRoles,
    // Ends only the caller's own session: nothing an auditor needs.
    read: true,
    summary: 'Revoke the staff session',
    request: empty,
    response: ok,
  }),
  outbox: endpoint({
    path: '/api/admin/outbox',
    auth: 'staff',
    roles: ['service'],
    read: true,
    summary: 'Messages the SMS, e-mail, WeChat, WhatsApp and Telegram providers sent (newest first)',
    request: z.object({
      ...pageRequest,
      channel: z.enum(['sms', 'email', 'wechat', 'whatsapp', 'telegram']).optional(),
      to: zStr(128).optional(),
    }),
    response: pageOf(outboxMessageSchema),
  }),
  userList: endpoint({
    path: '/api/admin/userList',
    auth: 'staff',
    roles: ['service', 'finance'],
    read: true,
    summary: 'Customers, searchable by ID, phone, e-mail or nickname',
    request: z.object({ ...pageRequest, keyword: zStr(64).optional() }),
    response: pageOf(userRow),
  }),
  userDetail: endpoint({
    path: '/api/admin/userDetail',
    auth: 'staff',
    roles: ['service', 'finance'],
    read: true,
    summary: "A customer's info, addresses and linked accounts",
    request: z.object({ user_id: zId }),
    response: z.object({
      user: userInfoSchema.extend({ disabled: z.boolean(), last_login_at: z.string().nullable() }),
      addresses: z.array(addressSchema),
      linked: z.array(z.object({ user_id: z.number().int(), user_account: z.string() })),
      sessions: z.number().int(),
    }),
  }),
  setUserDisabled: endpoint({
    path: '/api/admin/setUserDisabled',
    auth: 'staff',
    roles: ['service'],
    summary: 'Disable (ending its sessions) or re-enable a customer account',
    request: z.object({ user_id: zId, disabled: zBoolish }),
    response: ok,
  }),
  getSettings: endpoint({
    path: '/api/admin/getSettings',
    auth: 'staff',
    roles: ['finance', 'service', 'content'],
    read: true,
    summary: 'System settings',
    request: empty,
    response: z.object({ info: systemSettingsSchema }),
  }),
  saveSettings: endpoint({
    path: '/api/admin/saveSettings',
    auth: 'staff',
    roles: ['finance', 'service', 'content'],
    summary: 'Replace the system settings',
    request: z.object({ info: systemSettingsInput }),
    response: z.object({ info: systemSettingsSchema }),
  }),
  outboxReveal: endpoint({
    path: '/api/admin/outboxReveal',
    auth: 'staff',
    // Administrators only (admin passes every staff call); the reveal itself is written to the audit log.
    roles: [],
    summary: 'One outbox message with its verification code unmasked (administrators; audited)',
    request: z.object({ id: zId }),
    response: outboxMessageSchema,
  }),
  staffList: endpoint({
    path: '/api/admin/staffList',
    auth: 'staff',
    roles: [],
    read: true,
    summary: 'Staff accounts and their roles',
    request: z.object({ ...pageRequest, keyword: zStr(64).optional() }),
    response: pageOf(staffRowSchema),
  }),
  staffCreate: endpoint({
    path: '/api/admin/staffCreate',
    auth: 'staff',
    roles: [],
    summary: 'Create a staff account with one role',
    request: z.object({
      account: zRequired(64).regex(patterns.staffAccount, { message: 'rule.staffAccount' }),
      name: zRequired(64),
      role: z.enum(staffRoles, { message: 'rule.invalid' }),
      password: zPassword,
    }),
    response: staffRowSchema,
  }),
  staffUpdate: endpoint({
    path: '/api/admin/staffUpdate',
    auth: 'staff',
    roles: [],
    summary:
      "Change a staff account's role, name or password, or disable it (ending its sessions); one's own password needs the current one, and the last active administrator stays one",
    request: z.object({
      id: zId,
      name: zRequired(64).optional(),
      role: z.enum(staffRoles, { message: 'rule.invalid' }).optional(),
      disabled: zBoolish.optional(),
      password: zPassword.optional(),
      /** Changing one's own password: the current one (the session alone is not enough). */
      current_password: z.string().max(128, { message: 'rule.tooLong' }).optional(),
    }),
    response: staffRowSchema,
  }),
  auditList: endpoint({
    path: '/api/admin/auditList',
    auth: 'staff',
    roles: [],
    read: true,
    summary: 'The audit log of staff writes (newest first), filtered by staff, call, object or time',
    request: z.object({
      ...pageRequest,
      staff_id: zId.optional(),
      action: zStr(128).optional(),
      object_type: zStr(64).optional(),
      object_id: zStr(64).optional(),
      from: zDateTime.optional(),
      to: zDateTime.optional(),
    }),
    response: pageOf(auditEntrySchema),
  }),
} as const;
