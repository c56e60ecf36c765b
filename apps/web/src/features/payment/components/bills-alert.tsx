import { useTranslation } from '../../../lib/translation.ts';
import { useTellSettled } from '../../../lib/settled.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnpaidBillsDue } from '../../../lib/payment/bill-list.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/**
 * Home banner: bills waiting to be paid, the same count as the To pay tab's badge, and the first deadline
 * only when one of them has one (a bill with no deadline says "No payment deadline"; the banner agrees).
 */
export default function BillsAlert({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useUnpaidBillsDue();
  useTellSettled(!isPending, onSettled);
  if (!data?.count) return null;
  const n = data.count;
  return (
    <button
      type="button"
      className="home-alert"
      onClick={() => nav.navigateTo(paths.orderAll, { tab: 'unpaid' })}
      data-testid="alert-unpaid"
    >
      {data.firstDue ? t('home.billsAlertDue', { count: n, when: formatDateTime(data.firstDue) }) : t('home.billsAlert', { count: n })}
    </button>
  );
}
