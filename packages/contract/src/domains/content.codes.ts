import type { CodeText } from '../code-text.ts';

/** Content, AI chat, human support, pickup sites: 600-649. Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const contentCodes = {} as const;

export const contentCodeMessages: Record<keyof typeof contentCodes, CodeText> = {};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const contentRuleMessages = {} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const contentFieldLabels: Record<string, CodeText> = {};
