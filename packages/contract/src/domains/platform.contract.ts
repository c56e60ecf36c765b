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

/**
 * Channels on for a kind the user never changed: WeChat only (SMS and e-mail cost or annoy more; WhatsApp and
 * Telegram need the user's own opt-in or link first).
 */
export const defaultNotificationChannels: Record<NotificationChannel, boolean> = {
  sms: false,
  email: false,
  wechat: true,
  whatsapp: false,
  telegram: false,
};

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
  whatsapp: z.boolean(),
  telegram: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** The user's WhatsApp opt-in and Telegram link: what the settings screen shows above the per-kind switches. */
export const notificationChannelStateSchema = z.object({
  whatsapp: z.object({
    opted_in: z.boolean(),
    /** The number messages go to (E.164, e.g. +6581234567): the opted-in one, else the account's verified phone. */
    phone: z.string().nullable(),
    opted_in_at: z.string().nullable(),
  }),
  telegram: z.object({
    linked: z.boolean(),
    linked_at: z.string().nullable(),
    bot_name: z.string(),
  }),
});
export type NotificationChannelState = z.infer<typeof notificationChannelStateSchema>;

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
        .array(
          z.object({
            kind: z.enum(notificationKinds, { message: 'rule.invalid' }),
            sms: zFlag,
            email: zFlag,
            wechat: zFlag,
            // Left out (older clients): the kind keeps what it had.
            whatsapp: zFlag.optional(),
            telegram: zFlag.optional(),
          }),
        )
        .min(1, { message: 'rule.required' })
        .max(notificationKinds.length, { message: 'rule.invalid' }),
    }),
    response: z.object({ list: z.array(notificationSettingSchema) }),
  }),
  notificationChannelState: endpoint({
    path: '/api/applet/notificationChannelState',
    auth: 'user',
    summary: 'My WhatsApp opt-in and Telegram link',
    request: z.object({}),
    response: notificationChannelStateSchema,
  }),
  whatsappOptIn: endpoint({
    path: '/api/applet/whatsappOptIn',
    auth: 'user',
    summary: 'Agree (on = 1) to notifications on WhatsApp at my verified phone, or opt out (on = 0, turns WhatsApp off for every kind)',
    request: z.object({ on: zFlag }),
    response: notificationChannelStateSchema,
  }),
  telegramLink: endpoint({
    path: '/api/applet/telegramLink',
    auth: 'user',
    summary: 'A one-time t.me deep link that connects my Telegram chat to the bot (valid 30 minutes)',
    request: z.object({}),
    response: z.object({ url: z.string(), expires_at: z.string() }),
  }),
  telegramUnlink: endpoint({
    path: '/api/applet/telegramUnlink',
    auth: 'user',
    summary: 'Disconnect my Telegram chat (turns Telegram off for every kind)',
    request: z.object({}),
    response: notificationChannelStateSchema,
  }),
} as const;

export const platformAdminContract = {} as const;
