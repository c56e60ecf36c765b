import { Empty, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useMemberOrders } from '../api/leader.ts';

/** A member's group orders, for their leader. */
export default function MemberOrderScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = useMemberOrders(Number(params.get('user_id')));
  const gate = loadGate(q, 'list');
  if (gate) return gate;
  if (!q.data) return null;
  return (
    <div className="page">
      <div className="card">
        <div className="section-title">{q.data.member.user_account}</div>
      </div>
      {!q.data.list.length && <Empty description={t('groups.noOrders')} />}
      {q.data.list.map((o) => (
        <div
          key={o.pack_id}
          className="card"
          style={{ minHeight: 44 }}
          onClick={() => nav.navigateTo(paths.memberDetail, { pack_id: o.pack_id })}
        >
          <div>
            {o.pack_no} · {o.parcel_count} {t('groups.parcels')} · {o.volume_cbm} cbm {o.amount && `· ${formatMoney(o.amount)}`}
          </div>
          <Tag color={o.paid ? 'success' : 'warning'}>{t(o.paid ? 'groups.paid' : 'groups.unpaid')}</Tag>
          {!o.goods_complete && <div className="muted">{t('groups.goodsIncomplete')}</div>}
        </div>
      ))}
    </div>
  );
}
