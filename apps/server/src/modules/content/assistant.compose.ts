import type { Language } from '@pinyou/contract';
import { framingConcepts, lineScore, passageOf, type Bm25Index, type Hit } from './retrieval.ts';

/** What an answer from our articles says and where it comes from. */
export interface Composed {
  text: string;
  /** The section the answer comes from: its article (null for a notice without one), title and heading. */
  source: { articleId: number | null; slug: string; title: string; heading: string; section: number };
}

/** Words that say what is asked about only in general ("items", "stuff"). */
const generic = new Set(['item', 'thing', 'good', 'stuff', 'send', 'ship', 'post', 'product', '东西', '物品', '货', '寄']);

/** The answer must stand on a passage that scores this well and shares at least two terms with the question. */
export const MIN_SCORE = 3;

export function bestHit(hits: Hit[]): Hit | null {
  const best = hits[0];
  if (!best) return null;
  return best.score >= MIN_SCORE && (best.matched >= 2 || best.score >= MIN_SCORE + 1) ? best : null;
}

/** A passage's lines (list items, paragraphs), long ones cut at sentence ends. */
function linesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((l) => (l.length > 180 ? l.split(/(?<=[.。;；!?！？])\s*/) : [l]))
    .map((l) => l.trim())
    .filter(Boolean);
}

const listAsk = /\b(what|which)\b.*\b(items?|things|goods|stuff|kinds?|list)\b|\blist of\b|哪些|什么东西|哪几种|什么物品|清单/i;

/**
 * A short direct answer from the best section, in the asker's language, then its source. Templates:
 * "can I send X" against a list of what may not go answers no and names the line; "which items" gives
 * the list; anything else the one or two lines of the section that answer the question.
 */
export function composeFromKnowledge(hits: Hit[], index: Bm25Index, lang: Language, question: string): Composed | null {
  const best = bestHit(hits);
  if (!best) return null;
  const zh = lang === 'zh_CN';
  const p = passageOf(best.section, lang);
  const lines = linesOf(p.text);
  const headingConcepts = index.lexicon.concepts(`${best.section.heading.en ?? ''} ${best.section.heading.zh_CN ?? ''}`);
  const scored = lines.map((line, i) => ({ line, i, score: lineScore(index, best.terms, line) }));
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.i - b.i);
  const top = ranked[0];
  const asksProhibited = best.terms.includes('#prohibited');
  const sectionProhibits = headingConcepts.includes('#prohibited');
  // Did the line match something the customer named (perfume, a power bank), not just the question's frame?
  const itemTerms = best.terms.filter((t) =>
    t.startsWith('#') ? !framingConcepts.has(t) : !generic.has(t) && !index.lexicon.vocabulary.has(t) && !index.lexicon.zhWords.has(t),
  );
  const namesItem = top && itemTerms.some((t) => lineScore(index, [t], top.line) > 0);
  const asksList = listAsk.test(question) || best.terms.includes('#steps') || (asksProhibited && sectionProhibits && !namesItem);
  const short = p.text.length <= 160;

  let direct: string;
  if (asksProhibited && sectionProhibits && namesItem) {
    direct = zh ? `不可以。它属于“${p.heading}”：${top.line}。` : `No. It is on the list “${p.heading}”: ${top.line}.`;
  } else if ((asksList || short) && lines.length > 1) {
    const head = p.heading ? (zh ? `${p.heading}：` : `${p.heading}: `) : '';
    direct = zh ? `${head}${lines.slice(0, 8).join('；')}。` : `${head}${lines.slice(0, 8).join('; ')}.`;
  } else {
    const picked = ranked.filter((l, n) => n === 0 || (n === 1 && l.score >= Math.max(1, top.score * 0.7))).sort((a, b) => a.i - b.i);
    direct = picked.map((l) => l.line).join(zh ? '' : ' ');
  }
  direct = direct.replace(/([.。])\1+$/, '$1').replace(/[:;：；]([.。])$/, '$1');
  const where = p.heading ? (zh ? `《${p.title}》› ${p.heading}` : `“${p.title}” › ${p.heading}`) : zh ? `《${p.title}》` : `“${p.title}”`;
  return {
    text: `${direct}\n${zh ? '来源：' : 'Source: '}${where}`,
    source: { articleId: best.section.articleId, slug: best.section.slug, title: p.title, heading: p.heading, section: best.section.index },
  };
}
