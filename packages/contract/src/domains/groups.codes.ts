import type { CodeText } from '../code-text.ts';

/** Groups and leaders: 410-499 (not 401/404). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const groupsCodes = {} as const;

export const groupsCodeMessages: Record<keyof typeof groupsCodes, CodeText> = {};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const groupsRuleMessages = {} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const groupsFieldLabels: Record<string, CodeText> = {};
