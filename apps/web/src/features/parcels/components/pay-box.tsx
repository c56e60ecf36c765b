import { Button, Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Code } from '@pinyou/contract';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { alert } from '../../../lib/feedback.ts';
import { ApiError } from '../../../lib/request.ts';
import { paths } from '../../../app/paths.ts';
import { usePayInfo, type BillKind } from '../api/pay-info.ts';
import { usePayBill } from '../api/pay-bill.ts';
import { endPayAttempt, payAttemptKey } from '../model.ts';

/**
 * Pays a pack's or a return's bill from the balance (wallet getPayInfo / orderPackPay). A stand-in for
 * the wallet's shared PayPanel (features/payment on branch wallet-web): same behaviour that matters —
 * one idempotency key per attempt, kept across retries; a short balance offers a top-up of exactly
 * the shortfall. The best usable coupon is applied.
 */
export function PayBox({ kind, refId, onPaid }: { kind: BillKind; refId: number; onPaid: () => void }) {
  const { t } = useTranslation();
  const info = usePayInfo(kind, refId);
  const pay = usePayBill();
  const d = info.data;
  if (info.isLoading) return <div className="empty-page"><span className="spinner" aria-label="loading" /></div>;
  if (!d) return null;
  const coupon = d.coupons.filter((c) => c.usable).sort((a, b) => b.discount_minor - a.discount_minor)[0];
  const due = Math.max(0, d.total_minor - (coupon?.discount_minor ?? 0));
  const shortfall = Math.max(0, due - d.balance_minor);
  const sig = `${kind}:${refId}:${coupon?.id ?? 0}`;

  const topUp = async (missing: number) => {
    const go = await Dialog.confirm({
      title: t('parcels.pay.insufficientTitle'),
      content: t('parcels.pay.insufficient', { amount: formatMoney(missing, 'SGD') }),
      confirmText: t('parcels.pay.topUp'),
      cancelText: t('common.cancel'),
    });
    if (go) nav.navigateTo(paths.recharge, { amount: (missing / 100).toFixed(2) });
  };

  const onPay = async () => {
    if (shortfall > 0) return topUp(shortfall);
    try {
      await pay.mutateAsync({ kind, ref_id: refId, coupon_id: coupon?.id, idempotency_key: payAttemptKey(sig) });
      endPayAttempt(sig);
      onPaid();
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      if (err?.code === Code.INSUFFICIENT_BALANCE) {
        void info.refetch();
        return topUp((err.data as { shortfall_minor?: number } | null)?.shortfall_minor ?? shortfall);
      }
      // An answer that says this attempt can never succeed ends it; a lost answer keeps the key for the retry.
      if (err && err.code > 0) endPayAttempt(sig);
      await alert(t('common.tip'), err?.message || t('parcels.pay.failed'), t('common.confirm'));
    }
  };

  const unpaid = d.bills.some((b) => b.status === 'unpaid');
  return (
    <div data-testid="pay-box">
      <List>
        {d.bills.map((b) => (
          <List.Item key={b.id} description={b.description} extra={formatMoney(b.amount_minor, b.currency)}>
            {t(`parcels.pay.kind.${kind}`)}
          </List.Item>
        ))}
        {d.bills.some((b) => b.currency === 'RMB') && <List.Item extra={`S$1 = ¥${d.exchange_rate}`}>{t('parcels.pay.rate')}</List.Item>}
        {coupon && <List.Item description={coupon.name} extra={`-${formatMoney(coupon.discount_minor, 'SGD')}`}>{t('parcels.pay.coupon')}</List.Item>}
        <List.Item extra={<b>{formatMoney(due, 'SGD')}</b>}>{t('parcels.pay.due')}</List.Item>
        <List.Item extra={formatMoney(d.balance_minor, 'SGD')}>{t('parcels.pay.balance')}</List.Item>
        {shortfall > 0 && <List.Item extra={<span className="pc-red">{formatMoney(shortfall, 'SGD')}</span>}>{t('parcels.pay.shortfall')}</List.Item>}
      </List>
      {d.bills.some((b) => b.pay_before) && <p className="muted" style={{ margin: 12 }}>{t('parcels.pay.payWithinTime')}</p>}
      <div className="form-footer">
        <Button block color="primary" size="large" disabled={!unpaid || d.bills.some((b) => b.expired)} loading={pay.isPending} onClick={() => void onPay()} data-testid="pay-submit">
          {shortfall > 0 ? t('parcels.pay.topUpAmount', { amount: formatMoney(shortfall, 'SGD') }) : t('parcels.pay.payAmount', { amount: formatMoney(due, 'SGD') })}
        </Button>
      </div>
    </div>
  );
}
