import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The in-app list: every notification, whatever channels also carried it. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    /** { en, zh_CN } */
    title: jsonb('title').notNull(),
    body: jsonb('body').notNull(),
    link: text('link'),
    /** The same key notifies a user once (job handlers may run twice). */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A user's channels for one kind; a kind without a row uses the defaults (contract: defaultNotificationChannels). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    sms: boolean('sms').notNull(),
    email: boolean('email').notNull(),
    wechat: boolean('wechat').notNull(),
    whatsapp: boolean('whatsapp').notNull().default(false),
    telegram: boolean('telegram').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A user's consent and addresses for the channels they join themselves. WhatsApp: the explicit opt-in (when,
 * to which verified number, E.164) and the last message the user sent us (it opens WhatsApp's 24-hour
 * window for free text). Telegram: the linked chat, and the one-time token (its hash) of the pending link.
 */
export const notificationChannelLinks = pgTable(
  'notification_channel_links',
  {
    userId: integer('user_id').primaryKey(),
    whatsappPhone: text('whatsapp_phone'),
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    whatsappOptOutAt: timestamp('whatsapp_opt_out_at', { withTimezone: true }),
    whatsappLastInboundAt: timestamp('whatsapp_last_inbound_at', { withTimezone: true }),
    telegramChatId: text('telegram_chat_id'),
    telegramLinkedAt: timestamp('telegram_linked_at', { withTimezone: true }),
    telegramTokenHash: text('telegram_token_hash'),
    telegramTokenExpiresAt: timestamp('telegram_token_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_links_whatsapp_idx').on(t.whatsappPhone),
    uniqueIndex('notification_links_telegram_chat_uq').on(t.telegramChatId),
    uniqueIndex('notification_links_telegram_token_uq').on(t.telegramTokenHash),
  ],
);
