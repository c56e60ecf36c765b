import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The library the app used before its own lookup, kept as a dev dependency to hold translation.ts to it.
import i18next from 'i18next';
import { createTranslations, type TOptions } from './translation.ts';

const dir = path.join(import.meta.dirname, '../locales');
const languages = ['en', 'zh_CN'] as const;

function bundles(lang: string): Record<string, unknown>[] {
  return fs.readdirSync(dir).map((b) => JSON.parse(fs.readFileSync(path.join(dir, b, `${lang}.json`), 'utf8')) as Record<string, unknown>);
}

/** Every key path (leaves, objects and arrays), plural keys also without their suffix. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  const own = Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [prefix, ...own] : own;
}

async function pair(lang: string) {
  const ref = i18next.createInstance();
  await ref.init({ resources: {}, lng: lang, fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false });
  const mine = createTranslations();
  mine.changeLanguage(lang);
  for (const b of bundles(lang)) {
    ref.addResourceBundle(lang, 'translation', b, true, true);
    mine.addResourceBundle(lang, b);
  }
  return { ref, mine };
}

const variables = ['n', 'date', 'title', 'name', 'field', 'number', 'amount', 'total', 'kg', 'cbm', 'who', 'keyword', 'v'];
const optionSets: (TOptions | undefined)[] = [
  undefined,
  {},
  { count: 0 },
  { count: 1 },
  { count: 2 },
  { count: 21 },
  { count: '3' as unknown as number },
  { defaultValue: '' },
  { defaultValue: 'Back' },
  { returnObjects: true },
  Object.fromEntries(variables.map((v, i) => [v, i % 3 === 0 ? `<${v} {{name}} $t(common.back)>` : i % 3 === 1 ? i : null])),
  { count: 1, name: undefined, amount: 'S$1.00', kg: 2.5 },
];

describe('translation lookup matches i18next', () => {
  for (const lang of languages) {
    it(`answers every key of every bundle in ${lang} as i18next did`, async () => {
      const { ref, mine } = await pair(lang);
      const all = new Set(bundles(lang).flatMap((b) => keys(b)));
      for (const k of [...all].flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, '')])) {
        for (const o of optionSets) expect(mine.t(k, o), `${k} ${JSON.stringify(o)}`).toEqual(ref.t(k, o as never));
      }
      for (const k of ['no.such.key', 'titles.pages/unknown', 'home', '']) {
        for (const o of optionSets) expect(mine.t(k, o), `${k} ${JSON.stringify(o)}`).toEqual(ref.t(k, o as never));
      }
      // Every key of every bundle, with each option set: seconds on a loaded machine.
    }, 60_000);
  }

  it('the strings use only what the lookup supports (no nesting, formats, unescaped or context keys)', () => {
    for (const lang of languages) {
      const text = bundles(lang)
        .map((b) => JSON.stringify(b))
        .join('\n');
      expect(text).not.toMatch(/\$t\(|\{\{-|\{\{[^}]*,[^}]*\}\}/);
    }
  });

  it('a language change reaches subscribers and the bound t', () => {
    const tr = createTranslations();
    tr.addResourceBundle('en', { a: { b: 'B {{x}}' } });
    tr.addResourceBundle('zh_CN', { a: { b: '乙 {{x}}' } });
    tr.addResourceBundle('en', { a: { c: 'C' } });
    let calls = 0;
    const off = tr.subscribe(() => calls++);
    tr.changeLanguage('en');
    expect(tr.t('a.b', { x: 1 })).toBe('B 1');
    expect(tr.t('a.c')).toBe('C');
    tr.changeLanguage('zh_CN');
    expect(tr.t('a.b', { x: 1 })).toBe('乙 1');
    expect(tr.fixedT('en')('a.b', { x: 2 })).toBe('B 2');
    off();
    tr.changeLanguage('en');
    expect(calls).toBe(2);
  });
});
