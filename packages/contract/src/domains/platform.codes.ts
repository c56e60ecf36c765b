import type { CodeText } from '../code-text.ts';

/** Platform: jobs, notifications, health (20-29 protocol-level; 650-659 notifications). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const platformCodes = {} as const;

export const platformCodeMessages: Record<keyof typeof platformCodes, CodeText> = {};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const platformRuleMessages = {} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const platformFieldLabels: Record<string, CodeText> = {};
