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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
