import { formatDateTime } from '../../../lib/dates.ts';
import { List } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useTransactionDetail } from '../api/transaction-detail.ts';
import { useRechargeStatus } from '../api/query-recharge.ts';
import { RechargeStatusTag } from '../components/status-tag.tsx';
import type { RechargeOrder } from '../types.ts';

const when = (iso: string | null) => formatDateTime(iso);

function RechargeRows({ o }: { o: RechargeOrder }) {
  const { t } = useTranslation();
  return (
    <List header={t('wallet.detail.topUp')}>
      <List.Item extra={o.order_no}>{t('wallet.detail.orderNo')}</List.Item>
      <List.Item extra={t(`wallet.methods.${o.method}`)}>{t('wallet.method')}</List.Item>
      <List.Item extra={formatMoney(o.amount)}>{t('wallet.detail.amount')}</List.Item>
      <List.Item extra={<RechargeStatusTag status={o.status} />}>{t('wallet.detail.status')}</List.Item>
      {o.reject_reason && <List.Item description={o.reject_reason}>{t('wallet.detail.reason')}</List.Item>}
      {o.paynow_reference && <List.Item extra={o.paynow_reference}>{t('wallet.paynow.reference')}</List.Item>}
      <List.Item extra={when(o.created_at)}>{t('wallet.detail.created')}</List.Item>
      <List.Item extra={when(o.credited_at)}>{t('wallet.detail.credited')}</List.Item>
      {o.voucher_url && (
        <List.Item>
          <img src={o.voucher_url} alt={t('wallet.apply.voucher')} style={{ maxWidth: '100%', maxHeight: 240, borderRadius: 8 }} />
        </List.Item>
      )}
    </List>
  );
}

function TransactionDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: d } = useTransactionDetail(id);
  if (!d) return null;
  return (
    <>
      <div className="section" style={{ textAlign: 'center' }}>
        <div className="muted">{d.title || t(`wallet.type.${d.type}`)}</div>
        <div
          className={d.amount.amount_minor > 0 ? 'amount-in' : 'amount-out'}
          style={{ fontSize: 28, fontWeight: 700 }}
          data-testid="detail-amount"
        >
          {formatMoney(d.amount, { sign: true })}
        </div>
      </div>
      <List>
        <List.Item extra={t(`wallet.type.${d.type}`)}>{t('wallet.detail.type')}</List.Item>
        <List.Item extra={formatMoney(d.balance_after)}>{t('wallet.detail.balanceAfter')}</List.Item>
        <List.Item extra={when(d.created_at)}>{t('wallet.detail.time')}</List.Item>
        <List.Item extra={d.transaction_id}>{t('wallet.detail.number')}</List.Item>
        {d.discount.amount_minor > 0 && <List.Item extra={formatMoney(d.discount)}>{t('wallet.detail.discount')}</List.Item>}
        {d.exchange_rate && <List.Item extra={`S$1 = ¥${d.exchange_rate}`}>{t('wallet.pay.rate')}</List.Item>}
        {d.memo && <List.Item description={d.memo}>{t('wallet.detail.memo')}</List.Item>}
      </List>
      {d.bills.length > 0 && (
        <List header={t('wallet.pay.bills')}>
          {d.bills.map((b) => (
            <List.Item key={b.id} description={b.description} extra={formatMoney(b.amount)}>
              {t(`wallet.billKind.${b.kind}`)} #{b.ref_id}
            </List.Item>
          ))}
        </List>
      )}
      {d.recharge && <RechargeRows o={d.recharge} />}
    </>
  );
}

function RechargeDetail({ orderNo }: { orderNo: string }) {
  const { data } = useRechargeStatus(orderNo, 10_000);
  return data ? <RechargeRows o={data.order} /> : null;
}

/** One balance movement (?id=) or one top-up (?order_no=). */
export default function TransactionDetailScreen() {
  useStrings('wallet');
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  return orderNo ? <RechargeDetail orderNo={orderNo} /> : <TransactionDetail id={Number(params.get('id') ?? 0)} />;
}
