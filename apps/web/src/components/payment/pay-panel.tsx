import { useMemo, useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Code, type Money } from '@pinyou/contract';
import { useStrings } from '../../lib/i18n.ts';
import { formatMoney, minorToDecimal } from '../../lib/money.ts';
import { nav } from '../../lib/nav.ts';
import { alert } from '../../lib/feedback.ts';
import { ApiError } from '../../lib/request.ts';
import { paths } from '../../lib/paths.ts';
import { endAttempt, idempotencyKeyFor, pickedCoupon, targetSignature, type PayTarget } from '../../lib/payment/attempt.ts';
import { usePayInfo } from '../../lib/payment/pay-info.ts';
import { usePayBills, type PaymentResult } from '../../lib/payment/pay-bills.ts';
import { useClaimCouponToUse } from '../../lib/payment/claim-coupon.ts';
import { loadGate } from '../query-state.tsx';
import { BACK_PARAM, currentPayReturn } from '../../lib/pay-return.ts';
import { payFigures } from '../../lib/payment/figures.ts';

export interface PayPanelProps {
  /** The bills to pay: one or several ids (a leader may include members' bills)... */
  billIds?: number[];
  /** ...or one bill named by what it is for, e.g. kind 'pack' and the pack id. */
  kind?: PayTarget['kind'];
  refId?: number;
  /** Called once the payment went through. Without it the panel opens the payDone screen. */
  onPaid?: (result: PaymentResult) => void;
  /** Where a top-up of the shortfall comes back to (a `payReturn` value); the screen shown now by default. */
  returnTo?: string | null;
}

/**
 * Pay bills from the balance. Embed it in any screen that has bills to pay:
 *
 *   <PayPanel billIds={[bill.id]} onPaid={() => refetch()} />
 *   <PayPanel kind="pack" refId={pack.id} />
 *
 * It shows what is owed (RMB bills converted at today's rate), the balance, the coupon (picked on the
 * chooseCoupon screen; the best usable one by default) and what is missing. A coupon not claimed yet that
 * would take more off is offered as 'Claim and use' (one tap claims and picks it); when the coupons held
 * do not apply, one line says why. Paying sends one
 * idempotency key per attempt and the same key on retry, so a repeated tap or a retry after a lost
 * answer never pays twice. Insufficient balance offers a top-up of exactly the shortfall; expired,
 * failed and cancelled payments are explained in the user's language.
 */
export function PayPanel({ billIds, kind, refId, onPaid, returnTo }: PayPanelProps) {
  useStrings('wallet');
  const { t } = useTranslation();
  const qc = useQueryClient();
  const target: PayTarget = useMemo(() => ({ billIds, kind, refId }), [billIds, kind, refId]);
  const sig = targetSignature(target);
  const info = usePayInfo(target, sig);
  const pay = usePayBills();
  const claim = useClaimCouponToUse(sig);
  const [failed, setFailed] = useState(false);

  const d = info.data;
  const { usable, coupon, discount, due, shortfall, currency, offer, notApplying } = payFigures(d, pickedCoupon(sig));
  const expired = d?.bills.some((b) => b.expired) ?? false;
  const unpaid = d?.bills.filter((b) => b.status === 'unpaid') ?? [];
  // Whose bill it is matters only when a leader pays for several members.
  const severalOwners = new Set(d?.bills.map((b) => b.user_id)).size > 1;

  // The button already says "Top up S$x": it goes straight to the top-up, which comes back here.
  const topUp = (missingMinor: number) =>
    nav.navigateTo(paths.recharge, { amount: minorToDecimal(missingMinor), [BACK_PARAM]: returnTo ?? currentPayReturn() });

  const onPay = async () => {
    if (!d) return;
    if (shortfall > 0) return topUp(shortfall);
    const key = idempotencyKeyFor(sig, coupon?.id ?? null);
    try {
      const result = await pay.mutateAsync({ target, couponId: coupon?.id ?? null, idempotencyKey: key });
      endAttempt(sig);
      setFailed(false);
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: ['payment'] });
      // The paid bills and what they were for (packs, returns) changed too.
      void qc.invalidateQueries({ queryKey: ['bills'] });
      void qc.invalidateQueries({ queryKey: ['parcels'] });
      if (onPaid) onPaid(result);
      else nav.redirectTo(paths.payDone, { kind: 'payment', id: result.payment_id, amount: result.charged.amount_minor });
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(-1, t('wallet.pay.failed'));
      if (err.code === Code.INSUFFICIENT_BALANCE) {
        const missing = (err.data as { shortfall?: Money } | null)?.shortfall?.amount_minor ?? shortfall;
        await info.refetch();
        return topUp(missing);
      }
      const final = [
        Code.BILL_EXPIRED,
        Code.BILL_NOT_PAYABLE,
        Code.NO_PAYABLE_BILLS,
        Code.IDEMPOTENCY_MISMATCH,
        Code.COUPON_UNAVAILABLE,
        Code.COUPON_NOT_APPLICABLE,
      ] as number[];
      // These cannot succeed with the same request: the next tap is a new attempt. Anything else
      // (no answer, in progress, failure) keeps the key, so 'Try again' cannot pay twice.
      if (final.includes(err.code)) {
        endAttempt(sig);
        void info.refetch();
      } else setFailed(true);
      await alert(t('common.tip'), err.code === -1 ? t('wallet.pay.failed') : err.message || t('wallet.pay.failed'), t('common.confirm'));
    }
  };

  const gate = loadGate(info);
  if (gate) return gate;
  if (!d) return null;
  if (!unpaid.length) return <div className="empty-page">{t('wallet.pay.nothingToPay')}</div>;

  const query = billIds?.length ? { bill_ids: billIds.join(',') } : { kind, ref_id: refId };
  return (
    <div data-testid="pay-panel">
      <List header={t('wallet.pay.bills')}>
        {d.bills.map((b) => (
          <List.Item
            key={b.id}
            description={severalOwners ? `${b.description} · ${b.user_account}` : b.description}
            extra={
              <div style={{ textAlign: 'right' }}>
                <div>{formatMoney(b.amount)}</div>
                {b.amount.currency !== b.amount_sgd.currency && <div className="muted">≈ {formatMoney(b.amount_sgd)}</div>}
              </div>
            }
          >
            {t(`wallet.billKind.${b.kind}`)} #{b.ref_id} {b.expired && <Tag color="danger">{t('wallet.pay.expiredTag')}</Tag>}
          </List.Item>
        ))}
      </List>
      <List>
        {d.bills.some((b) => b.amount.currency === 'RMB') && (
          <List.Item extra={`S$1 = ¥${d.exchange_rate}`}>{t('wallet.pay.rate')}</List.Item>
        )}
        <List.Item extra={formatMoney(d.total)}>{t('wallet.pay.total')}</List.Item>
        <List.Item
          clickable
          onClick={() => nav.navigateTo(paths.chooseCoupon, query)}
          extra={
            coupon ? (
              <span style={{ color: '#c8202d' }}>-{formatMoney(discount, currency)}</span>
            ) : usable.length ? (
              t('wallet.pay.couponsAvailable', { n: usable.length })
            ) : (
              t('wallet.pay.noCoupon')
            )
          }
          description={
            coupon?.name ??
            (notApplying.length ? (
              <span data-testid="pay-coupon-hint">{t('wallet.pay.noneApply', { reason: notApplying[0].reason })}</span>
            ) : undefined)
          }
          data-testid="pay-coupon"
        >
          {t('wallet.pay.coupon')}
        </List.Item>
        {offer && (
          <List.Item description={offer.name}>
            <Button
              block
              color="danger"
              fill="outline"
              style={{ minHeight: 44 }}
              loading={claim.isPending}
              onClick={() => claim.mutate(offer.batch_id)}
              data-testid="pay-claim-coupon"
            >
              {t('wallet.pay.claimAndUse', { amount: formatMoney(offer.discount) })}
            </Button>
          </List.Item>
        )}
        <List.Item extra={<b>{formatMoney(due, currency)}</b>}>{t('wallet.pay.due')}</List.Item>
        <List.Item extra={formatMoney(d.balance)}>{t('wallet.balance')}</List.Item>
        {shortfall > 0 && (
          <List.Item extra={<span style={{ color: '#c8202d' }}>{formatMoney(shortfall, currency)}</span>}>
            {t('wallet.pay.shortfall')}
          </List.Item>
        )}
      </List>
      {expired && (
        <p className="muted" style={{ margin: 12, color: '#c8202d' }}>
          {t('wallet.pay.expired')}
        </p>
      )}
      {!expired && d.bills.some((b) => b.pay_before) && (
        <p className="muted" style={{ margin: 12 }}>
          {t('wallet.pay.payWithinTime')}
        </p>
      )}
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          loading={pay.isPending}
          disabled={expired || claim.isPending}
          onClick={() => void onPay()}
          data-testid="pay-submit"
        >
          {shortfall > 0
            ? t('wallet.pay.topUpAmount', { amount: formatMoney(shortfall, currency) })
            : failed
              ? t('wallet.pay.retry')
              : t('wallet.pay.payAmount', { amount: formatMoney(due, currency) })}
        </Button>
      </div>
    </div>
  );
}
