import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import type { Money } from '@pinyou/contract';
import { formatMoney } from '../../../lib/money.ts';

interface CouponLike {
  kind: 'discount' | 'freight';
  name: string;
  discount_type: 'amount' | 'percent';
  amount: Money;
  percent_off: number;
  min_volume: string;
  min_amount: Money;
}

/** One coupon or freight voucher: its value, conditions, and whatever the screen puts on the right. */
export function CouponCard({ c, sub, action, dim }: { c: CouponLike; sub?: ReactNode; action?: ReactNode; dim?: boolean }) {
  const { t } = useTranslation();
  const value = c.discount_type === 'percent' ? t('wallet.coupon.percentOff', { n: c.percent_off }) : formatMoney(c.amount);
  const conditions = [
    c.min_amount.amount_minor > 0 ? t('wallet.coupon.minAmount', { amount: formatMoney(c.min_amount) }) : '',
    Number(c.min_volume) > 0 ? t('wallet.coupon.minVolume', { v: c.min_volume }) : '',
  ].filter(Boolean);
  return (
    <div className="coupon-card" style={{ opacity: dim ? 0.55 : 1 }} data-testid="coupon-card">
      <div className="coupon-value">{value}</div>
      <div className="coupon-body">
        <div className="coupon-name">
          <Tag color={c.kind === 'freight' ? 'success' : 'primary'} fill="outline">
            {t(`wallet.coupon.kind.${c.kind}`)}
          </Tag>{' '}
          {c.name}
        </div>
        <div className="muted">{conditions.length ? conditions.join(' · ') : t('wallet.coupon.noThreshold')}</div>
        {sub && <div className="muted">{sub}</div>}
      </div>
      {action && <div className="coupon-action">{action}</div>}
    </div>
  );
}
