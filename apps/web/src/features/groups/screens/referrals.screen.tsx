import { Empty } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { useReferrals } from '../api/leader.ts';

/** Users who registered through the caller's share link. */
export default function ReferrerListScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const q = useReferrals();
  return (
    <div className="page">
      <div className="card">
        <div className="section-title">{t('groups.referrals')}</div>
        <QueryState query={q} isEmpty={q.data?.list.length === 0} empty={<Empty />} />
        {q.data?.list.map((u) => (
          <div key={u.user_id} style={{ minHeight: 44 }}>
            {u.user_account} · {u.nickname} · {formatDate(u.created_at)}
          </div>
        ))}
      </div>
    </div>
  );
}
