import type { Parcel } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A parcel on a warehouse shelf: "Free storage until 29 Dec" and, once the free days are over,
 * "Storage so far S$x" and the day from which it may be disposed of (the fee is billed with the pack;
 * the server counts it by the storage policy).
 */
export function StorageNote({ storage }: { storage: Parcel['storage'] }) {
  const { t } = useTranslation();
  if (!storage) return null;
  const dayOf = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    return { y, text: t('parcels.storage.date', { day: d, m, mon: MONTHS[m - 1] }) };
  };
  const date = dayOf(storage.free_until).text;
  const fee = storage.fee_so_far.amount_minor;
  const disposal = dayOf(storage.disposable_from);
  return (
    <div className="muted" style={{ marginTop: 4 }} data-testid="parcel-storage">
      <span data-testid="storage-free-until">{t('parcels.storage.freeUntil', { date })}</span>
      {fee > 0 && (
        <span data-testid="storage-fee">
          {' · '}
          {t('parcels.storage.soFar', { amount: formatMoney(fee, storage.fee_so_far.currency) })}
        </span>
      )}
      {/* Once storage is charged the owner also learns when an uncollected parcel may be disposed of. */}
      {fee > 0 && <div data-testid="storage-disposal">{t('parcels.storage.disposalFrom', { date: disposal.text, year: disposal.y })}</div>}
    </div>
  );
}
