import type { contract } from '@pinyou/contract';
import { userIdOf, type Ctx, type Handlers } from '../../core/http.ts';
import type { MallCatalogueService } from './mall-catalogue.service.ts';
import type { MallCatalogueAdmin } from './mall-catalogue-admin.service.ts';

type M = typeof contract.mall;
type A = typeof contract.mallAdmin;
type CatalogueCalls = Pick<
  M,
  | 'getIndex'
  | 'getCategory'
  | 'getRequestParam'
  | 'searchSuggest'
  | 'slideList'
  | 'searchCategory'
  | 'getDetail'
  | 'getPDDUrl'
  | 'getJDBySkuid'
  | 'getTaobaoPreSaleIm'
  | 'getFootprintList'
  | 'deleteFootprints'
  | 'getSearchHistory'
  | 'clearSearchHistory'
  | 'getRecommendGoods'
>;
type CatalogueAdminCalls = Pick<
  A,
  | 'adminMallProducts'
  | 'adminMallProduct'
  | 'adminSaveMallProduct'
  | 'adminSetMallProductOnSale'
  | 'adminSetMallStock'
  | 'adminMallCategories'
  | 'adminSaveMallCategory'
  | 'adminMallSlides'
  | 'adminSaveMallSlide'
  | 'adminDeleteMallSlide'
  | 'adminMallSettings'
  | 'adminSaveMallSettings'
>;

/** Whose search history and footprints a look records: nobody's in a member session (it may only look). */
const recorder = (ctx: Ctx) => (ctx.session?.actingLeaderId ? null : (ctx.session?.userId ?? null));

export function catalogueRoutes(c: MallCatalogueService, a: MallCatalogueAdmin): Handlers<CatalogueCalls> {
  return {
    getIndex: (_, ctx) => c.index(ctx.lang),
    getCategory: (i) => c.categories(i.parent_id),
    getRequestParam: async (i, ctx) => {
      if (i.keyword.trim()) await a.importFromProviders(i.keyword.trim(), i.source);
      return c.search(i, recorder(ctx));
    },
    searchSuggest: (i, ctx) => c.suggest(i.keyword, ctx.lang),
    slideList: () => c.slides(),
    searchCategory: (i) => c.searchCategory(i),
    getDetail: (i, ctx) => c.detail(i.id, recorder(ctx)),
    getPDDUrl: (i) => c.pddUrl(i),
    getJDBySkuid: async (i) => ({ product: (await c.resolveLink(i.sku_id || i.text || '')).product }),
    getTaobaoPreSaleIm: (i) => c.sellerIm(i.id),
    getFootprintList: (i, ctx) => c.footprints(userIdOf(ctx), i.page, i.page_size),
    deleteFootprints: (i, ctx) => c.deleteFootprints(userIdOf(ctx), i),
    getSearchHistory: (_, ctx) => c.searchHistory(ctx.session?.userId ?? null),
    clearSearchHistory: (_, ctx) => c.clearSearchHistory(userIdOf(ctx)),
    getRecommendGoods: (i) => c.recommend(i.page, i.page_size),
  };
}

export function catalogueAdminRoutes(a: MallCatalogueAdmin): Handlers<CatalogueAdminCalls> {
  return {
    adminMallProducts: (i) => a.products(i),
    adminMallProduct: (i) => a.product(i.id),
    adminSaveMallProduct: (i) => a.saveProduct(i),
    adminSetMallProductOnSale: (i) => a.setOnSale(i.ids, i.on_sale),
    adminSetMallStock: (i) => a.setStock(i.sku_id, i.stock),
    adminMallCategories: () => a.categories(),
    adminSaveMallCategory: (i) => a.saveCategory(i),
    adminMallSlides: () => a.slides(),
    adminSaveMallSlide: (i) => a.saveSlide(i),
    adminDeleteMallSlide: (i) => a.deleteSlide(i.id),
    adminMallSettings: () => a.settings(),
    adminSaveMallSettings: (i) => a.saveSettings(i),
  };
}
