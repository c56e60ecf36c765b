import { useState } from 'react';
import { Button, List, Radio, Space } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { AmountField } from '../../../components/fields/amount-field.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import type { Money } from '@pinyou/contract';
import { formatMoney, minorToDecimal } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useWalletPage } from '../api/wallet-page.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { amountProblem } from '../amount.ts';
import { CopyLine } from '../components/copy-line.tsx';
import type { PaynowInfo, RechargeMethod } from '../types.ts';
import { FailureState } from '../../../components/failure-state.tsx';
import { CardSkeleton } from '../../../components/skeletons.tsx';

/** PayNow first: it is how Singapore pays; the server's order is kept for the rest. */
const methodOrder = (ms: RechargeMethod[]) => [...ms].sort((a, b) => Number(b === 'paynow') - Number(a === 'paynow'));

/** Saves the QR as a PNG so the customer can open it from the bank app on the same phone. */
function saveQr(dataUrl: string, reference: string) {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = `PayNow-${reference}.png`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const QUICK = ['20', '50', '100', '200', '500', '1000'];

/** Where WeChat Pay sends the customer back: the payDone screen of this top-up (WeChat H5 redirect_url). */
function withReturn(payUrl: string, orderNo: string) {
  const back = `/#/${paths.payDone}?kind=recharge&id=${encodeURIComponent(orderNo)}`;
  const target = payUrl.startsWith('/') ? back : `${window.location.origin}${back}`;
  return `${payUrl}${payUrl.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(target)}`;
}

/** Top up the balance: amount, then WeChat Pay, PayNow (SGQR shown here) or a bank transfer with a voucher. */
export default function RechargeScreen() {
  useStrings('wallet');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = useWalletPage();
  const create = useCreateRecharge();
  const [amount, setAmount] = useState(params.get('amount') ?? '');
  const [method, setMethod] = useState<RechargeMethod | null>(null);
  const [error, setError] = useState('');
  const [paynow, setPaynow] = useState<{ info: PaynowInfo; orderNo: string; amount: Money } | null>(null);
  const d = page.data;
  const methods = methodOrder(d?.methods ?? []);
  const chosen = method ?? methods[0] ?? 'paynow';
  // Without the page data the methods and limits are unknown: topping up cannot work, so it is disabled.
  const unavailable = !d;

  const submit = async () => {
    const problem = amountProblem(amount, d?.max_amount.amount_minor ?? 0);
    if (problem) {
      setError(t(problem.key, { max: problem.max !== undefined ? formatMoney(problem.max, d?.max_amount.currency ?? 'SGD') : '' }));
      return;
    }
    setError('');
    if (chosen === 'offline') return nav.navigateTo(paths.rechargeApply, { amount: amount.trim() });
    const res = await create.mutateAsync({ amount: amount.trim(), method: chosen }).catch(() => null);
    if (!res) return;
    if (chosen === 'wechat' && res.pay_url) window.location.assign(withReturn(res.pay_url, res.order.order_no));
    else if (res.paynow) setPaynow({ info: res.paynow, orderNo: res.order.order_no, amount: res.order.amount });
  };

  if (paynow)
    return (
      <div data-testid="paynow">
        <div className="section" style={{ textAlign: 'center' }}>
          <div className="paynow-brand" aria-label="PayNow">
            <span className="pn-pay">Pay</span>
            <span className="pn-now">Now</span>
          </div>
          <div className="section-title">{t('wallet.paynow.title')}</div>
          <img
            src={paynow.info.qr_png_data_url}
            alt={t('wallet.paynow.qrAlt')}
            style={{ width: 220, height: 220, maxWidth: '100%' }}
            data-testid="paynow-qr"
          />
          <div style={{ fontSize: 26, fontWeight: 700, margin: '6px 0' }} data-testid="paynow-amount">
            {formatMoney(paynow.amount)}
          </div>
          <div className="token" data-testid="paynow-ref-beside">
            {t('wallet.paynow.reference')}: <b>{paynow.info.reference}</b>
          </div>
          <div className="muted">{t('wallet.paynow.scan')}</div>
          <Button
            color="primary"
            fill="outline"
            style={{ marginTop: 10, minHeight: 44 }}
            onClick={() => saveQr(paynow.info.qr_png_data_url, paynow.info.reference)}
            data-testid="paynow-save"
          >
            {t('wallet.paynow.save')}
          </Button>
          <div className="muted" style={{ marginTop: 6 }}>
            {t('wallet.paynow.saveHint')}
          </div>
        </div>
        <div className="section">
          <CopyLine label={t('wallet.paynow.amount')} value={minorToDecimal(paynow.info.amount.amount_minor)} />
          <CopyLine label={t('wallet.paynow.reference')} value={paynow.info.reference} testId="paynow-reference" />
          <CopyLine label="UEN" value={paynow.info.uen} />
          <CopyLine label={t('wallet.paynow.name')} value={paynow.info.name} />
          <p className="muted">{t('wallet.paynow.referenceHint')}</p>
        </div>
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => nav.redirectTo(paths.payDone, { kind: 'recharge', id: paynow.orderNo })}
            data-testid="paynow-done"
          >
            {t('wallet.paynow.paid')}
          </Button>
        </div>
      </div>
    );

  if (page.isPending && !page.isError) return <CardSkeleton lines={6} />;
  return (
    <div>
      {page.isError && <FailureState error={page.error} onRetry={() => void page.refetch()} compact />}
      <div className="section">
        <div className="muted">{t('wallet.balance')}</div>
        <div style={{ fontSize: 26, fontWeight: 700 }} data-testid="recharge-balance">
          {d ? formatMoney(d.balance) : '—'}
        </div>
      </div>
      <div className="section">
        <div className="section-title">{t('wallet.amountLabel')}</div>
        <AmountField
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError('');
          }}
          error={error}
          label={t('wallet.amountLabel')}
          placeholder={t('wallet.amountPh')}
          testId="recharge-amount"
          errorTestId="recharge-error"
        />
        <div className="quick-amounts">
          {QUICK.map((q) => (
            <Button
              key={q}
              size="small"
              color={amount === q ? 'primary' : 'default'}
              fill={amount === q ? 'outline' : 'solid'}
              onClick={() => (setAmount(q), setError(''))}
            >
              <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(Number(q) * 100, 'SGD', { wholeWithoutCents: true })}</span>
            </Button>
          ))}
        </div>
        {d && d.max_amount.amount_minor > 0 && (
          <div className="muted" style={{ marginTop: 8 }}>
            {t('wallet.maxHint', { max: formatMoney(d.max_amount) })}
          </div>
        )}
      </div>
      <List header={t('wallet.method')}>
        <Radio.Group value={chosen} onChange={(v) => setMethod(v as RechargeMethod)}>
          {methods.map((m) => (
            <List.Item
              key={m}
              description={t(`wallet.methodDesc.${m}`, { days: d?.manual_review_working_days ?? 1 })}
              extra={<Radio value={m} data-testid={`method-${m}`} />}
              onClick={() => setMethod(m)}
            >
              {t(`wallet.methods.${m}`)}
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      <div className="form-footer">
        <Space direction="vertical" block>
          <Button
            block
            color="primary"
            size="large"
            loading={create.isPending}
            disabled={unavailable}
            onClick={() => void submit()}
            data-testid="recharge-submit"
          >
            {chosen === 'offline' ? t('wallet.next') : t('wallet.topUp')}
          </Button>
          {unavailable && (
            <div className="muted" style={{ textAlign: 'center' }} data-testid="recharge-unavailable">
              {t('state.unavailableReason')}
            </div>
          )}
          <Button block fill="none" onClick={() => nav.navigateTo(paths.rechargeList, { tab: 'topups' })}>
            {t('wallet.myTopUps')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
