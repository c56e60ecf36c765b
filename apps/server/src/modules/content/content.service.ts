import { and, desc, eq, ilike, isNotNull, lte, or, sql, count, type SQL } from 'drizzle-orm';
import {
  PAGE_LINK_PATTERN,
  sanitizeRichText,
  type ContentLink,
  type Language,
  type RequestOf,
  type contentAdminContract,
} from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { changes, type AuditPort } from '../audit/index.ts';
import { DomainError } from '../../core/errors.ts';
import { articles, notices, slides } from './content.schema.ts';
import type { Bm25Index } from './retrieval.ts';
import { KnowledgeService } from './knowledge.service.ts';
import { containing } from '../../db/contains.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

type ArticleRow = typeof articles.$inferSelect;
type NoticeRow = typeof notices.$inferSelect;
type SlideRow = typeof slides.$inferSelect;
type Page = { page: number; page_size: number };
type Kind = 'article' | 'notice' | 'slide';
const tableOf = { article: articles, notice: notices, slide: slides } as const;

const zh = (lang: Language) => lang === 'zh_CN';

function live(t: typeof articles | typeof notices | typeof slides, now: Date): SQL {
  return and(eq(t.published, true), isNotNull(t.publishAt), lte(t.publishAt, now))!;
}

function stateOf(r: { published: boolean; publishAt: Date | null; updatedAt: Date }, now = new Date()) {
  return {
    published: r.published,
    publish_at: r.publishAt?.toISOString() ?? null,
    state: !r.published ? ('draft' as const) : r.publishAt && r.publishAt > now ? ('scheduled' as const) : ('live' as const),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A link as staff typed it, checked so a slide can never open a script or a look-alike route. */
function checkLink(type: string, target: string): string {
  const t = target.trim();
  if (type === 'none') return '';
  if (type === 'article' && /^\d{1,9}$/.test(t)) return t;
  if (type === 'page' && PAGE_LINK_PATTERN.test(t.replace(/^\//, ''))) return t.replace(/^\//, '');
  if (type === 'url' && /^https:\/\/[^\s"'<>]+$/i.test(t)) return t;
  throw new DomainError('LINK_INVALID');
}

function linkOf(type: string, target: string): ContentLink {
  return {
    type: type as ContentLink['type'],
    article_id: type === 'article' ? Number(target) : null,
    path: type === 'page' ? target : null,
    url: type === 'url' ? target : null,
  };
}

export const toArticleSummary = (a: ArticleRow, lang: Language) => ({
  id: a.id,
  slug: a.slug,
  category: a.category as 'rules',
  title: zh(lang) ? a.titleZh : a.titleEn,
  summary: zh(lang) ? a.summaryZh : a.summaryEn,
  cover: a.cover,
  publish_at: (a.publishAt ?? a.createdAt).toISOString(),
});

const toAdminArticle = (a: ArticleRow) => ({
  id: a.id,
  slug: a.slug,
  category: a.category as 'rules',
  title_en: a.titleEn,
  title_zh: a.titleZh,
  summary_en: a.summaryEn,
  summary_zh: a.summaryZh,
  body_en: a.bodyEn,
  body_zh: a.bodyZh,
  cover: a.cover,
  sort: a.sort,
  ...stateOf(a),
});
const toAdminNotice = (n: NoticeRow) => ({
  id: n.id,
  title_en: n.titleEn,
  title_zh: n.titleZh,
  body_en: n.bodyEn,
  body_zh: n.bodyZh,
  sort: n.sort,
  link_type: n.linkType as 'none',
  link_target: n.linkTarget,
  ...stateOf(n),
});
const toAdminSlide = (s: SlideRow) => ({
  id: s.id,
  image: s.image,
  title_en: s.titleEn,
  title_zh: s.titleZh,
  sort: s.sort,
  link_type: s.linkType as 'none',
  link_target: s.linkTarget,
  ...stateOf(s),
});

/** Notices, articles and slides: what customers read, what staff edit, and the assistant's knowledge. */
export class ContentService {
  /** The assistant's search index, lexicon and question log; told of every staff change. */
  readonly kb: KnowledgeService;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly audit: AuditPort | null = null,
  ) {
    this.kb = new KnowledgeService(db, now);
  }

  /**
   * One staff write of a row: read before (locked), write, and the change in the audit log, one transaction.
   * `read` is skipped for a creation; `write` answering nothing means the row was not there.
   */
  private async audited<R extends { id: number }>(
    action: `admin/content/${string}`,
    objectType: string,
    id: number | undefined,
    read: (tx: Tx, id: number) => Promise<R | undefined>,
    write: (tx: Tx) => Promise<R | undefined>,
    keep: readonly string[] = [],
    deleting = false,
  ): Promise<R> {
    return this.db.transaction(async (tx) => {
      const before = id ? await read(tx, id) : undefined;
      if (id && !before) throw new DomainError('CONTENT_NOT_FOUND');
      const row = await write(tx);
      if (!row) throw new DomainError('CONTENT_NOT_FOUND');
      await this.audit?.record(tx, { action, objectType, objectId: row.id, ...changes(before, deleting ? null : row, keep) });
      return row;
    });
  }

  // ---- customers ----

  async notices(q: Page, lang: Language) {
    const where = live(notices, this.now());
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.sort), desc(notices.publishAt), desc(notices.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(notices).where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: zh(lang) ? r.titleZh : r.titleEn,
        body: zh(lang) ? r.bodyZh : r.bodyEn,
        link: linkOf(r.linkType, r.linkTarget),
        publish_at: r.publishAt!.toISOString(),
      })),
      total: n,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async articles(q: Page & { category?: string; keyword?: string }, lang: Language) {
    const conds: SQL[] = [live(articles, this.now())];
    if (q.category) conds.push(eq(articles.category, q.category));
    if (q.keyword) {
      const k = containing(q.keyword);
      conds.push(or(ilike(articles.titleEn, k), ilike(articles.titleZh, k))!);
    }
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.sort), desc(articles.publishAt), desc(articles.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return { list: rows.map((r) => toArticleSummary(r, lang)), total: n, page: q.page, page_size: q.page_size };
  }

  async article(q: { id?: number; slug?: string }, lang: Language) {
    const [a] = await this.db
      .select()
      .from(articles)
      .where(and(live(articles, this.now()), q.id !== undefined ? eq(articles.id, q.id) : eq(articles.slug, q.slug!)))
      .limit(1);
    if (!a) throw new DomainError('CONTENT_NOT_FOUND');
    return {
      ...toArticleSummary(a, lang),
      // Stored sanitised; sanitised again so a row written around the service cannot carry script.
      body_html: sanitizeRichText(zh(lang) ? a.bodyZh : a.bodyEn),
      updated_at: a.updatedAt.toISOString(),
    };
  }

  async slides(lang: Language) {
    const rows = await this.db.select().from(slides).where(live(slides, this.now())).orderBy(desc(slides.sort), desc(slides.id)).limit(10);
    return {
      list: rows.map((s) => ({
        id: s.id,
        image: s.image,
        title: zh(lang) ? s.titleZh : s.titleEn,
        link: linkOf(s.linkType, s.linkTarget),
      })),
    };
  }

  async jump(kind: 'slide' | 'notice', id: number) {
    const t = kind === 'slide' ? slides : notices;
    const [row] = await this.db
      .select({ linkType: t.linkType, linkTarget: t.linkTarget })
      .from(t)
      .where(and(eq(t.id, id), live(t, this.now())))
      .limit(1);
    if (!row) throw new DomainError('CONTENT_NOT_FOUND');
    return linkOf(row.linkType, row.linkTarget);
  }

  // ---- staff ----

  async adminArticles(q: Page & { keyword?: string; category?: string }) {
    const conds: SQL[] = [];
    if (q.category) conds.push(eq(articles.category, q.category));
    if (q.keyword) {
      const k = containing(q.keyword);
      conds.push(or(ilike(articles.titleEn, k), ilike(articles.titleZh, k), ilike(articles.slug, k))!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.updatedAt), desc(articles.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return { list: rows.map(toAdminArticle), total: n, page: q.page, page_size: q.page_size };
  }

  async saveArticle(i: RequestOf<typeof contentAdminContract.adminArticleSave>) {
    const values = {
      slug: i.slug,
      category: i.category,
      titleEn: i.title_en,
      titleZh: i.title_zh,
      summaryEn: i.summary_en,
      summaryZh: i.summary_zh,
      bodyEn: sanitizeRichText(i.body_en),
      bodyZh: sanitizeRichText(i.body_zh),
      cover: i.cover,
      sort: i.sort,
      updatedAt: this.now(),
    };
    try {
      const row = await this.audited(
        'admin/content/articleSave',
        'article',
        i.id,
        async (tx, id) => (await tx.select().from(articles).where(eq(articles.id, id)).for('update'))[0],
        async (tx) =>
          i.id
            ? (await tx.update(articles).set(values).where(eq(articles.id, i.id)).returning())[0]
            : (await tx.insert(articles).values(values).returning())[0],
        ['slug'],
      );
      this.kb.invalidate();
      return toAdminArticle(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError('SLUG_TAKEN', { slug: i.slug });
      throw e;
    }
  }

  async adminNotices(q: Page) {
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .orderBy(desc(notices.updatedAt), desc(notices.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(notices),
    ]);
    return { list: rows.map(toAdminNotice), total: n, page: q.page, page_size: q.page_size };
  }

  private async checkArticleLink(type: string, target: string) {
    const t = checkLink(type, target);
    if (type === 'article') {
      const [a] = await this.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.id, Number(t)))
        .limit(1);
      if (!a) throw new DomainError('LINK_INVALID');
    }
    return t;
  }

  async saveNotice(i: RequestOf<typeof contentAdminContract.adminNoticeSave>) {
    const values = {
      titleEn: i.title_en,
      titleZh: i.title_zh,
      bodyEn: i.body_en,
      bodyZh: i.body_zh,
      sort: i.sort,
      linkType: i.link_type,
      linkTarget: await this.checkArticleLink(i.link_type, i.link_target),
      updatedAt: this.now(),
    };
    const row = await this.audited(
      'admin/content/noticeSave',
      'notice',
      i.id,
      async (tx, id) => (await tx.select().from(notices).where(eq(notices.id, id)).for('update'))[0],
      async (tx) =>
        i.id
          ? (await tx.update(notices).set(values).where(eq(notices.id, i.id)).returning())[0]
          : (await tx.insert(notices).values(values).returning())[0],
      ['titleZh'],
    );
    this.kb.invalidate();
    return toAdminNotice(row);
  }

  async adminSlides(q: Page) {
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(slides)
        .orderBy(desc(slides.sort), desc(slides.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(slides),
    ]);
    return { list: rows.map(toAdminSlide), total: n, page: q.page, page_size: q.page_size };
  }

  async saveSlide(i: RequestOf<typeof contentAdminContract.adminSlideSave>) {
    if (!/^(\/uploads\/[\w\-./]+|https:\/\/[^\s"'<>]+)$/.test(i.image) || i.image.includes('..')) throw new DomainError('LINK_INVALID');
    const values = {
      image: i.image,
      titleEn: i.title_en,
      titleZh: i.title_zh,
      sort: i.sort,
      linkType: i.link_type,
      linkTarget: await this.checkArticleLink(i.link_type, i.link_target),
      updatedAt: this.now(),
    };
    const row = await this.audited(
      'admin/content/slideSave',
      'slide',
      i.id,
      async (tx, id) => (await tx.select().from(slides).where(eq(slides.id, id)).for('update'))[0],
      async (tx) =>
        i.id
          ? (await tx.update(slides).set(values).where(eq(slides.id, i.id)).returning())[0]
          : (await tx.insert(slides).values(values).returning())[0],
      ['titleZh'],
    );
    return toAdminSlide(row);
  }

  async publish(kind: Kind, id: number, published: boolean, publishAt: string | null | undefined) {
    const t = tableOf[kind];
    const now = this.now();
    const at = published ? (publishAt ? new Date(publishAt) : now) : null;
    const state = { id: t.id, published: t.published, publishAt: t.publishAt, updatedAt: t.updatedAt };
    const row = await this.audited(
      'admin/content/publish',
      kind,
      id,
      async (tx) => (await tx.select(state).from(t).where(eq(t.id, id)).for('update'))[0],
      async (tx) =>
        (
          await tx
            .update(t)
            .set({ published, ...(published ? { publishAt: at } : {}), updatedAt: now })
            .where(eq(t.id, id))
            .returning(state)
        )[0],
      ['published'],
    );
    if (kind !== 'slide') this.kb.invalidate();
    return { id: row.id, ...stateOf(row, now) };
  }

  async remove(kind: Kind, id: number) {
    const t = tableOf[kind];
    await this.audited(
      'admin/content/delete',
      kind,
      id,
      async (tx) => (await tx.select().from(t).where(eq(t.id, id)).for('update'))[0],
      async (tx) => (await tx.delete(t).where(eq(t.id, id)).returning())[0],
      [],
      true,
    );
    if (kind !== 'slide') this.kb.invalidate();
    return {};
  }

  // ---- the assistant's knowledge ----

  /** The retrieval index over live articles and notices, in both languages. */
  knowledge(): Promise<Bm25Index> {
    return this.kb.index();
  }

  async articleTitles(ids: number[], lang: Language) {
    if (!ids.length) return new Map<number, { slug: string; title: string }>();
    const rows = await this.db
      .select({ id: articles.id, slug: articles.slug, en: articles.titleEn, zh: articles.titleZh })
      .from(articles)
      .where(sql`${articles.id} in ${ids}`);
    return new Map(rows.map((r) => [r.id, { slug: r.slug, title: zh(lang) ? r.zh : r.en }]));
  }
}
