import { useSyncExternalStore } from 'react';

/**
 * The console speaks English and 简体中文 (the warehouse is in Guangzhou). The choice is remembered in
 * this browser and sent as the `language` header, so server messages follow it too.
 */
export type ConsoleLang = 'en' | 'zh_CN';
const KEY = 'pinyou-console-lang';
const listeners = new Set<() => void>();

export function consoleLang(): ConsoleLang {
  return localStorage.getItem(KEY) === 'zh_CN' ? 'zh_CN' : 'en';
}

export function setConsoleLang(lang: ConsoleLang) {
  localStorage.setItem(KEY, lang);
  for (const l of listeners) l();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useConsoleLang(): ConsoleLang {
  return useSyncExternalStore(subscribe, consoleLang, () => 'en');
}

/** A page's or domain's strings: the same keys in both languages (the type makes a missing one a compile error). */
export function defineStrings<K extends string>(s: { en: Record<K, string>; zh_CN: Record<K, string> }) {
  return s;
}

/** `t('key', { n: 3 })` in the chosen language; `{name}` placeholders are filled from params. */
export function useT<K extends string>(strings: { en: Record<K, string>; zh_CN: Record<K, string> }) {
  const lang = useConsoleLang();
  return (key: K, params?: Record<string, string | number>) =>
    strings[lang][key].replace(/\{(\w+)\}/g, (m, p: string) => (params?.[p] === undefined ? m : String(params[p])));
}
