import { useState } from 'react';
import { Empty, SearchBar } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useLogistics, type LogisticsQuery } from '../api/logistics.ts';
import { Timeline } from '../components/timeline.tsx';
import '../parcels.css';

/** Tracking: the China courier leg and warehouse events, then the sea/air stages with their times. */
export default function LogisticsScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q: LogisticsQuery = {
    pack_id: Number(params.get('pack_id') ?? 0) || undefined,
    parcel_id: Number(params.get('parcel_id') ?? 0) || undefined,
    tracking_no: params.get('tracking_no') || undefined,
  };
  const [typed, setTyped] = useState(q.tracking_no ?? '');
  const { data, isLoading } = useLogistics(q);
  const asked = !!(q.pack_id || q.parcel_id || q.tracking_no);

  return (
    <div data-testid="logistics">
      <div style={{ padding: '8px 12px', background: '#fff' }}>
        <SearchBar
          value={typed}
          onChange={setTyped}
          placeholder={t('parcels.logistics.searchPh')}
          onSearch={(v) => v.trim() && setParams({ tracking_no: v.trim() }, { replace: true })}
          data-testid="logistics-search"
        />
      </div>
      {asked && isLoading && (
        <div className="empty-page">
          <span className="spinner" role="status" aria-label="loading" />
        </div>
      )}
      {asked && data && !data.has_info && <Empty description={t('parcels.logistics.none')} data-testid="no-logistics" />}
      {!asked && <Empty description={t('parcels.logistics.askNumber')} />}
      {data?.has_info && (
        <>
          <div className="section">
            <div className="muted">
              {t('parcels.trackingNo')}: {data.tracking_no || '-'}
            </div>
            {data.pack_no && (
              <div className="muted">
                {t('parcels.packNo')}: {data.pack_no}
              </div>
            )}
            {data.stage && (
              <div className="section-title" style={{ marginTop: 6 }}>
                {t(`parcels.stage.${data.stage}`)}
              </div>
            )}
          </div>
          {data.events.length > 0 && (
            <div className="section" data-testid="logistics-events">
              <div className="section-title">{t('parcels.logistics.china')}</div>
              <Timeline entries={data.events.map((e) => ({ title: e.text, description: e.note, at: e.at }))} />
            </div>
          )}
          {data.stages.length > 0 && (
            <div className="section" data-testid="logistics-stages">
              <div className="section-title">{t('parcels.logistics.transport')}</div>
              <Timeline entries={data.stages.map((s) => ({ title: t(`parcels.stage.${s.stage}`), at: s.at, done: s.done }))} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
