import { useMemo, useSyncExternalStore } from 'react';

/**
 * The app's strings lookup: the part of i18next + react-i18next the app uses, without them (they were a large
 * share of the home screen's critical-path JS). It answers as i18next did with the options the app set
 * (one namespace, '.' between key parts, no fallback language, no escaping, returnNull false), and
 * translation.test.ts holds it to i18next key by key over every bundle:
 * - nested keys; a missing key gives `defaultValue` if one is passed, else the key itself;
 * - `count` (a number) picks `key_zero` (count 0, when present), then `key_<plural category>` of the language
 *   (Intl.PluralRules: en one/other, zh_CN other), then `key`; count is a variable too;
 * - `{{name}}` takes the option's value (null and undefined write nothing); a name not passed stays as it is;
 *   a value is never read again for placeholders;
 * - an object or array needs `returnObjects` (its strings interpolated), else the same sentence i18next gave.
 * Nesting (`$t(...)`), formats (`{{x, number}}`) and contexts are not supported: no string uses them
 * (the test fails if one starts to).
 */
export type TOptions = { count?: number; defaultValue?: unknown; returnObjects?: boolean } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

type Tree = Record<string, unknown>;

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

function lookup(tree: Tree | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!isObject(node) || !own(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

function merge(target: Tree, source: Tree) {
  for (const [k, v] of Object.entries(source)) {
    if (isObject(v) && !Array.isArray(v) && isObject(target[k]) && !Array.isArray(target[k])) merge(target[k] as Tree, v);
    else target[k] = v;
  }
}

const placeholder = /\{\{(.+?)\}\}/g;

function interpolate(text: string, options: TOptions): string {
  return text.replace(placeholder, (whole, name: string) => {
    const v = options[name.trim()];
    if (v === undefined) return own(options, name.trim()) ? '' : whole;
    return v === null ? '' : String(v);
  });
}

/** One set of strings per language and the language in use (a plain object: no class-field helpers at es2020). */
export function createTranslations() {
  const data = new Map<string, Tree>();
  const rules = new Map<string, Intl.PluralRules>();
  const fixed = new Map<string, TFunction>();
  const listeners = new Set<() => void>();

  const plural = (lng: string, count: number): string => {
    let rule = rules.get(lng);
    if (!rule) rules.set(lng, (rule = new Intl.PluralRules(lng.replace('_', '-'))));
    return rule.select(count);
  };

  const translate = (lng: string, key: string, options: TOptions = {}): string => {
    const tree = data.get(lng);
    const valid = (v: unknown) => v !== undefined && v !== null;
    let found: unknown;
    const count = options.count;
    if (count !== undefined && typeof count !== 'string') {
      if (count === 0) found = lookup(tree, `${key}_zero`);
      if (!valid(found)) found = lookup(tree, `${key}_${plural(lng, count)}`);
    }
    if (!valid(found)) found = lookup(tree, key);
    const hasDefault = Object.keys(options).some((k) => k.startsWith('defaultValue') && options[k] !== undefined);
    if (!valid(found) && hasDefault) found = options.defaultValue;
    if (isObject(found)) {
      if (!options.returnObjects) return `key '${key} (${self.language})' returned an object instead of string.`;
      return deepInterpolate(found, options) as unknown as string;
    }
    if (typeof found === 'boolean' || typeof found === 'number') return found as unknown as string;
    return interpolate(valid(found) ? String(found) : key, options);
  };

  const self = {
    language: '',
    addResourceBundle(lng: string, resources: Tree) {
      let tree = data.get(lng);
      if (!tree) data.set(lng, (tree = {}));
      merge(tree, resources);
    },
    /** A t bound to one language (a new one per language, as react-i18next handed out after a change). */
    fixedT(lng: string): TFunction {
      let t = fixed.get(lng);
      if (!t) fixed.set(lng, (t = (key, options) => translate(lng, key, options)));
      return t;
    },
    t: ((key, options) => translate(self.language, key, options)) as TFunction,
    changeLanguage(lng: string) {
      self.language = lng;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return self;
}
export type Translations = ReturnType<typeof createTranslations>;

function deepInterpolate(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => deepInterpolate(v, options));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepInterpolate(v, options)]));
  return value;
}

export const i18n = createTranslations();

/** The screen's t in the language in use; the component draws again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: Translations } {
  const lang = useSyncExternalStore(i18n.subscribe, () => i18n.language);
  return useMemo(() => ({ t: i18n.fixedT(lang), i18n }), [lang]);
}
