import { z } from 'zod';
import { endpoint, ok, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zCursor, zId, zRequired, zStr } from '../schemas.ts';
import { zTrackingNo } from './parcels.contract.ts';
import { AI_TALK_STREAM_PATH } from '../content-paths.ts';
import { assistantAdminCalls } from './content-assistant.contract.ts';

/** Articles are grouped so the app can list the guides and the rules apart from news. */
export const articleCategories = ['rules', 'guide', 'news'] as const;
export const linkTypes = ['none', 'article', 'page', 'url'] as const;
/** An in-app route: `pages/...` with an optional query, nothing that could become a script or another origin. */
export const PAGE_LINK_PATTERN = /^pages\/[A-Za-z0-9_\-/]+(\?[A-Za-z0-9_\-=&%.]*)?$/;
export const PICKUP_CODE_PATTERN = /^[A-Za-z0-9-]{1,20}$/;
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,59}$/;
export const CHAT_MESSAGE_MAX = 500;
/** The longest a support long poll waits for a reply (under proxies' idle timeouts). */
export const SUPPORT_WAIT_MAX_S = 25;

/** What a slide or notice opens (jumpPage answers with this). */
export const linkSchema = z.object({
  type: z.enum(linkTypes),
  article_id: z.number().int().nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
});
export type ContentLink = z.infer<typeof linkSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: linkSchema,
  publish_at: z.string(),
});

export const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.enum(articleCategories),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  publish_at: z.string(),
});

export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML (allow-listed tags and attributes only); render it sanitised again. */
  body_html: z.string(),
  updated_at: z.string(),
});

export const slideSchema = z.object({ id: z.number().int(), image: z.string(), title: z.string(), link: linkSchema });

export const citationSchema = z.object({
  article_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The heading of the section the answer comes from, when it has one. */
  section: z.string().optional(),
});
export const chatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  citations: z.array(citationSchema),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const supportStatuses = ['waiting', 'assigned', 'closed'] as const;
export const supportMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(['customer', 'staff', 'system']),
  body: z.string(),
  created_at: z.string(),
});
export const contactsSchema = z.object({ whatsapp: z.string(), whatsapp_url: z.string(), wechat: z.string(), wechat_url: z.string() });

export const pickupStatuses = ['stored', 'collected', 'outbound'] as const;
export const pickupRecordSchema = z.object({
  id: z.number().int(),
  tracking_no: z.string(),
  pickup_code: z.string(),
  customer: z.object({ id: z.number().int(), account: z.string(), nickname: z.string() }),
  status: z.enum(pickupStatuses),
  status_text: z.string(),
  remark: z.string(),
  created_at: z.string(),
  collected_at: z.string().nullable(),
  outbound_at: z.string().nullable(),
});
export const pickupEventSchema = z.object({ event: z.string(), text: z.string(), note: z.string(), at: z.string() });

const zPickupCode = z.string({ message: 'rule.pickupCode' }).trim().regex(PICKUP_CODE_PATTERN, { message: 'rule.pickupCode' });
const zCustomerRef = zRequired(40);
const zChatMessage = z
  .string({ message: 'rule.chatMessage' })
  .trim()
  .min(1, { message: 'rule.chatMessage' })
  .max(CHAT_MESSAGE_MAX, { message: 'rule.chatMessage' });

/** The assistant's streamed answer: a route outside the catalogue (server-sent events), signed and logged in like any call. */
export const aiTalkStream = endpoint({
  path: AI_TALK_STREAM_PATH,
  auth: 'user',
  summary: 'Ask the assistant; the answer streams back as server-sent events (start, delta, done | error).',
  request: z.object({ message: zChatMessage }),
  response: z.object({}),
});

/** The content calls (spec §7). Customer calls in `contentContract`, staff calls in `contentAdminContract`. */
export const contentContract = {
  noticeList: endpoint({
    path: '/api/applet/noticeList',
    auth: 'optional',
    summary: 'Published notices, newest first, in the caller’s language.',
    request: z.object({ ...pageRequest }),
    response: pageOf(noticeSchema),
  }),
  articleList: endpoint({
    path: '/api/applet/articleList',
    auth: 'optional',
    summary: 'Published articles (rules, guides, news).',
    request: z.object({ ...pageRequest, category: z.enum(articleCategories).optional(), keyword: zStr(60).optional() }),
    response: pageOf(articleSummarySchema),
  }),
  articleOne: endpoint({
    path: '/api/applet/articleOne',
    auth: 'optional',
    summary: 'One published article by id or key (e.g. "air-freight-rules").',
    request: z
      .object({ id: zId.optional(), slug: zStr(60).optional() })
      .refine((v) => v.id !== undefined || !!v.slug, { message: 'rule.required', path: ['id'] }),
    response: articleSchema,
  }),
  slideList: endpoint({
    path: '/api/applet/slideList',
    auth: 'optional',
    summary: 'Home carousel slides.',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(slideSchema) }),
  }),
  jumpPage: endpoint({
    path: '/api/applet/jumpPage',
    auth: 'optional',
    summary: 'What a slide or a notice opens: an article, an app page or an outside link.',
    request: z.object({ kind: z.enum(['slide', 'notice']), id: zId }),
    response: linkSchema,
  }),
  chatHistory: endpoint({
    path: '/api/applet/chatHistory',
    auth: 'user',
    summary: 'The caller’s conversation with the assistant (older pages with before_id).',
    request: z.object({ before_id: zId.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) }),
    response: z.object({
      list: z.array(chatMessageSchema),
      has_more: z.boolean(),
      /** True while a person handles the conversation: the assistant does not answer. */
      handed_over: z.boolean(),
    }),
  }),
  chatHistoryClean: endpoint({
    path: '/api/applet/chatHistoryClean',
    auth: 'user',
    summary: 'Deletes the caller’s conversation with the assistant.',
    request: z.object({}).passthrough(),
    response: ok,
  }),
  chatHandover: endpoint({
    path: '/api/applet/chatHandover',
    auth: 'user',
    summary: 'Hands the conversation to a person (human support inbox).',
    request: z.object({ reason: zStr(200).optional() }),
    response: z.object({ conversation_id: z.number().int(), status: z.enum(supportStatuses) }),
  }),
  supportMessages: endpoint({
    path: '/api/applet/supportMessages',
    auth: 'user',
    summary:
      'The caller’s conversation with human support (new messages after after_id) and the contacts. With wait_s, an open conversation with nothing new answers when staff write, or after wait_s seconds (a long poll).',
    request: z.object({
      after_id: zCursor.default(0),
      wait_s: z.coerce.number().int().min(0).max(SUPPORT_WAIT_MAX_S).optional(),
    }),
    response: z.object({
      conversation: z.object({ id: z.number().int(), status: z.enum(supportStatuses), staff_name: z.string() }).nullable(),
      list: z.array(supportMessageSchema),
      contacts: contactsSchema,
    }),
  }),
  supportSend: endpoint({
    path: '/api/applet/supportSend',
    auth: 'user',
    summary: 'A message to human support (opens a conversation when none is open).',
    request: z.object({ body: zChatMessage }),
    response: supportMessageSchema,
  }),
  getPddList: endpoint({
    path: '/api/applet/getPddList',
    auth: 'user',
    roles: ['pickup'],
    summary: 'Pickup-site staff: the parcels recorded at their site.',
    request: z.object({ ...pageRequest, status: z.enum(pickupStatuses).optional(), keyword: zStr(60).optional() }),
    response: pageOf(pickupRecordSchema).extend({ counts: z.record(z.string(), z.number().int()) }),
  }),
  getPddDetail: endpoint({
    path: '/api/applet/getPddDetail',
    auth: 'user',
    roles: ['pickup'],
    summary: 'Pickup-site staff: one record and its history.',
    request: z.object({ id: zId }),
    response: pickupRecordSchema.extend({ history: z.array(pickupEventSchema) }),
  }),
  addPddTrack: endpoint({
    path: '/api/applet/addPddTrack',
    auth: 'user',
    roles: ['pickup'],
    summary: 'Pickup-site staff: record a parcel by tracking number and pickup code for its customer (ID or phone).',
    request: z.object({ tracking_no: zTrackingNo, pickup_code: zPickupCode, customer: zCustomerRef, remark: zStr(200).default('') }),
    response: pickupRecordSchema,
  }),
  donePddTrack: endpoint({
    path: '/api/applet/donePddTrack',
    auth: 'user',
    roles: ['pickup'],
    summary: 'Pickup-site staff: the customer collected the parcel.',
    request: z.object({ id: zId }),
    response: pickupRecordSchema,
  }),
  addPddTrackWithOutbound: endpoint({
    path: '/api/applet/addPddTrackWithOutbound',
    auth: 'user',
    roles: ['pickup'],
    summary:
      'Pickup-site staff: hand a parcel to the warehouse (a stored record by id, or a new one) — it is then declared as its customer’s and scanned in as theirs.',
    request: z
      .object({
        id: zId.optional(),
        tracking_no: zTrackingNo.optional(),
        pickup_code: zPickupCode.optional(),
        customer: zCustomerRef.optional(),
        remark: zStr(200).default(''),
      })
      .refine((v) => v.id !== undefined || (v.tracking_no && v.pickup_code && v.customer), {
        message: 'rule.required',
        path: ['tracking_no'],
      }),
    response: pickupRecordSchema,
  }),
} as const;

const zLinkInput = {
  link_type: z.enum(linkTypes).default('none'),
  /** Article id, app page (pages/...) or https URL, by link_type. */
  link_target: zStr(500).default(''),
};
const zPublishAt = z.string().datetime({ offset: true, message: 'rule.invalid' }).nullable().optional();

export const adminLinkSchema = z.object({ link_type: z.enum(linkTypes), link_target: z.string() });
const adminStateSchema = z.object({
  published: z.boolean(),
  publish_at: z.string().nullable(),
  /** draft, scheduled (published with a future publish_at) or live. */
  state: z.enum(['draft', 'scheduled', 'live']),
  updated_at: z.string(),
});
export const adminArticleSchema = adminStateSchema.extend({
  id: z.number().int(),
  slug: z.string(),
  category: z.enum(articleCategories),
  title_en: z.string(),
  title_zh: z.string(),
  summary_en: z.string(),
  summary_zh: z.string(),
  body_en: z.string(),
  body_zh: z.string(),
  cover: z.string(),
  sort: z.number().int(),
});
export const adminNoticeSchema = adminStateSchema.merge(adminLinkSchema).extend({
  id: z.number().int(),
  title_en: z.string(),
  title_zh: z.string(),
  body_en: z.string(),
  body_zh: z.string(),
  sort: z.number().int(),
});
export const adminSlideSchema = adminStateSchema.merge(adminLinkSchema).extend({
  id: z.number().int(),
  image: z.string(),
  title_en: z.string(),
  title_zh: z.string(),
  sort: z.number().int(),
});
export const supportConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(supportStatuses),
  customer: z.object({ id: z.number().int(), account: z.string(), nickname: z.string() }),
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  reason: z.string(),
  last_message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const contentKinds = ['article', 'notice', 'slide'] as const;

export const contentAdminContract = {
  adminArticleList: endpoint({
    path: '/api/admin/content/articleList',
    auth: 'staff',
    read: true,
    roles: ['content'],
    summary: 'Articles in every state, both languages.',
    request: z.object({ ...pageRequest, keyword: zStr(60).optional(), category: z.enum(articleCategories).optional() }),
    response: pageOf(adminArticleSchema),
  }),
  adminArticleSave: endpoint({
    path: '/api/admin/content/articleSave',
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit an article; the HTML is sanitised with an allow-list before it is stored.',
    request: z.object({
      id: zId.optional(),
      slug: z.string({ message: 'rule.slug' }).trim().regex(SLUG_PATTERN, { message: 'rule.slug' }),
      category: z.enum(articleCategories),
      title_en: zRequired(120),
      title_zh: zRequired(120),
      summary_en: zStr(300).default(''),
      summary_zh: zStr(300).default(''),
      body_en: zRequired(100_000),
      body_zh: zRequired(100_000),
      cover: zStr(500).default(''),
      sort: z.coerce.number().int().min(0).max(9999).default(0),
    }),
    response: adminArticleSchema,
  }),
  adminNoticeList: endpoint({
    path: '/api/admin/content/noticeList',
    auth: 'staff',
    read: true,
    roles: ['content'],
    summary: 'Notices in every state, both languages.',
    request: z.object({ ...pageRequest }),
    response: pageOf(adminNoticeSchema),
  }),
  adminNoticeSave: endpoint({
    path: '/api/admin/content/noticeSave',
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit a notice (plain text) and what it opens.',
    request: z.object({
      id: zId.optional(),
      title_en: zRequired(120),
      title_zh: zRequired(120),
      body_en: zStr(1000).default(''),
      body_zh: zStr(1000).default(''),
      sort: z.coerce.number().int().min(0).max(9999).default(0),
      ...zLinkInput,
    }),
    response: adminNoticeSchema,
  }),
  adminSlideList: endpoint({
    path: '/api/admin/content/slideList',
    auth: 'staff',
    read: true,
    roles: ['content'],
    summary: 'Home slides in every state.',
    request: z.object({ ...pageRequest }),
    response: pageOf(adminSlideSchema),
  }),
  adminSlideSave: endpoint({
    path: '/api/admin/content/slideSave',
    auth: 'staff',
    roles: ['content'],
    summary: 'Create or edit a home slide (image from an upload) and what it opens.',
    request: z.object({
      id: zId.optional(),
      image: zRequired(500),
      title_en: zStr(120).default(''),
      title_zh: zStr(120).default(''),
      sort: z.coerce.number().int().min(0).max(9999).default(0),
      ...zLinkInput,
    }),
    response: adminSlideSchema,
  }),
  adminContentPublish: endpoint({
    path: '/api/admin/content/publish',
    auth: 'staff',
    roles: ['content'],
    summary: 'Publish (now, or at publish_at) or unpublish an article, notice or slide.',
    request: z.object({ kind: z.enum(contentKinds), id: zId, published: zBoolish, publish_at: zPublishAt }),
    response: adminStateSchema.extend({ id: z.number().int() }),
  }),
  adminContentDelete: endpoint({
    path: '/api/admin/content/delete',
    auth: 'staff',
    roles: ['content'],
    summary: 'Delete an article, notice or slide.',
    request: z.object({ kind: z.enum(contentKinds), id: zId }),
    response: ok,
  }),
  adminSupportInbox: endpoint({
    path: '/api/admin/support/inbox',
    auth: 'staff',
    read: true,
    roles: ['service'],
    summary: 'Support conversations by status (waiting, assigned, closed), with the count of each.',
    request: z.object({ ...pageRequest, status: z.enum(supportStatuses).default('waiting') }),
    response: pageOf(supportConversationSchema).extend({ counts: z.record(z.string(), z.number().int()) }),
  }),
  adminSupportDetail: endpoint({
    path: '/api/admin/support/detail',
    auth: 'staff',
    read: true,
    roles: ['service'],
    summary: 'One conversation: its messages and the assistant transcript that preceded the handover.',
    request: z.object({ id: zId, after_id: zCursor.default(0) }),
    response: z.object({
      conversation: supportConversationSchema,
      list: z.array(supportMessageSchema),
      transcript: z.array(z.object({ role: z.string(), content: z.string(), at: z.string() })),
    }),
  }),
  adminSupportAssign: endpoint({
    path: '/api/admin/support/assign',
    auth: 'staff',
    roles: ['service'],
    summary: 'Take a waiting conversation.',
    request: z.object({ id: zId }),
    response: supportConversationSchema,
  }),
  adminSupportReply: endpoint({
    path: '/api/admin/support/reply',
    auth: 'staff',
    roles: ['service'],
    summary: 'Reply to the customer (reaches their chat live; notifies them when they are away).',
    request: z.object({ id: zId, body: zRequired(2000) }),
    response: supportMessageSchema,
  }),
  adminSupportClose: endpoint({
    path: '/api/admin/support/close',
    auth: 'staff',
    roles: ['service'],
    summary: 'Close the conversation; the assistant answers the customer again.',
    request: z.object({ id: zId }),
    response: supportConversationSchema,
  }),
  ...assistantAdminCalls,
} as const;
