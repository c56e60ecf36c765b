import type { ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../lib/translation.ts';
import { QueryState, type QueryLike } from './query-state.tsx';

export interface PagedQuery extends QueryLike {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchNextPageError?: boolean;
}

export interface PagedListProps<T> {
  /** A useInfiniteQuery result. */
  query: PagedQuery;
  items: T[];
  render: (item: T) => ReactNode;
  empty?: ReactNode;
  /** Content above the items once there are some (a banner). */
  header?: ReactNode;
  testId?: string;
  /** Pull-to-refresh (default on); off on screens the spec gives none, e.g. the mall tab (§2). */
  pullToRefresh?: boolean;
  /** Extra class on the list container (e.g. a two-column goods grid). */
  className?: string;
}

/**
 * A paged list with pull-to-refresh and infinite scroll, built on QueryState: skeleton on first load,
 * failure state with retry (never "nothing here") when the load fails, earlier pages kept and marked
 * out of date when a refresh fails, "no more" at the end.
 *
 *   const q = useOrderList(tab, keyword);
 *   <PagedList query={q} items={q.data?.pages.flatMap((p) => p.list) ?? []} render={(p) => <ParcelCard p={p} />} />
 */
export function PagedList<T>({ query, items, render, empty, header, testId, pullToRefresh = true, className }: PagedListProps<T>) {
  const { t } = useTranslation();
  const list = (
    <div className={`paged-list${className ? ` ${className}` : ''}`} data-testid={testId}>
      <QueryState query={query} isEmpty={items.length === 0} empty={empty}>
        {header}
        {items.map(render)}
        <InfiniteScroll
          loadMore={async () => {
            await query.fetchNextPage();
          }}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.hasNextPage ? t('common.loading') : t('state.end')}
        </InfiniteScroll>
      </QueryState>
    </div>
  );
  if (!pullToRefresh) return list;
  return (
    <PullToRefresh
      onRefresh={async () => void (await query.refetch())}
      pullingText={t('state.pull')}
      canReleaseText={t('state.release')}
      refreshingText={t('common.loading')}
      completeText={t('state.refreshed')}
    >
      {list}
    </PullToRefresh>
  );
}
