import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Columns every published thing shares: visible when published and publish_at has come. */
const publishing = () => ({
  published: boolean('published').notNull().default(false),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Articles: rules, guides, news. Bodies are sanitised HTML in both languages. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    category: text('category').notNull().default('news'),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryZh: text('summary_zh').notNull().default(''),
    bodyEn: text('body_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    cover: text('cover').notNull().default(''),
    ...publishing(),
  },
  (t) => [uniqueIndex('articles_slug_uq').on(t.slug), index('articles_live_idx').on(t.published, t.publishAt)],
);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    linkType: text('link_type').notNull().default('none'),
    linkTarget: text('link_target').notNull().default(''),
    ...publishing(),
  },
  (t) => [index('notices_live_idx').on(t.published, t.publishAt)],
);

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    image: text('image').notNull(),
    titleEn: text('title_en').notNull().default(''),
    titleZh: text('title_zh').notNull().default(''),
    linkType: text('link_type').notNull().default('none'),
    linkTarget: text('link_target').notNull().default(''),
    ...publishing(),
  },
  (t) => [index('slides_live_idx').on(t.published, t.publishAt)],
);

/** The assistant conversation of each user; deleted when the user clears it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations')
      .$type<Array<{ article_id: number; slug: string; title: string; section?: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_user_idx').on(t.userId, t.id)],
);

/** Human support: one open conversation per customer at a time (waiting → assigned → closed). */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('waiting'),
    staffId: integer('staff_id'),
    reason: text('reason').notNull().default(''),
    /** The assistant conversation that led here, copied so staff see the context even if the user clears it. */
    transcript: jsonb('transcript')
      .$type<Array<{ role: string; content: string; at: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    customerSeenAt: timestamp('customer_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_open_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index('support_status_idx').on(t.status, t.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id').notNull(),
    sender: text('sender').notNull(),
    staffId: integer('staff_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_conv_idx').on(t.conversationId, t.id)],
);

/** Parcels held at a self-pickup site (PDD), recorded by the site's staff for the customer they belong to. */
export const pickupRecords = pgTable(
  'pickup_records',
  {
    id: serial('id').primaryKey(),
    siteUserId: integer('site_user_id').notNull(),
    customerId: integer('customer_id').notNull(),
    trackingNo: text('tracking_no').notNull(),
    pickupCode: text('pickup_code').notNull(),
    status: text('status').notNull().default('stored'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    outboundAt: timestamp('outbound_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pickup_site_tracking_uq').on(t.siteUserId, t.trackingNo),
    index('pickup_site_status_idx').on(t.siteUserId, t.status, t.id),
  ],
);

export const pickupEvents = pgTable(
  'pickup_events',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull(),
    event: text('event').notNull(),
    note: text('note').notNull().default(''),
    byUserId: integer('by_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pickup_events_record_idx').on(t.recordId, t.id)],
);

/** Words staff add to the assistant's lexicon (merged with the built-in one): a concept and its words. */
export const assistantLexicon = pgTable(
  'assistant_lexicon',
  {
    id: serial('id').primaryKey(),
    concept: text('concept').notNull(),
    /** Words and phrases in either language, separated by | */
    terms: text('terms').notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_lexicon_concept_idx').on(t.concept)],
);

/**
 * The questions customers ask the assistant, without who asked (a keyed hash only tells one asker's
 * questions apart), so staff see what found nothing and can add an article or a lexicon word.
 */
export const assistantQuestions = pgTable(
  'assistant_questions',
  {
    id: serial('id').primaryKey(),
    askerHash: text('asker_hash').notNull(),
    lang: text('lang').notNull(),
    question: text('question').notNull(),
    /** The tool that answered, 'article' for a passage, 'none' when nothing was found. */
    answeredBy: text('answered_by').notNull(),
    found: boolean('found').notNull(),
    slug: text('slug'),
    section: text('section'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_questions_found_idx').on(t.found, t.id)],
);
