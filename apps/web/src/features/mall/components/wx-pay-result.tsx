import { Button, Result } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useWxPayResult } from '../api/wx-pay-result.ts';

/** After WeChat Pay: asks whether the payment arrived until it is paid or closed. */
export function WxPayResult({ outTradeNo }: { outTradeNo: string }) {
  const { t } = useTranslation();
  const q = useWxPayResult(outTradeNo);
  const status = q.data?.status;
  const toOrders = (tab: string) => nav.redirectTo(paths.orderCenter, { tab });
  if (status === 'paid')
    return (
      <div data-testid="pay-done" data-state="paid">
        <Result status="success" title={t('mall.paidTitle')} description={t('mall.paidText')} />
        <div className="form-footer">
          <Button block color="danger" onClick={() => toOrders('waiting_ship')} data-testid="done-orders">
            {t('mall.viewOrders')}
          </Button>
        </div>
      </div>
    );
  if (status === 'closed')
    return (
      <div data-testid="pay-done" data-state="failed">
        <Result status="error" title={t('mall.wxClosed')} />
        <div className="form-footer">
          <Button block onClick={() => toOrders('waiting_pay')}>
            {t('mall.viewOrders')}
          </Button>
        </div>
      </div>
    );
  return (
    <div data-testid="pay-done" data-state="pending">
      <Result status="waiting" title={q.isError ? t('mall.wxUnknown') : t('mall.wxWaiting')} />
      <div className="form-footer">
        <Button block color="danger" loading={q.isFetching} onClick={() => void q.refetch()}>
          {t('mall.wxCheck')}
        </Button>
        <Button block fill="none" style={{ marginTop: 8 }} onClick={() => toOrders('waiting_pay')}>
          {t('mall.viewOrders')}
        </Button>
      </div>
    </div>
  );
}
