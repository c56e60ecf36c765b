import { pinyin } from 'pinyin-pro';
import { catalogueTree, brandEn } from './mall-catalogue.words.ts';
import { lexicon, type LexiconEntry } from './mall-search.lexicon.ts';

/**
 * Search text handling, done in the application so PGlite and PostgreSQL behave the same:
 * - Chinese: words of a small dictionary (the catalogue's words plus common ones) found in the text, every
 *   character bigram, and single characters; a query is segmented by forward maximum matching, unknown
 *   stretches fall back to bigrams.
 * - English: lower-case words, a plural 's' dropped, stop words ignored.
 * - Pinyin (pinyin-pro): every dictionary word and bigram of a title also as toneless pinyin ("lanya",
 *   "erji", "lanyaerji"), so "lanya erji" and "lanyaerji" find 蓝牙耳机.
 * - Words as customers say them (mall-search.lexicon.ts): each known word also asks for its synonyms in
 *   both languages (a little less) and its near goods (less again); phrases of the lexicon are indexed as one
 *   token ("phone case" → "phonecase").
 * - Typos: a Latin word not in the vocabulary is read as the known words nearest by Damerau-Levenshtein
 *   distance (a swapped pair is one edit; more edits allowed in longer words), or split into vocabulary
 *   words ("lanyaerji"), or joined with the next word ("ear phones"), or completed as a prefix; a Chinese
 *   stretch not in the dictionary is read by its sound when that is a known word (蓝芽 → 蓝牙).
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
  for (const e of lexicon) [...e.words, ...(e.near ?? [])].forEach((x) => add(x.toLowerCase()));
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

/**
 * Tokens of a text with weights (the higher, the more they speak for it). `wordsOnly`: dictionary and English
 * words and lexicon phrases, no pinyin, bigrams or characters (for long texts such as descriptions).
 */
export function indexTokens(text: string, weight = 10, wordsOnly = false): Map<string, number> {
  const key = `${weight}${wordsOnly ? 'w' : ''}\u0000${text}`;
  const hit = memo.get(key);
  if (hit) return new Map(hit);
  const out = computeTokens(text, weight, wordsOnly);
  if (memo.size > 5000) memo.clear();
  memo.set(key, out);
  return new Map(out);
}

function computeTokens(text: string, weight: number, wordsOnly: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const put = (t: string, w: number) => {
    if (t && t.length <= 60 && (out.get(t) ?? 0) < w) out.set(t, w);
  };
  // Phrases of the lexicon ("phone case", "t恤") as one token each, as heavy as a word of the text.
  const units = unitsOf(text);
  for (let i = 0; i < units.length; i++)
    for (let n = 2; n <= 3 && i + n <= units.length; n++) {
      const key = units.slice(i, i + n).join(' ');
      if (phraseKeys.has(key)) put(joinKey(key), CJK.test(key) ? weight : Math.max(1, weight - 2));
    }
  for (const run of runsOf(text)) {
    if (CJK.test(run)) {
      for (const word of dictionary) {
        if (run.includes(word)) {
          put(word, weight);
          if (!wordsOnly) put(pinyinOf(word), Math.max(1, weight - 3));
        }
      }
      if (wordsOnly) continue;
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

/**
 * Damerau-Levenshtein distance (optimal string alignment: a swapped pair of neighbours is one edit),
 * stopping early past `max`.
 */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** How many edits a word of this length may carry and still be read as a known word: none in short words. */
export const maxEdits = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** How strongly a query's reading speaks for a token: the word typed over a synonym, a correction, a near thing. */
export const QUALITY = { exact: 10, synonym: 7, corrected: 6, near: 4, prefix: 4 } as const;

/** A text as the lexicon and phrases see it: lower-case runs, stop words left out, English singular. */
function unitsOf(text: string): string[] {
  return runsOf(text)
    .filter((r) => CJK.test(r) || !STOP.has(r))
    .map((r) => (CJK.test(r) ? r : stem(r)));
}
const joinKey = (key: string) => key.replace(/ /g, '');
/** The index token a lexicon word is found by (a phrase's words joined). */
const tokenOfWord = (w: string) => joinKey(unitsOf(w).join(' '));

/** Lexicon phrases of two or three units, indexed as one token. */
const phraseKeys = new Set<string>();
const lexiconByKey = new Map<string, LexiconEntry[]>();
for (const e of lexicon) {
  const addKey = (k: string) => {
    const l = lexiconByKey.get(k) ?? [];
    if (!l.includes(e)) l.push(e);
    lexiconByKey.set(k, l);
  };
  for (const w of e.words) {
    const k = unitsOf(w).join(' ');
    if (!k) continue;
    addKey(k);
    if (k.includes(' ')) {
      phraseKeys.add(k);
      addKey(joinKey(k));
    } else if (CJK.test(k) && !/[a-z0-9]/.test(k)) addKey(pinyinOf(k));
  }
}
/** The lexicon's Latin keys (English words, phrases joined, pinyin): typos are read against these too. */
const lexiconLatin = [...lexiconByKey.keys()].filter((k) => /^[a-z0-9]+$/.test(k));

/** One reading of a query word: a token and how strongly it speaks for what was typed. */
interface Alt {
  token: string;
  q: number;
}

/** What the lexicon adds for a key: its synonyms, then its near goods, scaled down for a corrected word. */
function lexiconAlts(key: string, scale = 1): Alt[] {
  const out: Alt[] = [];
  for (const e of lexiconByKey.get(key) ?? []) {
    for (const w of e.words) out.push({ token: tokenOfWord(w), q: Math.round(QUALITY.synonym * scale) });
    for (const w of e.near ?? []) out.push({ token: tokenOfWord(w), q: Math.round(QUALITY.near * scale) });
  }
  return out;
}

/** One thing the query asks for: any of `tokens` satisfies it, each as strongly as its `quality`. */
export interface QueryTerm {
  tokens: string[];
  /** Per token, 1-10: the word typed outranks its synonyms, a correction, a near thing. */
  quality: number[];
  /** How the term reads in the "read as" line. */
  shown: string;
}

function term(alts: Alt[], shown: string): QueryTerm {
  const best = new Map<string, number>();
  for (const a of alts) if (a.token && (best.get(a.token) ?? 0) < a.q) best.set(a.token, a.q);
  const sorted = [...best].sort((x, y) => y[1] - x[1]);
  return { tokens: sorted.map(([t]) => t), quality: sorted.map(([, q]) => q), shown };
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

/** The known words (index vocabulary and lexicon) nearest to a word, within `max` edits: the nearest only. */
export function nearestWords(word: string, vocab: Set<string>, max: number): string[] {
  if (max <= 0) return [];
  let found: string[] = [];
  let at = max + 1;
  const look = (v: string) => {
    if (!/^[a-z]+$/.test(v) || Math.abs(v.length - word.length) > at) return;
    const d = editDistance(word, v, Math.min(at, max));
    if (d < at) {
      found = [v];
      at = d;
    } else if (d === at && d <= max && !found.includes(v)) found.push(v);
  };
  vocab.forEach(look);
  lexiconLatin.forEach(look);
  return found.sort((a, b) => Number(lexiconByKey.has(b)) - Number(lexiconByKey.has(a)) || a.length - b.length);
}

/** What is known of a Latin word as typed: itself in the index, its lexicon entries, the Chinese word it is the pinyin of. */
function knownAlts(word: string, raw: string, vocab: Set<string>): { alts: Alt[]; shown: string } | null {
  const alts: Alt[] = [];
  if (vocab.has(word) || vocab.has(raw) || /^\d+$/.test(raw))
    alts.push({ token: word, q: QUALITY.exact }, { token: raw, q: QUALITY.exact });
  alts.push(...lexiconAlts(word), ...(raw !== word ? lexiconAlts(raw) : []));
  const zh = pinyinToWord.get(word);
  if (zh) alts.push({ token: zh, q: QUALITY.exact }, ...lexiconAlts(zh));
  if (!alts.length) return null;
  const lexZh = lexiconByKey.get(word)?.[0]?.words.find((w) => CJK.test(w) && pinyinOf(w) === word);
  return { alts, shown: zh ?? lexZh ?? raw };
}

/** A Chinese run's terms: dictionary words (and what the lexicon adds), unknown stretches by sound or by bigrams. */
function chineseTerms(run: string, vocab: Set<string>): { terms: QueryTerm[]; changed: boolean } {
  const terms: QueryTerm[] = [];
  let changed = false;
  for (const part of segment(run)) {
    if (part.known || part.text.length === 1) {
      terms.push(term([{ token: part.text, q: QUALITY.exact }, ...lexiconAlts(part.text)], part.text));
      continue;
    }
    // A stretch not in the dictionary may be a word typed with a character of the same sound (蓝芽 → 蓝牙).
    const sound = pinyinOf(part.text);
    const zh = pinyinToWord.get(sound);
    if (zh && (vocab.has(sound) || lexiconByKey.has(zh))) {
      changed = true;
      terms.push(term([{ token: zh, q: QUALITY.corrected }, { token: sound, q: QUALITY.corrected }, ...lexiconAlts(zh, 0.7)], zh));
      continue;
    }
    // An unknown stretch: each of its bigrams is a term, so goods matching more of them rank higher.
    for (let i = 0; i + 1 < part.text.length; i++) {
      const gram = part.text.slice(i, i + 2);
      terms.push(term([{ token: gram, q: QUALITY.exact }], i === 0 ? part.text : ''));
    }
  }
  return { terms, changed };
}

/** What a keyword asks for, read against the vocabulary of indexed tokens. */
export function parseQuery(keyword: string, vocab: Set<string>): { terms: QueryTerm[]; readAs: string } {
  const terms: QueryTerm[] = [];
  let changed = false;
  const runs = runsOf(keyword).filter((r) => CJK.test(r) || !STOP.has(r));
  const units = runs.map((r) => (CJK.test(r) ? r : stem(r)));
  for (let i = 0; i < units.length; i++) {
    // A phrase of the lexicon ("phone case", "noise cancelling") is one term.
    const n = [3, 2].find((k) => i + k <= units.length && phraseKeys.has(units.slice(i, i + k).join(' ')));
    if (n) {
      const key = units.slice(i, i + n).join(' ');
      terms.push(term([{ token: joinKey(key), q: QUALITY.exact }, ...lexiconAlts(key)], runs.slice(i, i + n).join(' ')));
      i += n - 1;
      continue;
    }
    const run = runs[i];
    if (CJK.test(run)) {
      const r = chineseTerms(run, vocab);
      terms.push(...r.terms);
      changed ||= r.changed;
      continue;
    }
    const word = units[i];
    // Two words typed for one ("ear phones" = earphones, "lan ya" = lanya).
    const next = runs[i + 1];
    if (next && !CJK.test(next)) {
      const joined = stem(run + next);
      const known = vocab.has(joined) ? knownAlts(joined, run + next, vocab) : null;
      if (known) {
        terms.push(term(known.alts, known.shown));
        changed = true;
        i++;
        continue;
      }
    }
    const known = knownAlts(word, run, vocab);
    if (known) {
      if (known.shown !== run) changed = true;
      terms.push(term(known.alts, known.shown));
      continue;
    }
    const pieces = wordBreak(word, vocab) ?? wordBreak(run, vocab);
    if (pieces) {
      changed = true;
      for (const p of pieces) {
        const k = knownAlts(p, p, vocab)!;
        terms.push(term(k.alts, k.shown));
      }
      continue;
    }
    const near = nearestWords(word, vocab, maxEdits(word.length)).slice(0, 10);
    if (near.length) {
      changed = true;
      const alts = near.flatMap((v) => [
        { token: v, q: QUALITY.corrected },
        ...lexiconAlts(v, 0.7),
        ...(pinyinToWord.has(v) ? [{ token: pinyinToWord.get(v)!, q: QUALITY.corrected }] : []),
      ]);
      terms.push(term(alts, pinyinToWord.get(near[0]) ?? near[0]));
      continue;
    }
    if (word.length >= 3) {
      const pre = [...vocab].filter((v) => v.startsWith(word)).slice(0, 30);
      if (pre.length) {
        terms.push(
          term(
            pre.map((token) => ({ token, q: QUALITY.prefix })),
            run,
          ),
        );
        continue;
      }
    }
    terms.push(term([{ token: word, q: QUALITY.exact }], run));
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
 * For a search that found nothing: the keyword with each unknown Latin word replaced by the nearest known word,
 * allowing one edit more than reading a typo does ("" when nothing near enough).
 */
export function didYouMean(keyword: string, vocab: Set<string>): string {
  let changed = false;
  const out = runsOf(keyword).map((run) => {
    if (CJK.test(run) || STOP.has(run) || /^\d+$/.test(run)) return run;
    const word = stem(run);
    if (vocab.has(word) || lexiconByKey.has(word)) return run;
    const near = nearestWords(word, vocab, run.length < 3 ? 0 : maxEdits(run.length) + 1);
    if (!near.length) return run;
    changed = true;
    return pinyinToWord.get(near[0]) ?? near[0];
  });
  return changed ? out.join(' ') : '';
}

/**
 * The index's version: a product indexed by another version (or not at all) is indexed again at start-up.
 * Raise it whenever what `indexTokens` produces changes.
 */
export const INDEX_VERSION = 2;

/** The Latin tokens (English words, pinyin, numbers) among these: the vocabulary queries are read against. */
export const latinOf = (tokens: Iterable<string>) => [...tokens].filter((t) => /^[a-z0-9]+$/.test(t));

/** All query tokens to look up. */
export const tokensOf = (terms: QueryTerm[]) => [...new Set(terms.flatMap((t) => t.tokens))];

export { brandEn };
