export const LANGUAGES = ['zh_CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';

export function parseLanguage(value: unknown): Language {
  return value === 'en' || value === 'zh_CN' ? value : DEFAULT_LANGUAGE;
}
