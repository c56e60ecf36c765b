import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Language } from '@pinyou/contract';

type Locale = typeof zhCN;
let enUS: Locale | null = null;

/**
 * antd-mobile's own texts (empty states, pickers, dialogs). Chinese is its built-in default and ships with
 * its ConfigProvider; English is fetched with the English strings, so Chinese users never download it.
 */
export async function loadAntdLocale(lang: Language): Promise<void> {
  if (lang === 'en' && !enUS) enUS = (await import('antd-mobile/es/locales/en-US')).default;
}

export function antdLocale(lang: string): Locale {
  return lang === 'en' && enUS ? enUS : zhCN;
}
