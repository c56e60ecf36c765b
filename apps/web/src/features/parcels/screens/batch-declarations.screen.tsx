import { Empty, InfiniteScroll, List, PullToRefresh, Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useBatchList } from '../api/batch-list.ts';
import { formatTime } from '../components/timeline.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

/** Uploaded batch declarations with their row counts. */
export default function BatchListScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const q = useBatchList();
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => void (await q.refetch())}
      pullingText={t('parcels.pull')}
      canReleaseText={t('parcels.release')}
      refreshingText={t('common.loading')}
      completeText={t('parcels.refreshed')}
    >
      <div style={{ minHeight: '70vh' }} data-testid="batch-list">
        <QueryState query={q} isEmpty={!list.length} empty={<Empty description={t('parcels.batch.none')} />} />
        <List>
          {list.map((b) => (
            <List.Item
              key={b.id}
              onClick={() => nav.navigateTo(paths.batchDetail, { id: b.id })}
              description={formatTime(b.created_at)}
              extra={
                <div className="row" style={{ gap: 4 }}>
                  <Tag color="success">{b.completed}</Tag>
                  {b.failed > 0 && <Tag color="danger">{b.failed}</Tag>}
                  {b.waiting > 0 && <Tag color="warning">{b.waiting}</Tag>}
                </div>
              }
            >
              {b.file_name} <span className="muted">({t('parcels.batch.total', { count: b.total })})</span>
            </List.Item>
          ))}
        </List>
        {list.length > 0 && (
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={!!q.hasNextPage && !q.isFetchNextPageError}>
            {q.hasNextPage ? t('common.loading') : t('parcels.list.end')}
          </InfiniteScroll>
        )}
      </div>
    </PullToRefresh>
  );
}
