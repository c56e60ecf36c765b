import { useInfiniteQuery } from '@tanstack/react-query';
import { contract, type MallCategory, type MallProduct, type MallSearchInstead, type MallSort, type MallSource } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { mallKeys } from './keys.ts';

export interface GoodsQuery {
  keyword?: string;
  categoryId?: number;
  source?: MallSource;
  sort?: MallSort;
  minPrice?: string;
  maxPrice?: string;
}

const PAGE_SIZE = 20;

/** One page of goods: a search names how it read the keyword; a category list names the category. */
export interface GoodsPage {
  list: MallProduct[];
  total: number;
  page: number;
  page_size: number;
  read_as?: string;
  /** A search that found nothing: what to try instead. */
  instead?: MallSearchInstead | null;
  category?: MallCategory;
}

/** A category's goods (searchCategory) or a search (getRequestParam), one page. */
export function searchGoods(q: GoodsQuery, page: number): Promise<GoodsPage> {
  const body = {
    keyword: q.keyword ?? '',
    source: q.source,
    sort: q.sort ?? 'default',
    min_price: q.minPrice || undefined,
    max_price: q.maxPrice || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  if (q.categoryId) return api.call(contract.mall.searchCategory, { ...body, category_id: q.categoryId } as never, { loading: false });
  return api.call(contract.mall.getRequestParam, body as never, { loading: false });
}

/** Goods page by page; `enabled` off until there is something to look for. */
export const useSearchGoods = (q: GoodsQuery, enabled = true) =>
  useInfiniteQuery({
    queryKey: mallKeys.search(q),
    queryFn: ({ pageParam }) => searchGoods(q, pageParam),
    initialPageParam: 1,
    enabled,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
