import { useTranslation } from 'react-i18next';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../app/paths.ts';
import { useParcelAlerts } from '../api/alerts.ts';

/**
 * Home banners: parcels whose name or value must be supplemented, and packs awaiting payment. One small
 * call and no library of its own, since it sits on the home critical path; strings are in core.
 */
export default function HomeParcelAlerts() {
  const { t } = useTranslation();
  const { data } = useParcelAlerts(true);
  if (!data) return null;
  return (
    <>
      {data.low_value_count > 0 && (
        <div className="home-alert warn" onClick={() => nav.navigateTo(paths.orderAll, { tab: 'warehouse' })} data-testid="alert-low-value">
          {t('home.lowValueAlert', { n: data.low_value_count })}
        </div>
      )}
      {data.unpaid_count > 0 && (
        <div className="home-alert" onClick={() => nav.navigateTo(paths.orderAll, { tab: 'unpaid' })} data-testid="alert-unpaid">
          {t('home.unpaidAlert', { n: data.unpaid_count })}
        </div>
      )}
    </>
  );
}
