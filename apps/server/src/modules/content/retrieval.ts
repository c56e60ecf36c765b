/**
 * The assistant's search over our articles and notices: BM25 over sections, in both languages at once.
 * Chinese is segmented by jieba (with the field's words added to its dictionary), and every run of Han
 * characters also gives character bigrams (a second, lighter field: a word jieba cut differently still
 * meets). English words are Porter-stemmed; a misspelt word is read as the nearest indexed word
 * (Damerau-Levenshtein, transpositions are one edit). Both sides also get concept terms from the lexicon,
 * so 不能寄 meets "may not", and a question in one language meets a section written in the other.
 * A section's heading counts more than its body, and the article title a little.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { stemmer } from 'stemmer';
import type { Language } from '@pinyou/contract';
import type { LexiconConcept } from './lexicon.data.ts';

const hanRun = /\p{Script=Han}+/gu;
const isHan = /\p{Script=Han}/u;

const stopEn = new Set(
  "a an the is are was were be been am i you we it its my me our your of to in on at for from by with and or do does did how what when where which who why could would should will shall this that these those there here as if so than then into about up down out over some please tell know want need get have has had hi hello thanks thank us they them their pls plz take i'm i'd".split(
    ' ',
  ),
);
const stopZh = new Set(
  '的 了 吗 呢 吧 啊 呀 哦 嗯 是 我 你 他 她 它 们 在 和 与 或 请 问 请问 要 有 这 那 么 什么 怎么 怎样 一下 一个 个 能 可以 会 就 都 也 还 又 把 被 给 让 对 从 到 多少 哪些 哪里 哪 东西 想 知道 告诉 麻烦 亲 您 你们 我们'.split(
    ' ',
  ),
);

let jieba: Jieba | null = null;
const fieldWords = new Set<string>();
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Adds the lexicon's Chinese words to the segmenter's dictionary, so 充电宝 stays one word. */
export function addFieldWords(words: Iterable<string>) {
  const fresh = [...words].filter((w) => isHan.test(w) && [...w].length > 1 && [...w].length <= 4 && !fieldWords.has(w));
  if (!fresh.length) return;
  for (const w of fresh) fieldWords.add(w);
  segmenter().loadDict(Buffer.from(fresh.map((w) => `${w} 200000 n`).join('\n')));
}

const stem = (w: string) => (/^[a-z]+$/.test(w) && w.length > 2 ? stemmer(w) : w);

/** Words in reading order: Chinese words (stop words kept, for phrase matching) and stemmed English words. */
function words(text: string): string[] {
  const out: string[] = [];
  const norm = text.normalize('NFKC').toLowerCase();
  for (const m of norm.matchAll(/(\p{Script=Han}+)|([a-z][a-z'-]*[a-z]|[a-z])|(\d+(?:\.\d+)?)/gu)) {
    if (m[1]) for (const w of segmenter().cut(m[1], false)) out.push(w);
    else if (m[2]) for (const part of m[2].replace(/'s$/, '').split('-')) out.push(stopEn.has(part) ? part : stem(part));
    else out.push(m[3]);
  }
  return out;
}

const isStop = (w: string) => stopEn.has(w) || stopZh.has(w);

/** The index terms of a text: its words (no stop words) and, in a second field, its Chinese bigrams. */
export function tokenize(text: string): string[] {
  return words(text).filter((w) => !isStop(w) && !(/^\d+$/.test(w) && w.length > 6));
}

export function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(hanRun)) {
    const chars = [...m[0]];
    if (chars.length === 1) out.push(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

const phrasings = new Set(['prohibited', 'fee', 'timing', 'steps', 'review', 'cancel', 'not_arrived']);

/** Concepts that frame a question (can I, how long, by air) rather than name its subject: they weigh less. */
export const framingConcepts = new Set(['#prohibited', '#air', '#sea', '#fee', '#steps', '#weight', '#cbm']);

/** The lexicon ready for matching: each term as a word sequence, or a Chinese substring. */
export class Lexicon {
  private readonly phrases: Array<{ key: string; seq: string[] }> = [];
  private readonly zh: Array<{ key: string; text: string }> = [];
  readonly vocabulary = new Set<string>();
  /** Chinese lexicon words, for weighing a query word that a concept already stands for. */
  readonly zhWords = new Set<string>();

  constructor(concepts: LexiconConcept[]) {
    // Words of things go into the segmenter's dictionary; phrasings (能寄, 多少钱) stay cut as jieba cuts them.
    addFieldWords(concepts.filter((c) => !phrasings.has(c.key)).flatMap((c) => c.terms));
    for (const c of concepts)
      for (const t of c.terms) {
        const term = t.normalize('NFKC').toLowerCase().trim();
        if (!term) continue;
        if (isHan.test(term) && [...term].length > 1) {
          this.zh.push({ key: c.key, text: term });
          this.zhWords.add(term);
        } else {
          const seq = words(term);
          if (seq.length) this.phrases.push({ key: c.key, seq });
          for (const w of seq) this.vocabulary.add(w);
        }
      }
  }

  /** The concepts a text names, as terms of their own ("#prohibited"). */
  concepts(text: string, seq = words(text)): string[] {
    const found = new Set<string>();
    const norm = text.normalize('NFKC').toLowerCase();
    for (const z of this.zh) if (norm.includes(z.text)) found.add(z.key);
    for (const p of this.phrases) {
      for (let i = 0; i + p.seq.length <= seq.length; i++) {
        if (p.seq.every((w, j) => seq[i + j] === w)) {
          found.add(p.key);
          break;
        }
      }
    }
    return [...found].map((k) => `#${k}`);
  }
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** One section of an article (or a notice): its heading and text in each language it has. */
export interface Section {
  kind: 'article' | 'notice';
  /** The article (or, for a notice, the article it links to; null when none). */
  articleId: number | null;
  noticeId?: number;
  slug: string;
  /** Position of the section in its article (0 for a notice). */
  index: number;
  title: Partial<Record<Language, string>>;
  heading: Partial<Record<Language, string>>;
  text: Partial<Record<Language, string>>;
}

/** A section read in one language, as answers and the model see it. */
export interface Passage {
  articleId: number | null;
  slug: string;
  lang: Language;
  title: string;
  heading: string;
  text: string;
  section: number;
}

interface Doc {
  section: Section;
  tf: Map<string, number>;
  len: number;
  gtf: Map<string, number>;
  glen: number;
}

export interface Hit {
  section: Section;
  passage: Passage;
  score: number;
  /** How many distinct query terms (words and concepts) the section contains. */
  matched: number;
  /** The query's own terms that were searched (after spelling correction and concepts). */
  terms: string[];
}

const otherLang = (l: Language): Language => (l === 'zh_CN' ? 'en' : 'zh_CN');

/** A section in the asker's language, or in the other one when it has only that. */
export function passageOf(s: Section, lang: Language): Passage {
  const l = s.text[lang] !== undefined ? lang : otherLang(lang);
  return {
    articleId: s.articleId,
    slug: s.slug,
    lang: l,
    title: s.title[l] ?? '',
    heading: s.heading[l] ?? '',
    text: s.text[l] ?? '',
    section: s.index,
  };
}

const add = (m: Map<string, number>, t: string, w: number) => m.set(t, (m.get(t) ?? 0) + w);

export class Bm25Index {
  private docs: Doc[] = [];
  private df = new Map<string, number>();
  private gdf = new Map<string, number>();
  private avgLen = 1;
  private avgGlen = 1;
  private vocab: string[] = [];

  constructor(
    sections: Section[],
    readonly lexicon: Lexicon = new Lexicon([]),
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    for (const s of sections) {
      const tf = new Map<string, number>();
      const gtf = new Map<string, number>();
      let len = 0;
      let glen = 0;
      const field = (text: string | undefined, weight: number) => {
        if (!text) return;
        const seq = words(text);
        const terms = [...seq.filter((w) => !isStop(w)), ...lexicon.concepts(text, seq)];
        for (const t of terms) add(tf, t, weight);
        len += terms.length;
        const g = bigrams(text);
        for (const t of g) add(gtf, t, weight);
        glen += g.length;
      };
      for (const l of ['en', 'zh_CN'] as const) {
        field(s.title[l], 0.5);
        field(s.heading[l], 2.5);
        field(s.text[l], 1);
      }
      this.docs.push({ section: s, tf, len, gtf, glen });
      for (const t of tf.keys()) add(this.df, t, 1);
      for (const t of gtf.keys()) add(this.gdf, t, 1);
    }
    const n = Math.max(1, this.docs.length);
    this.avgLen = this.docs.reduce((s, d) => s + d.len, 0) / n || 1;
    this.avgGlen = this.docs.reduce((s, d) => s + d.glen, 0) / n || 1;
    this.vocab = [...this.df.keys()].filter((t) => /^[a-z]{4,}$/.test(t));
    for (const w of lexicon.vocabulary) if (/^[a-z]{4,}$/.test(w) && !this.df.has(w)) this.vocab.push(w);
  }

  get size() {
    return this.docs.length;
  }

  get sections(): Section[] {
    return this.docs.map((d) => d.section);
  }

  /** An indexed article's slug and title in one language (what a citation shows), if it has a section in it. */
  titleOf(articleId: number, lang: Language): { slug: string; title: string } | undefined {
    const d = this.docs.find((x) => x.section.kind === 'article' && x.section.articleId === articleId);
    if (!d) return undefined;
    const title = d.section.title[lang] ?? d.section.title[otherLang(lang)];
    return title === undefined ? undefined : { slug: d.section.slug, title };
  }

  private idf(df: Map<string, number>, term: string) {
    const n = this.docs.length;
    const f = df.get(term) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  }

  /** A misspelt English word read as the nearest known word: one edit for short words, two for long ones. */
  private corrected(w: string): string | null {
    if (this.df.has(w) || this.lexicon.vocabulary.has(w) || !/^[a-z]{4,}$/.test(w)) return null;
    const max = w.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestD = max + 1;
    for (const v of this.vocab) {
      if (Math.abs(v.length - w.length) > max || v[0] !== w[0]) continue;
      const d = editDistance(w, v, max);
      if (d < bestD) {
        bestD = d;
        best = v;
      }
    }
    return best;
  }

  /** The query's terms: its words (corrected where misspelt) and the concepts it names. */
  queryTerms(query: string): string[] {
    const seq = words(query).map((w) => this.corrected(w) ?? w);
    const text = query.normalize('NFKC').toLowerCase();
    return [...new Set([...seq.filter((w) => !isStop(w)), ...this.lexicon.concepts(text, seq)])];
  }

  /**
   * How much a query term counts: a concept naming the subject (perfume, furniture) most, a framing one
   * (can I, how long) less, and a word the lexicon already stands for least (its concept counts for it).
   */
  weightOf(term: string): number {
    if (term.startsWith('#')) return framingConcepts.has(term) ? 0.9 : 1.5;
    return this.lexicon.vocabulary.has(term) || this.lexicon.zhWords.has(term) ? 0.4 : 1;
  }

  search(query: string, opts: { limit?: number; lang?: Language; articleId?: number } = {}): Hit[] {
    const terms = this.queryTerms(query).filter((t) => this.df.has(t));
    const grams = [...new Set(bigrams(query))].filter((t) => this.gdf.has(t));
    if (!terms.length && !grams.length) return [];
    const asksSea = terms.includes('#sea');
    const asksAir = terms.includes('#air');
    const hits: Hit[] = [];
    for (const d of this.docs) {
      if (opts.articleId !== undefined && d.section.articleId !== opts.articleId) continue;
      let score = 0;
      let matched = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        matched++;
        score +=
          (this.weightOf(t) * this.idf(this.df, t) * (f * (this.k1 + 1))) / (f + this.k1 * (1 - this.b + (this.b * d.len) / this.avgLen));
      }
      for (const t of grams) {
        const f = d.gtf.get(t);
        if (!f) continue;
        score += (0.3 * (this.idf(this.gdf, t) * (f * (this.k1 + 1)))) / (f + this.k1 * (1 - this.b + (this.b * d.glen) / this.avgGlen));
      }
      // Sea and air are different answers: a section about the other mode only is a weak match.
      const other = asksSea && !asksAir ? '#air' : asksAir && !asksSea ? '#sea' : null;
      if (other && d.tf.has(other) && !d.tf.has(other === '#air' ? '#sea' : '#air')) score *= 0.6;
      if (score > 0) hits.push({ section: d.section, passage: passageOf(d.section, opts.lang ?? 'en'), score, matched, terms });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, opts.limit ?? 5);
  }
}

/** How well one line of a passage answers the query: shared words and concepts, for picking the lines to quote. */
export function lineScore(index: Bm25Index, terms: string[], line: string): number {
  const seq = words(line);
  const have = new Set([...seq, ...index.lexicon.concepts(line, seq)]);
  return terms.reduce((s, t) => s + (have.has(t) ? index.weightOf(t) : 0), 0);
}

/** Splits a rich-text body into sections at its headings (h1–h4): the heading and the text under it. */
export function sectionsOf(html: string, toPlain: (html: string) => string): Array<{ heading: string; text: string }> {
  return html
    .split(/(?=<h[1-4][\s>])/i)
    .map((part) => {
      const m = /^<h[1-4][^>]*>([\s\S]*?)<\/h[1-4]>/i.exec(part);
      const heading = m ? toPlain(m[1]).trim() : '';
      const text = toPlain(m ? part.slice(m[0].length) : part).trim();
      return { heading, text };
    })
    .filter((s) => s.heading || s.text);
}
