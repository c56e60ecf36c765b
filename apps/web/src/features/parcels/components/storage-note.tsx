import type { Parcel } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A parcel on a warehouse shelf: "Free storage until 29 Dec" and, once the free days are over,
 * "Storage so far S$x" (the fee is billed with the pack; the server counts it by the storage policy).
 */
export function StorageNote({ storage }: { storage: Parcel['storage'] }) {
  const { t } = useTranslation();
  if (!storage) return null;
  const [, m, d] = storage.free_until.split('-').map(Number);
  const date = t('parcels.storage.date', { day: d, m, mon: MONTHS[m - 1] });
  const fee = storage.fee_so_far.amount_minor;
  return (
    <div className="muted" style={{ marginTop: 4 }} data-testid="parcel-storage">
      <span data-testid="storage-free-until">{t('parcels.storage.freeUntil', { date })}</span>
      {fee > 0 && (
        <span data-testid="storage-fee">
          {' · '}
          {t('parcels.storage.soFar', { amount: formatMoney(fee, storage.fee_so_far.currency) })}
        </span>
      )}
    </div>
  );
}
