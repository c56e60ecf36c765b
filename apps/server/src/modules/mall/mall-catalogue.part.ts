// PLACEHOLDER (base of the mall branches): the catalogue helper replaces this file whole.
import { DomainError } from '../../core/errors.ts';
import type { MallDeps } from './mall.deps.ts';
import type { MallPart } from './mall.part.ts';

const notYet = () => {
  throw new DomainError('FAILED');
};
const calls = [
  'getIndex',
  'getCategory',
  'getRequestParam',
  'slideList',
  'searchCategory',
  'getDetail',
  'getPDDUrl',
  'getJDBySkuid',
  'getTaobaoPreSaleIm',
  'getFootprintList',
  'deleteFootprints',
  'getSearchHistory',
  'clearSearchHistory',
  'getRecommendGoods',
];
const adminCalls = [
  'adminMallProducts',
  'adminMallProduct',
  'adminSaveMallProduct',
  'adminSetMallProductOnSale',
  'adminSetMallStock',
  'adminMallCategories',
  'adminSaveMallCategory',
  'adminMallSlides',
  'adminSaveMallSlide',
  'adminDeleteMallSlide',
  'adminMallSettings',
  'adminSaveMallSettings',
];

export function createCataloguePart(_d: MallDeps): MallPart<Record<string, never>> {
  return {
    services: {},
    handlers: {
      mall: Object.fromEntries(calls.map((c) => [c, notYet])),
      mallAdmin: Object.fromEntries(adminCalls.map((c) => [c, notYet])),
    },
  };
}
