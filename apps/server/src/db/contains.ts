/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally (a search box's words). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
