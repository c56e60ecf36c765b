import { useTranslation } from '../../../lib/translation.ts';
import { useTellSettled } from '../../../lib/settled.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useParcelAlerts } from '../api/alerts.ts';

/**
 * Home banner: parcels whose name or value must be supplemented. (Bills to pay have their own banner,
 * features/payment/components/bills-alert.tsx, counting bills like the To pay tab.) One small call and
 * no library of its own, since it sits on the home critical path; strings are in core.
 */
export default function HomeParcelAlerts({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useParcelAlerts(true);
  useTellSettled(!isPending, onSettled);
  if (!data || data.low_value_count <= 0) return null;
  return (
    <button
      type="button"
      className="home-alert warn"
      onClick={() => nav.navigateTo(paths.orderAll, { tab: 'warehouse' })}
      data-testid="alert-low-value"
    >
      {t('home.lowValueAlert', { count: data.low_value_count })}
    </button>
  );
}
