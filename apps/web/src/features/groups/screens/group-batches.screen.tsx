import { Empty, Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroupBatches } from '../api/pickups.ts';

/** Group batches of the caller's group (batch no, container, pack date, size, amount, status, unit price). */
export default function GroupOrderScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const q = useGroupBatches();
  return (
    <div className="page">
      <QueryState query={q} isEmpty={q.data?.list.length === 0} empty={<Empty description={t('groups.batches')} />} />
      {q.data?.list.map((b) => (
        <div
          key={b.id}
          className="card"
          style={{ minHeight: 44 }}
          onClick={() => nav.navigateTo(paths.memberDetail2, { batch_id: b.id })}
          data-testid={`batch-${b.batch_no}`}
        >
          <div className="section-title">
            {b.batch_no} <Tag>{t(`groups.status.${b.status}`)}</Tag>
          </div>
          <div>
            {b.pack_date} · {b.container || '-'} · {b.total_size_cbm} cbm · {formatMoney(b.total_amount)}
            {b.unit_price && ` · ${formatMoney(b.unit_price)}/cbm`}
          </div>
          <div className="muted">{b.effective ? t('groups.effective') : t('groups.notEffective')}</div>
        </div>
      ))}
    </div>
  );
}
