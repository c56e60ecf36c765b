/**
 * A small full-text index over our articles for the assistant: BM25 over passages, in both languages.
 * Chinese has no spaces and the runtime's word segmenter splits common words apart (退货 → 退|货), so
 * every run of Han characters also gives its character bigrams; Latin words are lower-cased and
 * lightly stemmed. Runs in memory: the corpus is tens of articles, rebuilt when staff change one.
 */
const han = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

const stopEn = new Set(
  'a an the is are was were be been am i you we it its my me our your of to in on at for from by with and or not no do does did how what when where which who why can could would should will shall this that these those there here as if so than then into about up down out over any some much many please tell know want need get have has had'.split(
    ' ',
  ),
);
const stopZh = new Set([
  '的',
  '了',
  '吗',
  '呢',
  '吧',
  '啊',
  '是',
  '我',
  '你',
  '他',
  '她',
  '们',
  '在',
  '和',
  '与',
  '或',
  '请',
  '问',
  '要',
  '有',
  '这',
  '那',
  '么',
  '什',
]);

function stem(w: string) {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('es') && /(sh|ch|x|s)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const flushRun = () => {
    const chars = [...run];
    if (chars.length === 1) {
      if (!stopZh.has(chars[0])) out.push(chars[0]);
    } else for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    run = '';
  };
  for (const s of segmenter.segment(text.toLowerCase())) {
    const seg = s.segment;
    if (han.test(seg)) {
      // Han characters join the run whole; dictionary words of 3+ characters also count as one term.
      for (const ch of seg) if (han.test(ch)) run += ch;
      if ([...seg].length >= 3) out.push(seg);
      continue;
    }
    if (run) flushRun();
    if (!s.isWordLike) continue;
    const w = seg.normalize('NFKC');
    if (/^\d+$/.test(w) ? w.length > 6 : stopEn.has(w)) continue;
    out.push(/^[a-z]+$/.test(w) ? stem(w) : w);
  }
  if (run) flushRun();
  return out;
}

/**
 * How customers ask against how articles are written: "海运要多久？" shares only 海运 with "海运：7–14个工作日"
 * under "配送时效", so a question about duration also searches for the words our articles use for it.
 */
const askedAs: [RegExp, string[]][] = [
  [/多久|多长时间|时间多长|几天|多少天|几个工作日|什么时候到|何时到/, ['时效', '工作日']],
  [/\bhow long\b|\bhow many days\b|\bwhen will\b.*\barrive|\b(delivery|transit|shipping) time/i, ['timing', 'day', 'estimate']],
];

/** The query's own terms and those its phrasing stands for. */
function queryTerms(query: string): string[] {
  const extra = askedAs.filter(([re]) => re.test(query)).flatMap(([, terms]) => terms.flatMap((t) => tokenize(t)));
  return [...new Set([...tokenize(query), ...extra])];
}

export interface Passage {
  articleId: number;
  slug: string;
  lang: 'en' | 'zh_CN';
  title: string;
  text: string;
}

interface Doc extends Passage {
  tf: Map<string, number>;
  len: number;
}

export interface Hit {
  passage: Passage;
  score: number;
  /** How many distinct query terms the passage contains. */
  matched: number;
}

export class Bm25Index {
  private docs: Doc[] = [];
  private df = new Map<string, number>();
  private avgLen = 1;

  constructor(
    passages: Passage[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    for (const p of passages) {
      // The title is part of every passage of its article: "returns" should find the returns article's paragraphs.
      const terms = tokenize(`${p.title}\n${p.text}`);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      this.docs.push({ ...p, tf, len: terms.length });
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
    this.avgLen = this.docs.reduce((s, d) => s + d.len, 0) / Math.max(1, this.docs.length);
  }

  get size() {
    return this.docs.length;
  }

  /** An indexed article's slug and title in one language (what a citation shows), if it has a passage in it. */
  titleOf(articleId: number, lang: Passage['lang']): { slug: string; title: string } | undefined {
    const d = this.docs.find((x) => x.articleId === articleId && x.lang === lang);
    return d && { slug: d.slug, title: d.title };
  }

  private idf(term: string) {
    const n = this.docs.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(query: string, opts: { limit?: number; lang?: 'en' | 'zh_CN'; articleId?: number } = {}): Hit[] {
    const terms = queryTerms(query).filter((t) => this.df.has(t));
    if (!terms.length) return [];
    const hits: Hit[] = [];
    for (const d of this.docs) {
      if (opts.lang && d.lang !== opts.lang) continue;
      if (opts.articleId !== undefined && d.articleId !== opts.articleId) continue;
      let score = 0;
      let matched = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        matched++;
        score += (this.idf(t) * (f * (this.k1 + 1))) / (f + this.k1 * (1 - this.b + (this.b * d.len) / this.avgLen));
      }
      if (score > 0) hits.push({ passage: d, score, matched });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, opts.limit ?? 5);
  }
}

/** Splits an article's plain text into passages: a heading with the paragraphs under it, kept short. */
export function passagesOf(text: string, max = 600): string[] {
  const out: string[] = [];
  let cur = '';
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    if (cur && cur.length + line.length > max) {
      out.push(cur);
      cur = '';
    }
    cur = cur ? `${cur}\n${line}` : line;
  }
  if (cur) out.push(cur);
  return out;
}
