import { z } from 'zod';
import { endpoint, empty, ok, pageOf, pageRequest, staffRoles } from '../endpoint.ts';
import { zId, zRequired, zStr, zBoolish } from '../schemas.ts';
import { addressSchema, roleSchema, systemSettingsSchema, userInfoSchema } from './account.contract.ts';

export const staffSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  provider: z.string(),
  status: z.string(),
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
    summary: 'The staff member of the session',
    request: empty,
    response: staffSchema,
  }),
  adminUploadImage: endpoint({
    path: '/api/admin/uploadImage',
    auth: 'staff',
    multipart: true,
    summary: 'Staff upload an image (e.g. inbound parcel photos); the content must be a PNG, JPEG, WebP or GIF',
    request: z.object({ purpose: z.enum(['photo']).default('photo') }),
    response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), size: z.number().int() }),
  }),
  adminLogout: endpoint({ path: '/api/admin/logout', auth: 'staff', summary: 'Revoke the staff session', request: empty, response: ok }),
  outbox: endpoint({
    path: '/api/admin/outbox',
    auth: 'staff',
    summary: 'Messages the SMS and e-mail providers sent (newest first)',
    request: z.object({ ...pageRequest, channel: z.enum(['sms', 'email']).optional(), to: zStr(128).optional() }),
    response: pageOf(outboxMessageSchema),
  }),
  userList: endpoint({
    path: '/api/admin/userList',
    auth: 'staff',
    summary: 'Customers, searchable by ID, phone, e-mail or nickname',
    request: z.object({ ...pageRequest, keyword: zStr(64).optional() }),
    response: pageOf(userRow),
  }),
  userDetail: endpoint({
    path: '/api/admin/userDetail',
    auth: 'staff',
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
    summary: 'Disable (ending its sessions) or re-enable a customer account',
    request: z.object({ user_id: zId, disabled: zBoolish }),
    response: ok,
  }),
  getSettings: endpoint({
    path: '/api/admin/getSettings',
    auth: 'staff',
    summary: 'System settings',
    request: empty,
    response: z.object({ info: systemSettingsSchema }),
  }),
  saveSettings: endpoint({
    path: '/api/admin/saveSettings',
    auth: 'staff',
    summary: 'Replace the system settings',
    request: z.object({ info: systemSettingsSchema }),
    response: z.object({ info: systemSettingsSchema }),
  }),
} as const;
