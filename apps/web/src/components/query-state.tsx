import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { FailureState, StaleBar } from './failure-state.tsx';
import { CardSkeleton, ListSkeleton } from './skeletons.tsx';

/** The part of a TanStack query (plain or infinite) this component reads. */
export interface QueryLike {
  /** Undefined until a load has succeeded once (a failed first load ends with status 'error', not pending). */
  data?: unknown;
  isPending: boolean;
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps {
  query: QueryLike;
  /** Placeholder shape on the first load. */
  skeleton?: 'list' | 'card' | 'none';
  /** Shown when the load succeeded and there is nothing (never after a failure). */
  isEmpty?: boolean;
  empty?: ReactNode;
  /** Without children it stands in place of an old empty-state line and renders only the states. */
  children?: ReactNode;
}

/**
 * The one rule for loaded content, for every screen: first load → skeleton; failed with nothing loaded
 * → failure state with retry; failed with earlier data → the data under a "may be out of date" bar;
 * loaded and nothing there → the empty state; otherwise the content.
 *
 *   <QueryState query={q} isEmpty={!q.data?.list.length} empty={<Empty description={t('x.none')} />}>
 *     {q.data?.list.map(...)}
 *   </QueryState>
 */
export function QueryState({ query, skeleton = 'list', isEmpty, empty, children }: QueryStateProps) {
  const { t } = useTranslation();
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError) return <FailureState error={query.error} onRetry={retry} />;
    // A disabled query has nothing on the way: no skeleton that would never end.
    if (skeleton === 'none' || query.fetchStatus === 'idle') return null;
    return skeleton === 'card' ? <CardSkeleton /> : <ListSkeleton />;
  }
  return (
    <>
      {query.isError && <StaleBar onRetry={retry} />}
      {isEmpty && !query.isError
        ? (empty ?? (
            <div className="empty-state" data-testid="empty-state">
              {t('state.emptyDefault')}
            </div>
          ))
        : children}
    </>
  );
}

/**
 * A value that must not be shown as a fact when it is not known: a count, a balance. Shows "–" while
 * loading or after a failure instead of 0.
 */
export function Known<T>({ value, render }: { value: T | undefined; render?: (v: T) => ReactNode }) {
  if (value === undefined || value === null) return <span aria-label="?">–</span>;
  return <>{render ? render(value) : String(value)}</>;
}

/**
 * For screens that show one object: the skeleton while it first loads, the failure state when it could
 * not be loaded, or null when the screen can render (its data, or its own "not found").
 *
 *   const q = useOrderDetail(id);
 *   const gate = loadGate(q);
 *   if (gate) return gate;
 *   if (!q.data) return <Empty description={t("x.notFound")} />;
 */
export function loadGate(query: QueryLike, skeleton: 'list' | 'card' = 'card'): ReactNode | null {
  if (query.data !== undefined) return null;
  if (query.isError) return <FailureState error={query.error} onRetry={() => void query.refetch()} />;
  // A disabled query (nothing to load) is pending too, but has no fetch on the way: let the screen render.
  if (query.isPending && query.fetchStatus !== 'idle') return skeleton === 'card' ? <CardSkeleton lines={5} /> : <ListSkeleton />;
  return null;
}
