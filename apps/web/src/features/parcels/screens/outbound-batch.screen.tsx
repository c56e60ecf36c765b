import { Empty, List, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useOutboundBatch } from '../api/outbound-batch.ts';
import { InfoRows } from '../components/info-rows.tsx';
import { loadGate } from '../../../components/query-state.tsx';
import '../parcels.css';

/**
 * An outbound batch (container) holding the customer's packs: batch no, container, packing date, total
 * size and amount, status, unit price (spec §3 batch list entry), and the packs in it.
 */
export default function OutboundBatchScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('batch_id') ?? params.get('id') ?? 0);
  const batchQ = useOutboundBatch(id);
  const data = batchQ.data;
  const gate = loadGate(batchQ);
  if (gate) return gate;
  if (!data) return <Empty description={t('parcels.notFound')} />;
  const b = data.batch;
  return (
    <div data-testid="outbound-batch">
      <div className="section">
        <div className="row between">
          <b className="pc-no">{b.batch_no}</b>
          <Tag color="primary">{t(`parcels.batchStatus.${b.status}`)}</Tag>
        </div>
        <InfoRows
          rows={[
            [t('parcels.modeLabel'), t(`parcels.mode.${b.mode}`)],
            [t('parcels.outbound.container'), b.container || '-'],
            [t('parcels.pack.date'), b.pack_date],
            [t('parcels.outbound.totalVolume'), `${b.total_volume_cbm} m³`],
            [t('parcels.outbound.totalAmount'), formatMoney(b.total_amount.amount_minor, b.total_amount.currency)],
            b.unit_price ? [t('parcels.outbound.unitPrice'), formatMoney(b.unit_price.amount_minor, b.unit_price.currency)] : null,
            b.stage ? [t('parcels.pack.stage'), t(`parcels.stage.${b.stage}`)] : null,
          ]}
        />
      </div>
      <List header={t('parcels.outbound.myPacks')}>
        {data.list.map((k) => (
          <List.Item
            key={k.id}
            onClick={() => nav.navigateTo(paths.packageDetail, { id: k.id })}
            description={`${k.parcel_count} · ${k.volume_cbm ?? '-'} m³ · ${k.weight_kg ?? '-'} kg`}
            extra={k.amount ? formatMoney(k.amount.amount_minor, k.amount.currency) : null}
          >
            {k.pack_no}{' '}
            <Tag color="primary" fill="outline">
              {t(`parcels.packStatus.${k.status}`)}
            </Tag>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
