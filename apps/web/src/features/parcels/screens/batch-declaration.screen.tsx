import { Empty, Tabs, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useBatchDetail, type BatchRowStatus } from '../api/batch-detail.ts';
import { QueryState } from '../../../components/query-state.tsx';
import '../parcels.css';

const filters = ['all', 'waiting', 'completed', 'failed'] as const;

/** The rows of one batch declaration: waiting / completed / failed with the reason. */
export default function BatchDetailScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const f = (filters as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as (typeof filters)[number])
    : 'all';
  const detailQ = useBatchDetail(id, f === 'all' ? undefined : (f as BatchRowStatus));
  const { data } = detailQ;
  const colour = { waiting: 'warning', completed: 'success', failed: 'danger' } as const;
  return (
    <div data-testid="batch-detail">
      {data && (
        <div className="section">
          <div className="section-title">{data.file_name}</div>
          <div className="muted">
            {t('parcels.batch.total', { count: data.total })} · {t('parcels.batchRow.completed')} {data.completed} ·{' '}
            {t('parcels.batchRow.failed')} {data.failed} · {t('parcels.batchRow.waiting')} {data.waiting}
          </div>
        </div>
      )}
      <Tabs activeKey={f} onChange={(k) => setParams({ id: String(id), status: k }, { replace: true })} style={{ background: '#fff' }}>
        {filters.map((x) => (
          <Tabs.Tab key={x} title={x === 'all' ? t('parcels.batch.all') : t(`parcels.batchRow.${x}`)} />
        ))}
      </Tabs>
      <QueryState query={detailQ} isEmpty={!data?.rows.length} empty={<Empty description={t('parcels.batch.noRows')} />} />
      {data?.rows.map((r) => (
        <div
          className="pc-card"
          key={r.row_no}
          data-testid={`batch-row-${r.status}`}
          onClick={() => r.parcel_id && nav.navigateTo(paths.orderDetail, { id: r.parcel_id })}
        >
          <div className="row between">
            <b>
              {t('parcels.batch.row', { n: r.row_no })} · {r.tracking_no || '-'}
            </b>
            <Tag color={colour[r.status]}>{t(`parcels.batchRow.${r.status}`)}</Tag>
          </div>
          <div className="muted">
            {[r.goods_name, r.goods_value && `¥${r.goods_value}`, r.quantity && `× ${r.quantity}`, r.category, r.mode]
              .filter(Boolean)
              .join(' · ')}
          </div>
          {r.reason && (
            <div className="pc-red" style={{ fontSize: 13, marginTop: 4 }}>
              {r.reason}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
