import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Every message the SMS / e-mail / WeChat / WhatsApp / Telegram providers sent; staff read it in the console. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** The provider's id of the message (WhatsApp wamid, Telegram message_id): status webhooks find the row by it. */
    providerMessageId: text('provider_message_id'),
    /** WhatsApp: 'template' or 'text' (which form the 24-hour window allowed). */
    form: text('form'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_provider_message_idx').on(t.channel, t.providerMessageId)],
);

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  /** One of staffRoles (contract); 'operator' of early installations became 'warehouse' (migration). */
  role: text('role').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
