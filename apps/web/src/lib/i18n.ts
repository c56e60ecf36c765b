import { use } from 'react';
import { i18n } from './translation.ts';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '@pinyou/contract';
import { storage } from './app-storage.ts';
import { StorageKey } from './storage.ts';
import { setManifestLanguage } from './pwa.ts';
import { loadAntdLocale } from './antd-locale.ts';

export function currentLanguage(): Language {
  const chosen = storage.get<string>(StorageKey.LANGUAGE);
  return chosen ? parseLanguage(chosen) : phoneLanguage();
}

/** Until the customer chooses, the app follows the phone's languages (en-SG → English, zh-* → 简体中文). */
function phoneLanguage(): Language {
  const list = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const l of list) {
    const tag = l.toLowerCase();
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Strings live in `src/locales/<bundle>/{en,zh_CN}.json`. Only `core` (frame, home, my centre) loads at
 * start, in the language in use; a screen asks for its domain's bundle with useStrings('wallet').
 * All bundles share one namespace, so keys stay `wallet.title` wherever they are used.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const combined = new Map<string, Promise<unknown>>();

function loadBundle(lang: Language, name: string): Promise<void> {
  const key = `${lang}/${name}`;
  let p = loading.get(key);
  if (!p) {
    const load = files[`../locales/${name}/${lang}.json`];
    if (!load) throw new Error(`No strings bundle ${name} for ${lang}`);
    p = load().then((m) => {
      i18n.addResourceBundle(lang, m.default);
      loaded.add(key);
    });
    loading.set(key, p);
  }
  return p;
}

const loadedNames = new Set<string>(['core']);

/** Loads the stored language's core strings; call before the first render. */
export async function initI18n() {
  const lang = currentLanguage();
  i18n.changeLanguage(lang);
  await Promise.all([loadBundle(lang, 'core'), loadAntdLocale(lang)]);
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  setManifestLanguage(lang);
}

/**
 * Suspends the screen until its strings bundles are loaded in the current language. Once loaded it does
 * not suspend again, and while loading it hands React the same promise on every render: a new promise
 * per render would suspend each re-render of a mounted screen (a form updating itself) without end.
 */
export function useStrings(...names: string[]) {
  const lang = parseLanguage(i18n.language);
  for (const n of names) loadedNames.add(n);
  const keys = names.map((n) => `${lang}/${n}`);
  if (keys.every((k) => loaded.has(k))) return;
  const id = keys.join('|');
  let p = combined.get(id);
  if (!p) {
    p = Promise.all(names.map((n) => loadBundle(lang, n)));
    combined.set(id, p);
  }
  use(p);
}

export async function setLanguage(lang: Language) {
  const names = [...loadedNames];
  await Promise.all([...names.map((n) => loadBundle(lang, n)), loadAntdLocale(lang)]);
  storage.set(StorageKey.LANGUAGE, lang);
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  setManifestLanguage(lang);
  i18n.changeLanguage(lang);
}

export { i18n };
