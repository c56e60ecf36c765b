import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '@pinyou/contract';
import en from '../locales/en.json';
import zh from '../locales/zh_CN.json';
import { storage } from './app-storage.ts';
import { StorageKey } from './storage.ts';

export function currentLanguage(): Language {
  return parseLanguage(storage.get<string>(StorageKey.LANGUAGE) ?? DEFAULT_LANGUAGE);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh_CN: { translation: zh } },
  lng: currentLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language) {
  storage.set(StorageKey.LANGUAGE, lang);
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  return i18n.changeLanguage(lang);
}

export { i18n };
