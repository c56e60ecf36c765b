import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { Parcel } from '@pinyou/contract';
import { formatMoney } from '../../../lib/money.ts';
import { useCategoryText } from './shipment-state.ts';
import { StorageNote } from './storage-note.tsx';

/** One parcel in a list: tracking number, carrier, goods, value, status; low-value parcels and missing customs data flagged. */
export function ParcelCard({ p, onClick, extra }: { p: Parcel; onClick?: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const category = useCategoryText();
  return (
    <div className="pc-card" onClick={onClick} data-testid="parcel-card" data-tracking={p.tracking_no}>
      <div className="row between">
        <b className="pc-no">{p.tracking_no}</b>
        <Tag color={p.status === 'unpaid' ? 'danger' : p.status === 'received' ? 'success' : 'primary'} fill="outline">
          {category(p.status)}
        </Tag>
      </div>
      <div className="muted">
        {p.carrier_name} · {t(`parcels.mode.${p.mode}`)} · {t(`parcels.category.${p.category}`)}
      </div>
      <div className="row between" style={{ marginTop: 6 }}>
        <span>
          {p.goods_name || <span className="muted">{t('parcels.noGoodsName')}</span>} × {p.quantity}
        </span>
        <span>{formatMoney(p.goods_value.amount_minor, p.goods_value.currency)}</span>
      </div>
      {p.is_low_value && (
        <div className="pc-low" data-testid="low-value-flag">
          {t('parcels.lowValueFlag')}
          {p.min_value ? ` · ${t('parcels.minValue', { amount: formatMoney(p.min_value.amount_minor, p.min_value.currency) })}` : ''}
        </div>
      )}
      {!p.customs_complete && !p.pack_no && (p.status === 'pending' || p.status === 'warehouse') && (
        <div className="pc-hint" data-testid="customs-missing-flag">
          {t('parcels.customs.missing')}
        </div>
      )}
      {(p.weight_kg || p.pack_no) && (
        <div className="muted" style={{ marginTop: 4 }}>
          {p.weight_kg ? `${p.weight_kg} kg` : ''}
          {p.volume_cbm ? ` · ${p.volume_cbm} m³` : ''}
          {p.pack_no ? ` · ${t('parcels.packNo')} ${p.pack_no}` : ''}
        </div>
      )}
      <StorageNote storage={p.storage} />
      {extra}
    </div>
  );
}
