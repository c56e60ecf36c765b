import type { CodeText } from '../code-text.ts';

/** Platform: jobs, notifications, health (20-29 protocol-level; 650-659 notifications). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const platformCodes = {
  WHATSAPP_OPT_IN_REQUIRED: 650,
  TELEGRAM_LINK_REQUIRED: 651,
  WHATSAPP_PHONE_REQUIRED: 652,
} as const;

export const platformCodeMessages: Record<keyof typeof platformCodes, CodeText> = {
  WHATSAPP_OPT_IN_REQUIRED: {
    en: 'Turn on WhatsApp updates first (Send me updates on WhatsApp), then choose which kinds to receive there',
    zh_CN: '请先开启 WhatsApp 通知（通过 WhatsApp 接收通知），再选择要接收的通知类型',
  },
  TELEGRAM_LINK_REQUIRED: {
    en: 'Connect Telegram first, then choose which kinds to receive there',
    zh_CN: '请先连接 Telegram，再选择要接收的通知类型',
  },
  WHATSAPP_PHONE_REQUIRED: {
    en: 'Bind your mobile number first: WhatsApp updates go to your verified number',
    zh_CN: '请先绑定手机号：WhatsApp 通知将发送到已验证的手机号',
  },
};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const platformRuleMessages = {} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const platformFieldLabels: Record<string, CodeText> = {};
