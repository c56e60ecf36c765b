import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';

export interface Pickup {
  group_name: string;
  leader_name: string;
  phone: string;
  address: string;
  postcode: string;
  pack_date: string | null;
}

/**
 * Where a group-sea pack is collected and when it is packed: a group-sea pack goes to the leader's place,
 * never to the member's home. Without a packing date, says so and what the member can do.
 */
export function PickupCard({ pickup }: { pickup: Pickup | null | undefined }) {
  const { t } = useTranslation();
  if (!pickup) return null;
  return (
    <div className="section" data-testid="pack-pickup">
      <div className="section-title">{t('parcels.pickup.title')}</div>
      <div data-testid="pickup-place">
        {pickup.leader_name}
        {pickup.group_name !== pickup.leader_name ? ` · ${pickup.group_name}` : ''}
      </div>
      <div className="muted">
        {pickup.address} ({pickup.postcode})
      </div>
      {pickup.pack_date ? (
        <div data-testid="pickup-date">{t('parcels.pickup.date', { date: pickup.pack_date })}</div>
      ) : (
        <div data-testid="pickup-no-date">
          <div className="pc-red">{t('parcels.pickup.noDate')}</div>
          <p className="pc-hint">{t('parcels.pickup.noDateHint')}</p>
          <Button
            size="small"
            fill="none"
            color="primary"
            style={{ minHeight: 44, paddingLeft: 0 }}
            onClick={() => nav.navigateTo(paths.groupDetail)}
            data-testid="pickup-group"
          >
            {t('parcels.pickup.openGroup')}
          </Button>
        </div>
      )}
      <p className="pc-hint">{t('parcels.pickup.hint')}</p>
    </div>
  );
}
