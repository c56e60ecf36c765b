import { z } from 'zod';
import { endpoint, pageOf, pageRequest } from '../endpoint.ts';
import { zId } from '../schemas.ts';
import type { NotificationChannel } from '../constants.ts';

/**
 * Kinds of notification a user can tune (other kinds are delivered in-app with the default channels).
 * Modules notify through the server's NotificationsPort with one of these kinds.
 */
export const notificationKinds = [
  'parcel.arrived',
  'parcel.problem',
  'parcel.claim',
  'parcel.storage',
  'bill.due',
  'group.pickup',
  'mall.shipped',
  'support.reply',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Channels on for a kind the user never changed: WeChat only (SMS and e-mail cost or annoy more). */
export const defaultNotificationChannels: Record<NotificationChannel, boolean> = { sms: false, email: false, wechat: true };

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** In the caller's language. */
  title: z.string(),
  body: z.string(),
  /** An app route to open, e.g. 'pages/sub/parcel?id=3'. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  /** Always on: the in-app list keeps every notification. */
  in_app: z.literal(true),
  sms: z.boolean(),
  email: z.boolean(),
  wechat: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

const zFlag = z.preprocess(
  (v) => (v === '1' || v === 1 || v === 'true' ? true : v === '0' || v === 0 || v === 'false' ? false : v),
  z.boolean({ message: 'rule.invalid' }),
);

/** The platform calls (spec §7). Customer calls in `platformContract`, staff calls in `platformAdminContract`. */
export const platformContract = {
  notificationList: endpoint({
    path: '/api/applet/notificationList',
    auth: 'user',
    summary: 'My notifications, newest first or unread first',
    request: z.object({ ...pageRequest, order: z.enum(['newest', 'unread_first']).default('newest') }),
    response: pageOf(notificationSchema).extend({ unread: z.number().int() }),
  }),
  notificationUnreadCount: endpoint({
    path: '/api/applet/notificationUnreadCount',
    auth: 'user',
    summary: 'How many of my notifications are unread (the badge)',
    request: z.object({}),
    response: z.object({ unread: z.number().int() }),
  }),
  notificationRead: endpoint({
    path: '/api/applet/notificationRead',
    auth: 'user',
    summary: 'Mark one notification read (id), or all of mine (all = 1)',
    request: z.object({ id: zId.optional(), all: zFlag.optional() }).refine((v) => v.id !== undefined || v.all === true, {
      message: 'rule.required',
      path: ['id'],
    }),
    response: z.object({ unread: z.number().int() }),
  }),
  notificationSettings: endpoint({
    path: '/api/applet/notificationSettings',
    auth: 'user',
    summary: 'My channels per kind of notification (in-app is always on)',
    request: z.object({}),
    response: z.object({ list: z.array(notificationSettingSchema) }),
  }),
  saveNotificationSettings: endpoint({
    path: '/api/applet/saveNotificationSettings',
    auth: 'user',
    summary: 'Change my channels for some kinds of notification',
    request: z.object({
      list: z
        .array(z.object({ kind: z.enum(notificationKinds, { message: 'rule.invalid' }), sms: zFlag, email: zFlag, wechat: zFlag }))
        .min(1, { message: 'rule.required' })
        .max(notificationKinds.length, { message: 'rule.invalid' }),
    }),
    response: z.object({ list: z.array(notificationSettingSchema) }),
  }),
} as const;

export const platformAdminContract = {} as const;
