import { Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useOrderDetail } from '../api/leader.ts';

/** One member order of the leader's group with its parcels. */
export default function MemberDetailScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = useOrderDetail(Number(params.get('pack_id')));
  const gate = loadGate(q);
  if (gate) return gate;
  if (!q.data) return null;
  const o = q.data.order;
  return (
    <div className="page">
      <div className="card">
        <div className="section-title">{o.pack_no}</div>
        <div>
          {o.user_account} · {o.volume_cbm} cbm {o.amount && `· ${formatMoney(o.amount)}`}
        </div>
        <Tag color={o.paid ? 'success' : 'warning'}>{t(o.paid ? 'groups.paid' : 'groups.unpaid')}</Tag>
      </div>
      <div className="card">
        <div className="section-title">{t('groups.parcels')}</div>
        {q.data.parcels.map((p) => (
          <div key={p.id} style={{ minHeight: 32 }}>
            {p.tracking_no} · {p.goods_name} · {formatMoney(p.goods_value)}
          </div>
        ))}
      </div>
    </div>
  );
}
