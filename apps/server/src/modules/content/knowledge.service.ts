import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { richTextToPlain, type Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import { articles, assistantLexicon, assistantQuestions, notices } from './content.schema.ts';
import { Bm25Index, Lexicon, sectionsOf, type Section } from './retrieval.ts';
import { builtInLexicon, type LexiconConcept } from './lexicon.data.ts';

const live = (t: typeof articles | typeof notices, now: Date) => and(eq(t.published, true), isNotNull(t.publishAt), lte(t.publishAt, now))!;

/** The sections of one article; aligned across languages when both bodies have the same headings count. */
export function articleSections(a: typeof articles.$inferSelect): Section[] {
  const en = sectionsOf(a.bodyEn, richTextToPlain);
  const zh = sectionsOf(a.bodyZh, richTextToPlain);
  const base = { kind: 'article' as const, articleId: a.id, slug: a.slug };
  const title = { en: a.titleEn, zh_CN: a.titleZh };
  if (en.length === zh.length)
    return en.map((s, i) => ({
      ...base,
      index: i,
      title,
      heading: { en: s.heading, zh_CN: zh[i].heading },
      text: { en: s.text, zh_CN: zh[i].text },
    }));
  // Sections that do not line up are searched per language.
  const one = (list: typeof en, lang: Language, offset: number): Section[] =>
    list.map((s, i) => ({
      ...base,
      index: offset + i,
      title: { [lang]: title[lang] },
      heading: { [lang]: s.heading },
      text: { [lang]: s.text },
    }));
  return [...one(en, 'en', 0), ...one(zh, 'zh_CN', en.length)];
}

/** Splits staff-typed words ("禁运 | banned, not allowed") into terms. */
const termsOf = (s: string) =>
  s
    .split(/[|,，、;；\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * What the assistant knows: the search index over live articles and notices with the lexicon, the
 * lexicon words staff add, and the log of customers' questions (no user id: a keyed hash only).
 */
export class KnowledgeService {
  private built: { index: Bm25Index; at: number } | null = null;
  private building: Promise<Bm25Index> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly hashKey: string = 'assistant-questions',
  ) {}

  /** Staff changed an article, a notice or the lexicon: the next question searches the new text. */
  invalidate() {
    this.built = null;
    this.building = null;
  }

  /** The index; rebuilt after a change and, because a scheduled article goes live without a write, every minute. */
  async index(): Promise<Bm25Index> {
    const now = this.now().getTime();
    if (this.built && now - this.built.at < 60_000) return this.built.index;
    const pending = (this.building ??= this.build().finally(() => (this.building = null)));
    const index = await pending;
    this.built = { index, at: now };
    return index;
  }

  private async build(): Promise<Bm25Index> {
    const at = this.now();
    const [arts, nots, extra] = await Promise.all([
      this.db.select().from(articles).where(live(articles, at)).orderBy(asc(articles.id)),
      this.db.select().from(notices).where(live(notices, at)).orderBy(asc(notices.id)),
      this.db.select().from(assistantLexicon).orderBy(asc(assistantLexicon.id)),
    ]);
    const sections: Section[] = arts.flatMap(articleSections);
    const bySlug = new Map(arts.map((a) => [a.id, a.slug]));
    for (const n of nots) {
      const linked = n.linkType === 'article' ? Number(n.linkTarget) : null;
      sections.push({
        kind: 'notice',
        articleId: linked !== null && bySlug.has(linked) ? linked : null,
        noticeId: n.id,
        slug: linked !== null ? (bySlug.get(linked) ?? '') : '',
        index: -1,
        title: { en: n.titleEn, zh_CN: n.titleZh },
        heading: { en: n.titleEn, zh_CN: n.titleZh },
        text: { en: n.bodyEn, zh_CN: n.bodyZh },
      });
    }
    return new Bm25Index(sections, new Lexicon(this.lexiconConcepts(extra)));
  }

  private lexiconConcepts(extra: Array<typeof assistantLexicon.$inferSelect>): LexiconConcept[] {
    const merged = new Map(builtInLexicon.map((c) => [c.key, [...c.terms]]));
    for (const e of extra) merged.set(e.concept, [...(merged.get(e.concept) ?? []), ...termsOf(e.terms)]);
    return [...merged].map(([key, terms]) => ({ key, terms }));
  }

  // ---- the lexicon, as staff see and extend it ----

  async lexicon() {
    const extra = await this.db.select().from(assistantLexicon).orderBy(desc(assistantLexicon.id));
    return {
      built_in: builtInLexicon.map((c) => ({ concept: c.key, terms: c.terms })),
      added: extra.map((e) => ({ id: e.id, concept: e.concept, terms: termsOf(e.terms), created_at: e.createdAt.toISOString() })),
    };
  }

  async addLexicon(staffId: number, concept: string, terms: string) {
    const list = termsOf(terms);
    if (!list.length) throw new DomainError('VALIDATION', { field: 'terms' });
    const [row] = await this.db
      .insert(assistantLexicon)
      .values({ concept: concept.trim().toLowerCase(), terms: list.join('|'), staffId })
      .returning();
    this.invalidate();
    return { id: row.id, concept: row.concept, terms: list, created_at: row.createdAt.toISOString() };
  }

  async removeLexicon(id: number) {
    const gone = await this.db.delete(assistantLexicon).where(eq(assistantLexicon.id, id)).returning({ id: assistantLexicon.id });
    if (!gone.length) throw new DomainError('CONTENT_NOT_FOUND');
    this.invalidate();
    return {};
  }

  // ---- the question log ----

  async logQuestion(
    userId: number,
    q: { lang: Language; question: string; answeredBy: string; found: boolean; slug?: string | null; section?: string | null },
  ) {
    const askerHash = createHmac('sha256', this.hashKey).update(String(userId)).digest('hex').slice(0, 16);
    await this.db.insert(assistantQuestions).values({
      askerHash,
      lang: q.lang,
      question: q.question.slice(0, 500),
      answeredBy: q.answeredBy,
      found: q.found,
      slug: q.slug ?? null,
      section: q.section ?? null,
    });
  }

  async questions(q: { page: number; page_size: number; found?: boolean }) {
    const where = q.found === undefined ? undefined : eq(assistantQuestions.found, q.found);
    const [rows, [{ n }], [{ missed }]] = await Promise.all([
      this.db
        .select()
        .from(assistantQuestions)
        .where(where)
        .orderBy(desc(assistantQuestions.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(assistantQuestions).where(where),
      this.db.select({ missed: count() }).from(assistantQuestions).where(eq(assistantQuestions.found, false)),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        asker: r.askerHash,
        lang: r.lang as Language,
        question: r.question,
        answered_by: r.answeredBy,
        found: r.found,
        slug: r.slug,
        section: r.section,
        created_at: r.createdAt.toISOString(),
      })),
      total: n,
      not_found: missed,
      page: q.page,
      page_size: q.page_size,
    };
  }
}
