import { formatDate } from '../../../lib/dates.ts';
import { Empty, List, Radio } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { usePayInfo } from '../../../lib/payment/pay-info.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { pickCoupon, pickedCoupon, targetSignature, type PayTarget } from '../../../lib/payment/attempt.ts';

const KINDS = ['pack', 'return', 'mall', 'claim', 'other'] as const;

/**
 * Pick the coupon for a payment (?bill_ids=1,2 or ?kind=pack&ref_id=3). The answer goes back through
 * sessionStorage (see lib/payment/attempt.ts) and the pay panel reads it when it shows again.
 */
export default function ChooseCouponScreen() {
  useStrings('wallet');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const billIds = (params.get('bill_ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const kind = KINDS.find((k) => k === params.get('kind'));
  const target: PayTarget = billIds.length ? { billIds } : { kind, refId: Number(params.get('ref_id') ?? 0) || undefined };
  const sig = targetSignature(target);
  const infoQ = usePayInfo(target, sig);
  const { data } = infoQ;
  const coupons = [...(data?.coupons ?? [])].sort(
    (a, b) => Number(b.usable) - Number(a.usable) || b.discount.amount_minor - a.discount.amount_minor,
  );
  const best = coupons.find((c) => c.usable);
  const current = pickedCoupon(sig) ?? best?.id ?? 0;
  const choose = (id: number) => {
    pickCoupon(sig, id);
    nav.navigateBack();
  };
  return (
    <div>
      {data && (
        <div className="section row between">
          <span className="muted">{t('wallet.pay.total')}</span>
          <b>{formatMoney(data.total)}</b>
        </div>
      )}
      <Radio.Group value={current}>
        <List>
          <List.Item onClick={() => choose(0)} extra={<Radio value={0} />} data-testid="coupon-none">
            {t('wallet.pay.noCouponUse')}
          </List.Item>
          {coupons.map((c) => (
            <List.Item
              key={c.id}
              disabled={!c.usable}
              onClick={c.usable ? () => choose(c.id) : undefined}
              description={c.usable ? t('wallet.coupon.expiresAt', { date: formatDate(c.expires_at) }) : c.reason}
              extra={c.usable ? <Radio value={c.id} /> : null}
              data-testid="coupon-option"
            >
              {c.name} {c.usable && <span style={{ color: '#c8202d' }}>-{formatMoney(c.discount)}</span>}
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      <QueryState query={infoQ} isEmpty={!coupons.length} empty={<Empty description={t('wallet.coupon.none')} />} />
    </div>
  );
}
