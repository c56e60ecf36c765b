import type { CodeText } from '../code-text.ts';

/** Mall: 510-599 (not 500). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const mallCodes = {} as const;

export const mallCodeMessages: Record<keyof typeof mallCodes, CodeText> = {};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const mallRuleMessages = {} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const mallFieldLabels: Record<string, CodeText> = {};
