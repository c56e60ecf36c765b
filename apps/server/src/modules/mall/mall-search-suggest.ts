import type { Language } from '@pinyou/contract';
import { catalogueTree } from './mall-catalogue.words.ts';
import { lexicon } from './mall-search.lexicon.ts';
import { dictionary, editDistance, pinyinOf, stem } from './mall-search.ts';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Suggestions answered per keystroke. */
const SHOWN = 8;
/** Candidates looked at per keystroke before ranking (the index is sorted: a prefix is one contiguous range). */
const LOOKED_AT = 200;

export interface SuggestCategory {
  id: number;
  nameZh: string;
  nameEn: string;
}

interface Entry {
  zh: string;
  en: string;
  categoryId: number | null;
  /** Lower first: categories, the catalogue's names of goods, then other words. */
  rank: number;
}

/**
 * Suggestions as the customer types, from memory: categories, the names of goods in the index, and the words
 * of the lexicon that find goods. Every entry is filed under its text, its pinyin, the initials of its pinyin
 * and (Chinese) every tail of its text, in one sorted array, so a keystroke is a binary search and a short
 * walk along one range, whatever the number of goods.
 */
export class SearchSuggester {
  private keys: string[] = [];
  private entryOf: number[] = [];
  private entries: Entry[] = [];

  /** `present`: whether an index token (English word or pinyin) is found in some product. */
  constructor(categories: SuggestCategory[], present: (token: string) => boolean) {
    const seen = new Set<string>();
    const add = (e: Entry) => {
      const id = `${e.zh}\u0000${e.en}\u0000${e.categoryId}`;
      if (seen.has(id)) return;
      seen.add(id);
      this.entries.push(e);
    };
    for (const c of categories) add({ zh: c.nameZh, en: c.nameEn, categoryId: c.id, rank: 0 });
    const zhFinds = (w: string) => present(pinyinOf(w));
    const enFinds = (w: string) => {
      const words = w.toLowerCase().match(/[a-z0-9]+/g) ?? [];
      return words.length > 0 && words.every((x) => present(stem(x)));
    };
    for (const top of catalogueTree)
      for (const l of top.leaves)
        for (const n of l.nouns) {
          if (zhFinds(n.zh)) add({ zh: n.zh, en: '', categoryId: null, rank: 1 });
          if (enFinds(n.en)) add({ zh: '', en: n.en, categoryId: null, rank: 1 });
        }
    for (const e of lexicon)
      for (const w of e.words) {
        if (CJK.test(w) ? zhFinds(w) : enFinds(w))
          add(CJK.test(w) ? { zh: w, en: '', categoryId: null, rank: 2 } : { zh: '', en: w, categoryId: null, rank: 2 });
      }
    for (const w of dictionary) if (w.length >= 2 && zhFinds(w)) add({ zh: w, en: '', categoryId: null, rank: 3 });
    const pairs: [string, number][] = [];
    this.entries.forEach((e, n) => {
      for (const k of keysOf(e)) pairs.push([k, n]);
    });
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = pairs.map((p) => p[0]);
    this.entryOf = pairs.map((p) => p[1]);
  }

  get size() {
    return this.entries.length;
  }

  /** Up to SHOWN suggestions for what is typed, best first. */
  suggest(typed: string, lang: Language): { text: string; category_id: number | null }[] {
    const q = normalise(typed);
    if (!q) return [];
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid] < q) lo = mid + 1;
      else hi = mid;
    }
    const found = new Map<number, number>();
    for (let i = lo; i < this.keys.length && found.size < LOOKED_AT && this.keys[i].startsWith(q); i++) {
      const n = this.entryOf[i];
      const e = this.entries[n];
      // The text itself beginning with what is typed outranks a pinyin or a tail match.
      const direct = normalise(e.zh).startsWith(q) || normalise(e.en).startsWith(q) ? 0 : 1;
      found.set(n, Math.min(found.get(n) ?? 9, direct));
    }
    return (
      [...found]
        .map(([n, direct]) => ({ e: this.entries[n], direct }))
        .sort(
          (a, b) =>
            a.direct - b.direct ||
            a.e.rank - b.e.rank ||
            textOf(a.e, lang).length - textOf(b.e, lang).length ||
            (textOf(a.e, lang) < textOf(b.e, lang) ? -1 : 1),
        )
        // One of each thing: "Earphones" (the category) and "earphone" (a word) say the same.
        .filter((x, i, all) => all.findIndex((y) => sameThing(textOf(y.e, lang), textOf(x.e, lang))) === i)
        .slice(0, SHOWN)
        .map(({ e }) => ({ text: textOf(e, lang), category_id: e.categoryId }))
    );
  }
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^a-z0-9\u3400-\u9fff\uf900-\ufaff]/g, '');

const sameThing = (a: string, b: string) => normalise(a).replace(/s$/, '') === normalise(b).replace(/s$/, '');

/** A category in the asker's language; a word as it is. */
const textOf = (e: Entry, lang: Language) => (e.categoryId !== null ? (lang === 'zh_CN' ? e.zh : e.en) : e.zh || e.en);

function keysOf(e: Entry): string[] {
  const keys = new Set<string>();
  for (const text of [e.zh, e.en]) {
    const k = normalise(text);
    if (!k) continue;
    keys.add(k);
    // English words after the first ("bluetooth earphones" under "earphones").
    if (!CJK.test(text)) for (const m of text.toLowerCase().matchAll(/[a-z0-9]+/g)) if (m.index) keys.add(normalise(text.slice(m.index)));
  }
  if (e.zh && CJK.test(e.zh)) {
    const zh = normalise(e.zh);
    for (let i = 1; i < zh.length; i++) keys.add(zh.slice(i));
    const py = pinyinOf(e.zh);
    if (py) keys.add(py);
    const initials = (zh.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).map((ch) => pinyinOf(ch)[0] ?? '').join('');
    if (initials.length >= 2) keys.add(initials);
  }
  return [...keys];
}

/**
 * The categories nearest to a keyword that found nothing: those sharing Chinese characters with it, or whose
 * names (or their pinyin) are a few edits from its words; best first, at most `max`.
 */
export function nearestCategories<C extends SuggestCategory>(keyword: string, categories: C[], max = 3): C[] {
  const k = keyword.toLowerCase().normalize('NFKC');
  const chars = new Set(k.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []);
  const words = (k.match(/[a-z]+/g) ?? []).map(stem).filter((w) => w.length >= 3);
  const scored = categories.map((c) => {
    let score = 0;
    for (const ch of c.nameZh) if (chars.has(ch)) score += 3;
    const names = [...(c.nameEn.toLowerCase().match(/[a-z]+/g) ?? []).map(stem), pinyinOf(c.nameZh)].filter(Boolean);
    for (const w of words)
      for (const n of names) {
        if (n.startsWith(w) || w.startsWith(n)) score += 3;
        else if (editDistance(w, n, 2) <= 2) score += 2;
      }
    return { c, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.c.id - b.c.id)
    .slice(0, max)
    .map((s) => s.c);
}
