/** Query keys of the mall: everything under ['mall'] so a change can refresh what it touches. */
export const mallKeys = {
  all: ['mall'] as const,
  index: () => ['mall', 'index'] as const,
  categories: (parentId?: number) => ['mall', 'categories', parentId ?? 0] as const,
  search: (q: object) => ['mall', 'search', q] as const,
  recommend: () => ['mall', 'recommend'] as const,
  detail: (id: number) => ['mall', 'detail', id] as const,
  cart: () => ['mall', 'cart'] as const,
  cartCount: () => ['mall', 'cart-count'] as const,
  trade: (q: object) => ['mall', 'trade', q] as const,
  records: (status: string) => ['mall', 'records', status] as const,
  recordCounts: () => ['mall', 'record-counts'] as const,
  record: (id: number) => ['mall', 'record', id] as const,
  logistics: (id: number) => ['mall', 'logistics', id] as const,
  footprints: () => ['mall', 'footprints'] as const,
  searchHistory: () => ['mall', 'search-history'] as const,
  wxPay: (outTradeNo: string) => ['mall', 'wx-pay', outTradeNo] as const,
};
