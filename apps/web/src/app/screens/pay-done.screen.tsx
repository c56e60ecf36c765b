import { Button, Result, Space } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation.ts';
import { payment as paymentRules } from '@pinyou/contract';
import { useStrings } from '../../lib/i18n.ts';
import { formatMoney, minorToDecimal } from '../../lib/money.ts';
import { nav } from '../../lib/nav.ts';
import { paths } from '../../lib/paths.ts';
import { useRechargeStatus } from '../../features/wallet/api/query-recharge.ts';
import { WxPayResult } from '../../features/mall/components/wx-pay-result.tsx';

function Actions({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="form-footer">
      <Space direction="vertical" block>
        {children}
        <Button block onClick={() => nav.redirectTo(paths.rechargeList)} data-testid="done-transactions">
          {t('wallet.transactions')}
        </Button>
        <Button block fill="none" onClick={() => nav.switchTab(paths.my)}>
          {t('wallet.done.backMy')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * A top-up's outcome, asked again until it is settled; a successful bill payment; mall orders paid from the
 * balance or by WeChat Pay. (?kind=recharge|payment|mall|mallwx&id=)
 */
export default function PayDoneScreen() {
  useStrings('wallet', 'mall');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const id = params.get('id') ?? '';

  if (kind === 'mallwx') return <WxPayResult outTradeNo={id} />;
  if (kind === 'mall') {
    const amount = Number(params.get('amount') ?? '0');
    return (
      <div data-testid="pay-done" data-state="paid">
        <Result status="success" title={t('mall.paidTitle')} description={amount > 0 ? formatMoney(amount, 'SGD') : t('mall.paidText')} />
        <Actions>
          <Button block color="danger" onClick={() => nav.redirectTo(paths.orderCenter, { tab: 'waiting_ship' })} data-testid="done-orders">
            {t('mall.viewOrders')}
          </Button>
        </Actions>
      </div>
    );
  }
  if (kind === 'payment') {
    const amount = Number(params.get('amount') ?? '0');
    return (
      <div data-testid="pay-done" data-state="paid">
        <Result status="success" title={t('wallet.done.paid')} description={amount > 0 ? formatMoney(amount, 'SGD') : undefined} />
        <Actions />
      </div>
    );
  }
  return <RechargeDone orderNo={id} />;
}

function RechargeDone({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const q = useRechargeStatus(orderNo);
  const d = q.data;
  if (!d)
    return (
      <div className="empty-page">
        {q.isError ? t('wallet.done.unknown') : <span className="spinner" role="status" aria-label="loading" />}
      </div>
    );
  const o = d.order;
  const amount = formatMoney(o.amount);
  const balance = t('wallet.done.balanceNow', { amount: formatMoney(d.balance) });

  if (o.status === 'paid')
    return (
      <div data-testid="pay-done" data-state="paid">
        <Result status="success" title={t('wallet.done.toppedUp', { amount })} description={balance} />
        <Actions />
      </div>
    );
  if (o.status === 'rejected' || o.status === 'closed') {
    const cancelled = o.status === 'closed' && /cancel|取消/i.test(o.reject_reason ?? '');
    return (
      <div data-testid="pay-done" data-state={cancelled ? 'cancelled' : 'failed'}>
        <Result
          status={cancelled ? 'warning' : 'error'}
          title={cancelled ? t('wallet.done.cancelled') : o.status === 'rejected' ? t('wallet.done.rejected') : t('wallet.done.failed')}
          description={o.reject_reason ?? undefined}
        />
        <Actions>
          <Button block color="primary" onClick={() => nav.redirectTo(paths.recharge, { amount: minorToDecimal(o.amount.amount_minor) })}>
            {t('wallet.done.again')}
          </Button>
        </Actions>
      </div>
    );
  }
  // Pending: WeChat is waiting for the provider; PayNow and transfers wait for staff to see the money.
  const manual = o.method !== 'wechat';
  return (
    <div data-testid="pay-done" data-state="pending">
      <Result
        status="waiting"
        title={manual ? t('wallet.done.reviewing') : t('wallet.done.waiting')}
        description={
          manual
            ? t('wallet.done.reviewHint', { amount, days: paymentRules.manualReviewWorkingDays })
            : t('wallet.done.waitingHint', { amount })
        }
      />
      {o.suggest_offline && (
        <div className="section" data-testid="suggest-offline">
          <div>{t('wallet.done.switchOffline', { minutes: paymentRules.instantPaymentSwitchAfterMinutes })}</div>
          <Button
            style={{ marginTop: 10 }}
            block
            color="primary"
            fill="outline"
            onClick={() => nav.redirectTo(paths.rechargeApply, { amount: minorToDecimal(o.amount.amount_minor) })}
          >
            {t('wallet.done.switchOfflineButton')}
          </Button>
        </div>
      )}
      <Actions>
        {!manual && (
          <Button block color="primary" loading={q.isFetching} onClick={() => void q.refetch()}>
            {t('wallet.done.check')}
          </Button>
        )}
      </Actions>
    </div>
  );
}
