import { Tag } from 'antd-mobile';
import type { Parcel } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { formatTime } from './timeline.tsx';

/**
 * The China leg on a parcel still on its way to the warehouse: the domestic courier's newest event and, when it
 * is being delivered to us, "Arriving soon". Nothing when no event was pushed or the parcel has arrived.
 */
export function CourierLine({ status, courier }: { status: Parcel['status']; courier: Parcel['courier'] }) {
  const { t } = useTranslation();
  if (status !== 'pending' || !courier.last_event) return null;
  return (
    <div className="pc-courier" data-testid="parcel-courier">
      <span>{t('parcels.detail.courier', { event: courier.last_event.text })}</span>{' '}
      <span className="pc-courier-at">{formatTime(courier.last_event.at)}</span>
      {courier.arriving_soon && (
        <Tag color="success" className="pc-soon" data-testid="parcel-arriving-soon">
          {t('parcels.detail.arrivingSoon')}
        </Tag>
      )}
    </div>
  );
}
