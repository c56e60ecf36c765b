import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  mall as mallConstants,
  rmb,
  type Language,
  type MallNotInCatalogue,
  type MallSearchInstead,
  type MallSort,
  type MallSource,
} from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import type { SettingsService } from '../system/index.ts';
import { mallCategories, mallFootprints, mallProducts, mallSearchHistory, mallSkus, mallSlides } from './mall-catalogue.schema.ts';
import {
  categoryTree,
  categoryView,
  freeShipping,
  productById,
  productByItem,
  productView,
  productViews,
  productViewsByIds,
  skusOf,
  slideView,
  type ProductRow,
} from './mall-catalogue.repository.ts';
import { didYouMean, parseQuery, type QueryTerm } from './mall-search.ts';
import { nearestCategories, SearchSuggester } from './mall-search-suggest.ts';
import { latinWordsAfter, matchingProducts, productsWithItemId, type SearchMatch } from './mall-search.repository.ts';
import { MatchesCache, QueryMatches } from './mall-search-matches.ts';
import { ProductViewsCache, type ProductListView } from './mall-views-cache.ts';
import { recogniseLink, type RecognisedLink } from './mall-links.ts';
import { getMallSettings, sourceOn, type MallSettings } from './mall-settings.ts';
import type { MallSourceProvider } from './mall-providers.ts';

export interface SearchInput {
  keyword: string;
  source?: MallSource;
  category_id?: number;
  sort: MallSort;
  min_price?: number;
  max_price?: number;
  page: number;
  page_size: number;
}

/** How many searches of one customer are kept. */
const HISTORY_KEEP = 20;
const VOCAB_TTL_MS = 60_000;
/** How many keywords' parsed terms are kept (the oldest go first). */
const PARSED_KEPT = 2_000;
/** Customers' views read the mall settings at most this old (a save through this server is seen at once). */
const SETTINGS_TTL_MS = 5_000;

/** The catalogue's customer calls: home, categories, search, details, links, footprints, search history. */
export class MallCatalogueService {
  /** The index's Latin words, read in full once and then only the new ones (`lastId`) every VOCAB_TTL_MS. */
  private vocab: { at: number; lastId: number; words: Set<string> } | null = null;
  /** Recent customer queries' matches (see MatchesCache), forgotten whenever goods change through this server. */
  private matches = new MatchesCache();
  /** Recent list views of goods (see ProductViewsCache), forgotten when goods change through this server. */
  private views = new ProductViewsCache();
  /** The suggestions' index, built for one state of the vocabulary. */
  private suggester: { vocab: Set<string>; words: number; value: Promise<SearchSuggester> } | null = null;
  private parsed = new Map<string, { vocab: Set<string>; words: number; value: ReturnType<typeof parseQuery> }>();
  private settingsCache: { at: number; value: Promise<MallSettings> } | null = null;
  /** Every category's id and parent, for category filters: kept as long as the settings. */
  private categoryTree: { at: number; value: Promise<{ id: number; parentId: number | null }[]> } | null = null;

  constructor(
    private readonly d: {
      db: Db;
      settings: SettingsService;
      providers: Partial<Record<MallSource, MallSourceProvider>>;
      now?: () => Date;
      /** How many of a product are in a customer's cart (detail's in_cart): the orders part's answer. */
      inCartOf?: (userId: number, productId: number) => Promise<number>;
    },
  ) {}

  /**
   * Forget what search keeps of the goods (after goods change, or the tables were emptied): the next search
   * reads the vocabulary (and the mall settings) in full and matches every query afresh.
   */
  invalidateSearch() {
    this.vocab = null;
    this.suggester = null;
    this.settingsCache = null;
    this.categoryTree = null;
    this.matches.clear();
    this.views.forget();
  }

  /** Stock or sales of these goods changed (orders, through the catalogue port): their list views are read again. */
  goodsChanged(productIds: number[]) {
    this.views.forget(productIds);
  }

  async rate(): Promise<string> {
    return (await this.d.settings.get()).exchange_rate;
  }

  /** The mall settings as customers' views read them: kept SETTINGS_TTL_MS, forgotten when saved here. */
  mallSettings(): Promise<MallSettings> {
    const now = Date.now();
    if (!this.settingsCache || now - this.settingsCache.at > SETTINGS_TTL_MS) {
      const value = getMallSettings(this.d.db);
      value.catch(() => (this.settingsCache = null));
      this.settingsCache = { at: now, value };
    }
    return this.settingsCache.value;
  }

  /** A category and every category under it (two levels), from the kept tree. */
  private async categoryAndChildren(id: number): Promise<number[]> {
    const now = Date.now();
    if (!this.categoryTree || now - this.categoryTree.at > SETTINGS_TTL_MS) {
      const value = categoryTree(this.d.db);
      value.catch(() => (this.categoryTree = null));
      this.categoryTree = { at: now, value };
    }
    return (await this.categoryTree.value).filter((c) => c.id === id || c.parentId === id).map((c) => c.id);
  }

  forgetSettings() {
    this.settingsCache = null;
  }

  private async enabledSources(): Promise<MallSource[]> {
    const s = await this.mallSettings();
    return s.sources.filter((x) => x.on).map((x) => x.source);
  }

  async index(lang: Language) {
    const [settings, rate] = await Promise.all([this.mallSettings(), this.rate()]);
    const cats = await this.categories(undefined);
    const slides = await this.slides();
    const recommend = await this.recommend(1, 10);
    void lang;
    return {
      categories: cats.list,
      slides: slides.list,
      hot_keywords: settings.hot_keywords,
      sources: settings.sources.filter((s) => s.on).map((s) => s.source),
      recommend: recommend.list,
      exchange_rate: rate,
    };
  }

  async categories(parentId: number | undefined) {
    const rows = await this.d.db
      .select()
      .from(mallCategories)
      .where(
        and(eq(mallCategories.on, true), parentId === undefined ? isNull(mallCategories.parentId) : eq(mallCategories.parentId, parentId)),
      )
      .orderBy(asc(mallCategories.sort), asc(mallCategories.id));
    return { list: rows.map(categoryView) };
  }

  async slides() {
    const rows = await this.d.db.select().from(mallSlides).where(eq(mallSlides.on, true)).orderBy(asc(mallSlides.sort), asc(mallSlides.id));
    return { list: rows.map(slideView) };
  }

  private async vocabulary(): Promise<Set<string>> {
    const now = Date.now();
    if (this.vocab && now - this.vocab.at <= VOCAB_TTL_MS) return this.vocab.words;
    const v = this.vocab ?? { at: now, lastId: 0, words: new Set<string>() };
    for (const r of await latinWordsAfter(this.d.db, v.lastId)) {
      v.words.add(r.word);
      v.lastId = r.id;
    }
    v.at = now;
    this.vocab = v;
    return v.words;
  }

  /**
   * Search by keyword (Chinese, English, pinyin, typos) with filters and sorts; records a signed-in searcher's
   * keyword. A keyword that finds nothing comes back with what to try instead.
   */
  async search(i: SearchInput, userId: number | null) {
    const keyword = i.keyword.trim();
    if (userId && keyword) await this.remember(userId, keyword);
    const r = await this.find(i, false);
    const instead = keyword && r.total === 0 ? await this.instead(keyword) : null;
    return { ...r, keyword, read_as: r.read_as, instead };
  }

  /**
   * What a keyword that found nothing offers: the nearest known words if they find goods, the categories of those
   * goods (else the categories nearest by name, else the top ones), and the paste-a-link way in.
   */
  private async instead(keyword: string): Promise<MallSearchInstead> {
    const vocab = await this.vocabulary();
    let nearer = didYouMean(keyword, vocab);
    let found: SearchMatch[] = [];
    if (nearer) {
      found = await this.matchesOf(this.parse(nearer, vocab).terms);
      if (!found.length) nearer = '';
    }
    const cats = (await this.d.db.select().from(mallCategories).where(eq(mallCategories.on, true))).sort(
      (a, b) => a.sort - b.sort || a.id - b.id,
    );
    let near: typeof cats = [];
    if (found.length) {
      const count = new Map<number, number>();
      for (const m of found) if (m.categoryId !== null) count.set(m.categoryId, (count.get(m.categoryId) ?? 0) + 1);
      near = cats.filter((c) => count.has(c.id)).sort((a, b) => count.get(b.id)! - count.get(a.id)!);
    }
    if (!near.length) near = nearestCategories(keyword, cats);
    if (!near.length) near = cats.filter((c) => c.parentId === null);
    return { did_you_mean: nearer, categories: near.slice(0, 4).map(categoryView), paste_link: true };
  }

  /** Suggestions under the search box, per keystroke: from memory (SearchSuggester), rebuilt when the index grows. */
  async suggest(keyword: string, lang: Language) {
    const vocab = await this.vocabulary();
    if (!this.suggester || this.suggester.vocab !== vocab || this.suggester.words !== vocab.size) {
      const building =
        this.suggester?.vocab === vocab && this.suggester.words === vocab.size ? this.suggester.value : this.buildSuggester(vocab);
      this.suggester = { vocab, words: vocab.size, value: building };
      building.catch(() => (this.suggester = null));
    }
    return { list: (await this.suggester.value).suggest(keyword, lang) };
  }

  private async buildSuggester(vocab: Set<string>) {
    const cats = await this.d.db
      .select({ id: mallCategories.id, nameZh: mallCategories.nameZh, nameEn: mallCategories.nameEn })
      .from(mallCategories)
      .where(eq(mallCategories.on, true));
    return new SearchSuggester(cats, (token) => vocab.has(token));
  }

  async searchCategory(i: SearchInput & { category_id: number }) {
    const [c] = await this.d.db.select().from(mallCategories).where(eq(mallCategories.id, i.category_id));
    if (!c || !c.on) throw new DomainError('CATEGORY_NOT_FOUND');
    const r = await this.find(i, false);
    return { list: r.list, total: r.total, page: r.page, page_size: r.page_size, category: categoryView(c) };
  }

  /** The shared finder of customer search, category lists and the console (`staff`: off-sale goods and every source too). */
  async find(i: SearchInput & { on_sale?: boolean }, staff: boolean) {
    const db = this.d.db;
    const f = {
      onSale: staff ? i.on_sale : true,
      sources: staff ? undefined : await this.enabledSources(),
      source: i.source,
      categories: i.category_id ? await this.categoryAndChildren(i.category_id) : undefined,
      min: i.min_price === undefined ? undefined : Math.round(i.min_price * 100),
      max: i.max_price === undefined ? undefined : Math.round(i.max_price * 100),
    };
    const rate = await this.rate();
    const keyword = i.keyword.trim();
    const offset = (i.page - 1) * i.page_size;
    if (!keyword) {
      const where: SQL[] = [];
      if (f.onSale !== undefined) where.push(eq(mallProducts.onSale, f.onSale));
      if (f.sources) where.push(inArray(mallProducts.source, f.sources));
      if (f.source) where.push(eq(mallProducts.source, f.source));
      if (f.categories) where.push(inArray(mallProducts.categoryId, f.categories));
      if (f.min !== undefined) where.push(gte(mallProducts.priceMinor, f.min));
      if (f.max !== undefined) where.push(lte(mallProducts.priceMinor, f.max));
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mallProducts)
        .where(and(...where));
      const rows = await db
        .select()
        .from(mallProducts)
        .where(and(...where))
        .orderBy(...orderOf(i.sort))
        .limit(i.page_size)
        .offset(offset);
      return { list: await productViews(db, rows, rate), total: n, page: i.page, page_size: i.page_size, read_as: '' };
    }
    const { terms, readAs } = this.parse(keyword, await this.vocabulary());
    // Customers share recent queries' matches; staff (who just changed goods) always match afresh, and also
    // find goods by the platform's item id, ranked first.
    const key = JSON.stringify(terms.map((t) => t.tokens));
    const matches = staff
      ? new QueryMatches([
          ...new Map([...(await this.matchesOf(terms)), ...(await this.itemIdMatches(keyword))].map((m) => [m.id, m])).values(),
        ])
      : await this.matches.get(key, () => this.matchesOf(terms));
    const sources = f.sources && new Set<string>(f.sources);
    const categories = f.categories && new Set(f.categories);
    const keep = (m: SearchMatch) =>
      (f.onSale === undefined || m.onSale === f.onSale) &&
      (!sources || sources.has(m.source)) &&
      (!f.source || m.source === f.source) &&
      (!categories || (m.categoryId !== null && categories.has(m.categoryId))) &&
      (f.min === undefined || m.priceMinor >= f.min) &&
      (f.max === undefined || m.priceMinor <= f.max);
    const filter = JSON.stringify([f.onSale, f.sources, f.source, f.categories, f.min, f.max]);
    const r = matches.page(i.sort, filter, keep, offset, i.page_size);
    const list = staff ? await productViewsByIds(db, r.ids, rate) : await this.listViews(r.ids, rate);
    return { list, total: r.total, page: i.page, page_size: i.page_size, read_as: readAs };
  }

  /**
   * A keyword's terms, kept per keyword while the vocabulary stays the same: reading a typo compares it with
   * every word of the vocabulary, and shoppers repeat the same keywords through pages, sorts and filters.
   */
  private parse(keyword: string, vocab: Set<string>) {
    const hit = this.parsed.get(keyword);
    if (hit && hit.vocab === vocab && hit.words === vocab.size) return hit.value;
    const value = parseQuery(keyword, vocab);
    if (this.parsed.size >= PARSED_KEPT) this.parsed.delete(this.parsed.keys().next().value!);
    this.parsed.set(keyword, { vocab, words: vocab.size, value });
    return value;
  }

  /** The list views of these goods, in this order: those kept in `views`, the others read (one statement) and kept. */
  private async listViews(ids: number[], rate: string): Promise<ProductListView[]> {
    const kept = this.views.lookup(ids, rate);
    const missing = ids.filter((_, n) => !kept[n]);
    if (!missing.length) return kept as ProductListView[];
    const stamp = this.views.stamp();
    const read = await productViewsByIds(this.d.db, missing, rate);
    this.views.keep(read, rate, stamp);
    const byId = new Map(read.map((v) => [v.id, v]));
    return ids.flatMap((id, n) => kept[n] ?? byId.get(id) ?? []);
  }

  /** Goods having a token of every term; only when no product matches them all, goods having any. */
  private async matchesOf(terms: QueryTerm[]): Promise<SearchMatch[]> {
    const all = await matchingProducts(this.d.db, terms, true);
    return all.length || terms.length < 2 ? all : matchingProducts(this.d.db, terms, false);
  }

  /** Goods whose platform item id is the keyword, above every other match. */
  private async itemIdMatches(keyword: string): Promise<SearchMatch[]> {
    return productsWithItemId(this.d.db, keyword);
  }

  /**
   * The keyword goes first in the searcher's history and only the newest HISTORY_KEEP stay, in one statement (this
   * runs on every signed-in search). Both parts see the history as it was: the delete keeps the newest others.
   */
  private async remember(userId: number, keyword: string) {
    const kw = keyword.slice(0, 100);
    await this.d.db.execute(
      sql`with kept as (
          insert into ${mallSearchHistory} (user_id, keyword) values (${userId}, ${kw})
          on conflict (user_id, keyword) do update set searched_at = ${new Date().toISOString()}
          returning id)
        delete from ${mallSearchHistory} where user_id = ${userId} and keyword <> ${kw} and id not in (
          select id from ${mallSearchHistory} where user_id = ${userId} and keyword <> ${kw}
          order by searched_at desc, id desc limit ${HISTORY_KEEP - 1})`,
    );
  }

  async searchHistory(userId: number | null) {
    const hot = (await this.mallSettings()).hot_keywords;
    if (!userId) return { history: [], hot };
    const rows = await this.d.db
      .select({ keyword: mallSearchHistory.keyword })
      .from(mallSearchHistory)
      .where(eq(mallSearchHistory.userId, userId))
      .orderBy(desc(mallSearchHistory.searchedAt), desc(mallSearchHistory.id))
      .limit(HISTORY_KEEP);
    return { history: rows.map((r) => r.keyword), hot };
  }

  async clearSearchHistory(userId: number) {
    const r = await this.d.db.delete(mallSearchHistory).where(eq(mallSearchHistory.userId, userId)).returning({ id: mallSearchHistory.id });
    return { removed: r.length };
  }

  async recommend(page: number, pageSize: number) {
    const db = this.d.db;
    const where = and(eq(mallProducts.onSale, true), inArray(mallProducts.source, await this.enabledSources()));
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mallProducts)
      .where(where);
    const rows = await db
      .select()
      .from(mallProducts)
      .where(where)
      .orderBy(sql`(${mallProducts.rebateMinor} > 0) desc`, desc(mallProducts.sales), asc(mallProducts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { list: await productViews(db, rows, await this.rate()), total: n, page, page_size: pageSize };
  }

  /** A product's detail (any state: an off-sale product shows on_sale false); a signed-in viewer's footprint. */
  async detail(id: number, userId: number | null) {
    const p = await productById(this.d.db, id);
    if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
    if (userId) {
      await this.d.db
        .insert(mallFootprints)
        .values({ userId, productId: id })
        .onConflictDoUpdate({ target: [mallFootprints.userId, mallFootprints.productId], set: { viewedAt: new Date() } });
    }
    const view = await this.detailView(p);
    if (userId && this.d.inCartOf) view.in_cart = await this.d.inCartOf(userId, id);
    return view;
  }

  async detailView(p: ProductRow) {
    const rate = await this.rate();
    const skus = (await skusOf(this.d.db, [p.id])).get(p.id) ?? [];
    const base = productView(p, skus, rate);
    const settings = await this.mallSettings();
    return {
      ...base,
      on_sale: base.on_sale && sourceOn(settings, p.source as MallSource),
      images: p.images.length ? p.images : [p.image],
      description: p.description,
      description_en: p.descriptionEn || p.description,
      skus: skus.map((s) => ({
        id: s.id,
        name: s.name,
        name_en: s.nameEn || s.name,
        image: s.image || p.image,
        price: rmb(s.priceMinor),
        stock: s.stock,
      })),
      inland_freight: rmb(freeShipping({ ...p, priceMinor: base.price.amount_minor }) ? 0 : p.inlandFreightMinor),
      weight_g: p.weightG,
      delivery_days: {
        sea: [...mallConstants.seaDeliveryWorkingDays] as [number, number],
        air: [...mallConstants.airDeliveryWorkingDays] as [number, number],
      },
      seller_im: true,
      exchange_rate: rate,
      in_cart: 0,
    };
  }

  async sellerIm(id: number) {
    const p = await productById(this.d.db, id);
    if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
    const shop = encodeURIComponent(p.shopName);
    switch (p.source as MallSource) {
      case 'taobao':
        return {
          url: `https://amos.alicdn.com/getcid.aw?v=3&uid=${shop}&site=cntaobao&groupid=0&s=1&charset=utf-8`,
          kind: 'link' as const,
        };
      case '1688':
        return {
          url: `https://amos.alicdn.com/getcid.aw?v=3&uid=${shop}&site=cnalichn&groupid=0&s=1&charset=utf-8`,
          kind: 'link' as const,
        };
      case 'jd':
        return { url: `https://chat.jd.com/index.action?pid=${p.itemId}`, kind: 'link' as const };
      case 'pdd':
        return { url: `https://mobile.yangkeduo.com/chat_detail.html?goods_id=${p.itemId}`, kind: 'link' as const };
      default:
        return { url: '/pages/sub/qidiankefu', kind: 'ours' as const };
    }
  }

  /**
   * The product a pasted id, link or share text points at: a recognised item already in the catalogue opens
   * itself; a share text without an id is matched by its quoted title. Anything else is not one of our goods
   * (the sandbox holds only the seeded catalogue, and no platform client imports single items): the answer
   * says so, with what was recognised, so the app can offer a search by title instead of opening other goods.
   */
  async resolveLink(text: string) {
    const link = recogniseLink(text);
    if (!link) throw new DomainError('LINK_NOT_RECOGNISED');
    const p = await this.productOfLink(link);
    if (!sourceOn(await this.mallSettings(), p.source as MallSource)) throw new DomainError('SOURCE_OFF');
    return { product: productView(p, (await skusOf(this.d.db, [p.id])).get(p.id) ?? [], await this.rate()), link };
  }

  private async productOfLink(link: RecognisedLink): Promise<ProductRow> {
    const db = this.d.db;
    if (link.kind === 'id') {
      const own = await productByItem(db, link.source, link.itemId);
      if (own) return own;
    } else if (link.title) {
      const found = await this.find({ keyword: link.title, source: link.source, sort: 'default', page: 1, page_size: 1 }, false);
      if (found.list.length) return (await productById(db, found.list[0].id))!;
    }
    const data: MallNotInCatalogue =
      link.kind === 'id'
        ? { source: link.source, item_id: link.itemId, title: '' }
        : { source: link.source, item_id: '', title: link.title };
    throw new DomainError('ITEM_NOT_IN_CATALOGUE', {}, data);
  }

  /** A PDD product's promotion link: by our product id, or a pasted PDD link / share text. */
  async pddUrl(i: { id?: number; text?: string }) {
    let p: ProductRow | undefined;
    if (i.id !== undefined) {
      p = await productById(this.d.db, i.id);
      if (!p) throw new DomainError('PRODUCT_NOT_FOUND');
    } else {
      const r = await this.resolveLink(i.text ?? '');
      p = await productById(this.d.db, r.product.id);
    }
    if (!p || p.source !== 'pdd') throw new DomainError('LINK_NOT_RECOGNISED');
    const u = await this.d.providers.pdd?.promotionUrl(p.itemId).catch(() => null);
    return {
      product_id: p.id,
      url: u?.url || `https://mobile.yangkeduo.com/goods.html?goods_id=${p.itemId}`,
      mobile_url: u?.mobile_url || `https://mobile.yangkeduo.com/goods2.html?goods_id=${p.itemId}`,
    };
  }

  async footprints(userId: number, page: number, pageSize: number) {
    const db = this.d.db;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mallFootprints)
      .where(eq(mallFootprints.userId, userId));
    const rows = await db
      .select({ f: mallFootprints, p: mallProducts })
      .from(mallFootprints)
      .innerJoin(mallProducts, eq(mallProducts.id, mallFootprints.productId))
      .where(eq(mallFootprints.userId, userId))
      .orderBy(desc(mallFootprints.viewedAt), desc(mallFootprints.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const views = await productViews(
      db,
      rows.map((r) => r.p),
      await this.rate(),
    );
    return {
      list: rows.map((r, j) => ({ id: r.f.id, viewed_at: r.f.viewedAt.toISOString(), product: views[j] })),
      total: n,
      page,
      page_size: pageSize,
    };
  }

  async deleteFootprints(userId: number, i: { ids?: number[]; all?: boolean }) {
    if (!i.all && !i.ids?.length) throw new ValidationError('rule.required', { field: 'ids' });
    const where = i.all ? eq(mallFootprints.userId, userId) : and(eq(mallFootprints.userId, userId), inArray(mallFootprints.id, i.ids!));
    const r = await this.d.db.delete(mallFootprints).where(where).returning({ id: mallFootprints.id });
    return { removed: r.length };
  }

  /** Stock of a SKU, for the console. */
  async skuStock(skuId: number) {
    const [s] = await this.d.db.select().from(mallSkus).where(eq(mallSkus.id, skuId));
    return s;
  }
}

function orderOf(sort: MallSort) {
  switch (sort) {
    case 'price_asc':
      return [asc(mallProducts.priceMinor), asc(mallProducts.id)];
    case 'price_desc':
      return [desc(mallProducts.priceMinor), asc(mallProducts.id)];
    case 'newest':
      return [desc(mallProducts.createdAt), desc(mallProducts.id)];
    default:
      return [desc(mallProducts.sales), asc(mallProducts.id)];
  }
}
