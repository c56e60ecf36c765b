import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnpaidBillCount } from '../../../lib/payment/bill-list.ts';

/** Home banner: bills waiting to be paid, the same count as the To pay tab's badge. */
export default function BillsAlert() {
  const { t } = useTranslation();
  const { data: n } = useUnpaidBillCount();
  if (!n) return null;
  return (
    <button
      type="button"
      className="home-alert"
      onClick={() => nav.navigateTo(paths.orderAll, { tab: 'unpaid' })}
      data-testid="alert-unpaid"
    >
      {t('home.billsAlert', { count: n })}
    </button>
  );
}
