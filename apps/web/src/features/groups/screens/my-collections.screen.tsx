import { Empty } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { loadGate, QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useMyCollection, useMyCollections } from '../api/leader.ts';

function Code({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const q = useMyCollection(batchId);
  const gate = loadGate(q);
  if (gate) return gate;
  if (!q.data) return null;
  const r = q.data.row;
  return (
    <div className="card" data-testid={`my-collection-${batchId}`}>
      <div className="section-title">
        {q.data.batch.batch_no} · {q.data.batch.pack_date}
      </div>
      <div className="muted">{t('groups.showCode')}</div>
      <div style={{ fontSize: 28, fontWeight: 700, letterSpacing: 4 }} data-testid="my-pickup-code">
        {r.pickup_code}
      </div>
      <div>
        {r.volume_cbm} cbm · {formatMoney(r.amount)} · {t(r.paid ? 'groups.paid' : 'groups.unpaid')} ·{' '}
        {t(r.signed ? 'groups.signed' : 'groups.notSigned')}
      </div>
    </div>
  );
}

/** A member's own collections in group batches with the pickup code to show the leader. */
export default function MemberDetail2Screen() {
  useStrings('groups');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const one = Number(params.get('batch_id'));
  const all = useMyCollections();
  if (one)
    return (
      <div className="page">
        <Code batchId={one} />
      </div>
    );
  return (
    <div className="page">
      <QueryState query={all} isEmpty={all.data?.list.length === 0} empty={<Empty description={t('groups.noOrders')} />} />
      {all.data?.list.map((r) => (
        <Code key={r.batch.id} batchId={r.batch.id} />
      ))}
    </div>
  );
}
