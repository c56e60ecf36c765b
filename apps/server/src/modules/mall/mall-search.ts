import { pinyin } from 'pinyin-pro';
import { catalogueTree, brandEn } from './mall-catalogue.words.ts';

/**
 * Search text handling, done in the application so PGlite and PostgreSQL behave the same:
 * - Chinese: words of a small dictionary (the catalogue's words plus common ones) found in the text, every
 *   character bigram, and single characters; a query is segmented by forward maximum matching, unknown
 *   stretches fall back to bigrams.
 * - English: lower-case words, a plural 's' dropped, stop words ignored.
 * - Pinyin (pinyin-pro): every dictionary word and bigram of a title also as toneless pinyin ("lanya",
 *   "erji", "lanyaerji"), so "lanya erji" and "lanyaerji" find 蓝牙耳机.
 * - Typos: a Latin word not in the vocabulary is read as the vocabulary words at edit distance 1
 *   (words of 4+ letters), or split into vocabulary words ("lanyaerji"), or completed as a prefix.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
const STOP = new Set(['and', 'with', 'for', 'of', 'the', 'a', 'an', 'in', 'to', 'de']);

const extraWords = [
  '蓝牙',
  '耳机',
  '无线',
  '降噪',
  '充电',
  '手机',
  '保护',
  '电源',
  '移动',
  '数据',
  '快充',
  '电饭',
  '空气',
  '风扇',
  '裙子',
  '衬衫',
  '外套',
  '鞋子',
  '跑步',
  '背包',
  '包包',
  '护肤',
  '化妆',
  '补水',
  '洗发',
  '防晒',
  '零食',
  '牛肉',
  '茶叶',
  '奶粉',
  '水杯',
  '杯子',
  '保温',
  '收纳',
  '枕头',
  '玩具',
  '积木',
  '瑜伽',
  '健身',
  '帐篷',
  '露营',
  '文具',
  '笔记',
  '钢笔',
  '电池',
  '液体',
  '粉末',
  '礼盒',
  '儿童',
  '学生',
  '家用',
  '便携',
  '大容量',
  '不锈钢',
  '纯棉',
];

function collectDictionary(): Set<string> {
  const d = new Set<string>(extraWords);
  const add = (s: string) => {
    if (CJK.test(s) && s.length >= 2) d.add(s);
  };
  for (const top of catalogueTree) {
    add(top.zh);
    for (const l of top.leaves) {
      add(l.zh);
      l.nouns.forEach((n) => add(n.zh));
      l.features.forEach((f) => add(f.zh));
      l.brands.forEach(add);
      l.options.values.forEach((v) => add(v.zh));
    }
  }
  return d;
}

export const dictionary = collectDictionary();
const maxWord = Math.max(...[...dictionary].map((w) => w.length));

/** Toneless pinyin of Chinese text, syllables joined ("蓝牙" → "lanya"); "" when nothing Chinese. */
export function pinyinOf(zh: string): string {
  return pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'removed', v: true })
    .join('')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Pinyin of each dictionary word back to the word, for showing how a pinyin query was read. */
const pinyinToWord = new Map<string, string>();
for (const w of dictionary) {
  const p = pinyinOf(w);
  if (p && !pinyinToWord.has(p)) pinyinToWord.set(p, w);
}

/** English words lower-cased, plural dropped. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function runsOf(text: string): string[] {
  return text.toLowerCase().normalize('NFKC').match(RUN) ?? [];
}

/** Recent tokenisations (the seeded catalogue is indexed again after every test reset). */
const memo = new Map<string, Map<string, number>>();

/** Tokens of a text with weights (the higher, the more they speak for it). */
export function indexTokens(text: string, weight = 10): Map<string, number> {
  const key = `${weight}\u0000${text}`;
  const hit = memo.get(key);
  if (hit) return new Map(hit);
  const out = computeTokens(text, weight);
  if (memo.size > 5000) memo.clear();
  memo.set(key, out);
  return new Map(out);
}

function computeTokens(text: string, weight: number): Map<string, number> {
  const out = new Map<string, number>();
  const put = (t: string, w: number) => {
    if (t && t.length <= 60 && (out.get(t) ?? 0) < w) out.set(t, w);
  };
  for (const run of runsOf(text)) {
    if (CJK.test(run)) {
      for (const word of dictionary) {
        if (run.includes(word)) {
          put(word, weight);
          put(pinyinOf(word), Math.max(1, weight - 3));
        }
      }
      for (let i = 0; i + 1 < run.length; i++) {
        const bi = run.slice(i, i + 2);
        put(bi, Math.max(1, Math.round(weight / 3)));
        put(pinyinOf(bi), Math.max(1, Math.round(weight / 3)));
      }
      for (const ch of run) put(ch, 1);
    } else {
      if (STOP.has(run)) continue;
      put(stem(run), Math.max(1, weight - 2));
    }
  }
  return out;
}

/** Segments a Chinese run by forward maximum matching; unknown stretches come back as [stretch, isWord=false]. */
export function segment(run: string): { text: string; known: boolean }[] {
  const out: { text: string; known: boolean }[] = [];
  let unknown = '';
  let i = 0;
  while (i < run.length) {
    let len = Math.min(maxWord, run.length - i);
    while (len >= 2 && !dictionary.has(run.slice(i, i + len))) len--;
    if (len >= 2) {
      if (unknown) out.push({ text: unknown, known: false });
      unknown = '';
      out.push({ text: run.slice(i, i + len), known: true });
      i += len;
    } else {
      unknown += run[i];
      i++;
    }
  }
  if (unknown) out.push({ text: unknown, known: false });
  return out;
}

/** Levenshtein distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** One thing the query asks for: any of `tokens` satisfies it. */
export interface QueryTerm {
  tokens: string[];
  /** How the term reads in the "read as" line. */
  shown: string;
}

/** Splits a Latin word into vocabulary words (pieces of 2+ letters), fewest pieces first. */
function wordBreak(word: string, vocab: Set<string>): string[] | null {
  const best: (string[] | null)[] = Array(word.length + 1).fill(null);
  best[0] = [];
  for (let i = 0; i < word.length; i++) {
    const head = best[i];
    if (!head) continue;
    for (let j = i + 2; j <= word.length; j++) {
      const piece = word.slice(i, j);
      if (vocab.has(piece) && (!best[j] || best[j]!.length > head.length + 1)) best[j] = [...head, piece];
    }
  }
  const r = best[word.length];
  return r && r.length > 1 ? r : null;
}

/** What a keyword asks for, read against the vocabulary of indexed tokens. */
export function parseQuery(keyword: string, vocab: Set<string>): { terms: QueryTerm[]; readAs: string } {
  const terms: QueryTerm[] = [];
  let changed = false;
  for (const run of runsOf(keyword)) {
    if (CJK.test(run)) {
      for (const part of segment(run)) {
        if (part.known || part.text.length === 1) terms.push({ tokens: [part.text], shown: part.text });
        else {
          // An unknown stretch: each of its bigrams is a term, so goods matching more of them rank higher.
          for (let i = 0; i + 1 < part.text.length; i++) {
            const gram = part.text.slice(i, i + 2);
            terms.push({ tokens: [gram], shown: i === 0 ? part.text : '' });
          }
        }
      }
      continue;
    }
    if (STOP.has(run)) continue;
    const word = stem(run);
    if (vocab.has(word) || vocab.has(run) || /^\d+$/.test(run)) {
      const shownAs = pinyinToWord.get(word);
      if (shownAs) changed = true;
      terms.push({ tokens: [...new Set([word, run])], shown: shownAs ?? run });
      continue;
    }
    const pieces = wordBreak(word, vocab) ?? wordBreak(run, vocab);
    if (pieces) {
      changed = true;
      for (const p of pieces) terms.push({ tokens: [p], shown: pinyinToWord.get(p) ?? p });
      continue;
    }
    if (word.length >= 4) {
      const near = [...vocab].filter((v) => /^[a-z]+$/.test(v) && editDistance(word, v) <= 1);
      if (near.length) {
        changed = true;
        near.sort((a, b) => a.length - b.length);
        terms.push({ tokens: near.slice(0, 10), shown: pinyinToWord.get(near[0]) ?? near[0] });
        continue;
      }
    }
    if (word.length >= 3) {
      const pre = [...vocab].filter((v) => v.startsWith(word)).slice(0, 30);
      if (pre.length) {
        terms.push({ tokens: pre, shown: run });
        continue;
      }
    }
    terms.push({ tokens: [word], shown: run });
  }
  return {
    terms,
    readAs: changed
      ? terms
          .map((t) => t.shown)
          .filter(Boolean)
          .join(' ')
      : '',
  };
}

/**
 * The index's version: a product indexed by another version (or not at all) is indexed again at start-up.
 * Raise it whenever what `indexTokens` produces changes.
 */
export const INDEX_VERSION = 1;

/** The Latin tokens (English words, pinyin, numbers) among these: the vocabulary queries are read against. */
export const latinOf = (tokens: Iterable<string>) => [...tokens].filter((t) => /^[a-z0-9]+$/.test(t));

/** All query tokens to look up. */
export const tokensOf = (terms: QueryTerm[]) => [...new Set(terms.flatMap((t) => t.tokens))];

export { brandEn };
