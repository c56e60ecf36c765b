import { formatDate } from '../../../lib/dates.ts';
import { Button, Empty, List, Radio, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { usePayInfo } from '../../../lib/payment/pay-info.ts';
import { useClaimCouponToUse } from '../../../lib/payment/claim-coupon.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { pickCoupon, pickedCoupon, targetSignature, type PayTarget } from '../../../lib/payment/attempt.ts';

const KINDS = ['pack', 'return', 'mall', 'claim', 'other'] as const;

/**
 * Pick the coupon for a payment (?bill_ids=1,2 or ?kind=pack&ref_id=3). The answer goes back through
 * sessionStorage (see lib/payment/attempt.ts) and the pay panel reads it when it shows again. Nothing is
 * hidden: coupons not claimed yet are listed too ('Claim and use' when they apply), and those that do not
 * apply are greyed with the reason.
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
  const claim = useClaimCouponToUse(sig);
  const { data } = infoQ;
  const byFit = <C extends { usable: boolean; discount: { amount_minor: number } }>(list: C[]) =>
    [...list].sort((a, b) => Number(b.usable) - Number(a.usable) || b.discount.amount_minor - a.discount.amount_minor);
  const coupons = byFit(data?.coupons ?? []);
  const claimable = byFit(data?.claimable_coupons ?? []);
  const best = coupons.find((c) => c.usable);
  const current = pickedCoupon(sig) ?? best?.id ?? 0;
  const choose = (id: number) => {
    pickCoupon(sig, id);
    nav.navigateBack();
  };
  const claimAndUse = (batchId: number) => claim.mutate(batchId, { onSuccess: () => nav.navigateBack() });
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
              extra={c.usable ? <Radio value={c.id} /> : <Tag color="default">{t('wallet.pay.notApplicable')}</Tag>}
              data-testid="coupon-option"
            >
              {c.name} {c.usable && <span style={{ color: '#c8202d' }}>-{formatMoney(c.discount)}</span>}
            </List.Item>
          ))}
          {claimable.map((c) => (
            <List.Item
              key={`batch-${c.batch_id}`}
              disabled={!c.usable}
              description={c.usable ? t('wallet.pay.toClaim') : c.reason}
              extra={
                c.usable ? (
                  <Button
                    size="small"
                    color="danger"
                    style={{ minHeight: 44 }}
                    loading={claim.isPending && claim.variables === c.batch_id}
                    disabled={claim.isPending}
                    onClick={() => claimAndUse(c.batch_id)}
                    data-testid="coupon-claim"
                  >
                    {t('wallet.pay.claimAndUse', { amount: formatMoney(c.discount) })}
                  </Button>
                ) : (
                  <Tag color="default">{t('wallet.pay.toClaim')}</Tag>
                )
              }
              data-testid="coupon-claimable"
            >
              {c.name}
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      <QueryState query={infoQ} isEmpty={!coupons.length && !claimable.length} empty={<Empty description={t('wallet.coupon.none')} />} />
    </div>
  );
}
