import type { CodeText } from '../code-text.ts';

/** Content, AI chat, human support, pickup sites: 600-649. Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const contentCodes = {
  CONTENT_NOT_FOUND: 600,
  SLUG_TAKEN: 601,
  LINK_INVALID: 602,
  /** Spec §8: "server busy, try later" when the model cannot answer. */
  CHAT_BUSY: 603,
  CHAT_RATE_LIMITED: 604,
  /** The conversation is with a person now; the assistant no longer answers. */
  CHAT_HANDED_OVER: 605,
  SUPPORT_NOT_FOUND: 606,
  SUPPORT_STATE: 607,
  PICKUP_CUSTOMER_UNKNOWN: 610,
  PICKUP_TRACKING_TAKEN: 611,
  PICKUP_NOT_FOUND: 612,
  PICKUP_STATE: 613,
  PICKUP_DUPLICATE: 614,
} as const;

export const contentCodeMessages: Record<keyof typeof contentCodes, CodeText> = {
  CONTENT_NOT_FOUND: { en: 'This content does not exist or is not published', zh_CN: '内容不存在或未发布' },
  SLUG_TAKEN: { en: 'Another article already uses the key {slug}', zh_CN: '标识 {slug} 已被其他文章使用' },
  LINK_INVALID: {
    en: 'The link must be an article, an app page (pages/...) or an https address',
    zh_CN: '链接须为文章、应用页面（pages/...）或 https 地址',
  },
  CHAT_BUSY: { en: 'The server is busy, please try again later', zh_CN: '服务器繁忙，请稍后再试' },
  CHAT_RATE_LIMITED: { en: 'You are sending messages too fast; try again in {retryAfter} s', zh_CN: '发送太频繁，请{retryAfter}秒后再试' },
  CHAT_HANDED_OVER: {
    en: 'A customer-service colleague is handling your conversation; please continue there',
    zh_CN: '人工客服正在处理您的会话，请在人工客服中继续',
  },
  SUPPORT_NOT_FOUND: { en: 'The conversation does not exist', zh_CN: '会话不存在' },
  SUPPORT_STATE: { en: 'The conversation is already {status}', zh_CN: '会话已{status}' },
  PICKUP_CUSTOMER_UNKNOWN: { en: 'No customer with the ID or phone {customer}', zh_CN: '找不到 ID 或手机号为 {customer} 的客户' },
  PICKUP_TRACKING_TAKEN: {
    en: 'The tracking number {tracking_no} belongs to another customer',
    zh_CN: '快递单号 {tracking_no} 属于其他客户',
  },
  PICKUP_NOT_FOUND: { en: 'The pickup record does not exist', zh_CN: '自提记录不存在' },
  PICKUP_STATE: { en: 'This parcel has already been {status}', zh_CN: '该包裹已{status}' },
  PICKUP_DUPLICATE: { en: 'The tracking number {tracking_no} is already recorded here', zh_CN: '快递单号 {tracking_no} 已登记' },
};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const contentRuleMessages = {
  'rule.pickupCode': { en: 'The pickup code is 1 to 20 letters, digits or dashes', zh_CN: '取件码为1至20位字母、数字或横线' },
  'rule.slug': { en: 'The key is 2 to 60 lower-case letters, digits or dashes', zh_CN: '标识为2至60位小写字母、数字或横线' },
  'rule.chatMessage': { en: 'Please type a message (at most 500 characters)', zh_CN: '请输入消息（最多500字）' },
} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const contentFieldLabels: Record<string, CodeText> = {
  pickup_code: { en: 'Pickup code', zh_CN: '取件码' },
  customer: { en: 'Customer ID or phone', zh_CN: '客户 ID 或手机号' },
  title_en: { en: 'English title', zh_CN: '英文标题' },
  title_zh: { en: 'Chinese title', zh_CN: '中文标题' },
  body_en: { en: 'English text', zh_CN: '英文内容' },
  body_zh: { en: 'Chinese text', zh_CN: '中文内容' },
  slug: { en: 'Key', zh_CN: '标识' },
  image: { en: 'Image', zh_CN: '图片' },
  link_target: { en: 'Link', zh_CN: '链接' },
};
