/** A message in both languages. */
export type CodeText = { en: string; zh_CN: string };
