import { useState } from 'react';
import { Button, Dialog, Empty, Image, InfiniteScroll, Input, PullToRefresh, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useLargeCargo } from '../api/large-cargo.ts';
import { useClaimLargeCargo } from '../api/claim-large-cargo.ts';
import { ListSearch } from '../components/search-bar.tsx';
import { formatTime } from '../components/timeline.tsx';
import { trackingPattern } from '../model.ts';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

/** Big parcels that arrived without a declaration; claim one by typing its whole tracking number. */
export default function BigClaimScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useLargeCargo(keyword);
  const claim = useClaimLargeCargo();
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];

  const onClaim = (id: number, masked: string) => {
    let typed = '';
    void Dialog.confirm({
      title: t('parcels.claim.title'),
      content: (
        <div>
          <p className="pc-hint">{t('parcels.claim.prove', { masked })}</p>
          <Input placeholder={t('parcels.declare.trackingPh')} onChange={(v) => (typed = v)} data-testid="claim-input" />
        </div>
      ),
      confirmText: t('parcels.claim.submit'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        const no = typed.trim().toUpperCase();
        if (!no || !trackingPattern.test(no)) {
          Toast.show({ content: t('parcels.rule.trackingNo') });
          throw new Error('invalid');
        }
        await claim.mutateAsync({ id, tracking_no: no });
        Toast.show({ icon: 'success', content: t('parcels.claim.sent') });
      },
    }).catch(() => undefined);
  };

  return (
    <div data-testid="big-claim">
      <ListSearch value={keyword} onSearch={setKeyword} placeholder={t('parcels.claim.searchPh')} />
      <p className="pc-hint" style={{ margin: '8px 12px' }}>
        {t('parcels.claim.hint')}
      </p>
      <PullToRefresh
        onRefresh={async () => void (await q.refetch())}
        pullingText={t('parcels.pull')}
        canReleaseText={t('parcels.release')}
        refreshingText={t('common.loading')}
        completeText={t('parcels.refreshed')}
      >
        <div style={{ minHeight: '60vh' }}>
          <QueryState query={q} isEmpty={!list.length} empty={<Empty description={t('parcels.claim.none')} />} />
          {list.map((u) => (
            <div className="pc-card" key={u.id} data-testid="unclaimed-card">
              <div className="row between">
                <b className="pc-no">{u.tracking_no_masked}</b>
                <Tag color={u.status === 'unclaimed' ? 'primary' : 'warning'}>
                  {u.claimed_by_me ? t('parcels.claim.mine') : t(`parcels.claim.status.${u.status}`)}
                </Tag>
              </div>
              <div className="muted">
                {u.carrier_name} · {u.weight_kg} kg · {u.size.length_cm}×{u.size.width_cm}×{u.size.height_cm} cm · {u.volume_cbm} m³
              </div>
              <div className="muted">
                {t('parcels.inboundAt')} {formatTime(u.arrived_at)}
              </div>
              {u.photos.length > 0 ? (
                <div className="pc-photos" style={{ marginTop: 6 }}>
                  {u.photos.slice(0, 3).map((src) => (
                    <Image key={src} src={src} fit="cover" />
                  ))}
                </div>
              ) : (
                <div className="muted">{t('parcels.noPhotos')}</div>
              )}
              {u.status === 'unclaimed' && (
                <Button
                  size="small"
                  color="primary"
                  style={{ marginTop: 8 }}
                  onClick={() => onClaim(u.id, u.tracking_no_masked)}
                  data-testid="claim-open"
                >
                  {t('parcels.claim.submit')}
                </Button>
              )}
            </div>
          ))}
          {list.length > 0 && (
            <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={!!q.hasNextPage && !q.isFetchNextPageError}>
              {q.hasNextPage ? t('common.loading') : t('parcels.list.end')}
            </InfiniteScroll>
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
