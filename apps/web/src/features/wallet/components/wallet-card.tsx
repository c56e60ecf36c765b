import { Switch } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { Icon } from '../../../components/icon.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useWalletPage } from '../api/wallet-page.ts';
import { useEditAutoPay } from '../api/edit-auto-pay.ts';

/** My centre's wallet: the balance, the ways in (top up, transactions, coupons) and the auto-pay switch. */
export function WalletCard() {
  const { t } = useTranslation();
  const page = useWalletPage();
  const { data } = page;
  const autoPay = useEditAutoPay();
  return (
    <div className="wallet-card" data-testid="wallet-card">
      <div className="row between">
        <div>
          <div className="muted">{t('wallet.balance')}</div>
          <div className="bal" data-testid="wallet-balance">
            {data ? formatMoney(data.balance) : '—'}
          </div>
          {page.isError && (
            <button type="button" className="btn-link" onClick={() => void page.refetch()} data-testid="wallet-retry">
              {t('state.failTitle')} · {t('state.retry')}
            </button>
          )}
        </div>
      </div>
      <div className="wallet-entries">
        <div onClick={() => nav.navigateTo(paths.recharge)} data-testid="wallet-topup">
          <Icon name="wallet" />
          {t('wallet.topUp')}
        </div>
        <div onClick={() => nav.navigateTo(paths.rechargeList)} data-testid="wallet-transactions">
          <Icon name="list" />
          {t('wallet.transactions')}
        </div>
        <div onClick={() => nav.navigateTo(paths.myCoupon)} data-testid="wallet-coupons">
          <Icon name="coupon" />
          {t('wallet.coupons')}
        </div>
      </div>
      <div className="row between" style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 10 }}>
        <div>
          <div style={{ fontSize: 14 }}>{t('wallet.autoPay')}</div>
          <div className="muted" style={{ fontSize: 12 }}>
            {t('wallet.autoPayHint')}
          </div>
        </div>
        <Switch
          checked={!!data?.is_auto_pay}
          loading={autoPay.isPending}
          disabled={!data}
          onChange={async (on) => void (await autoPay.mutateAsync(on).catch(() => undefined))}
          data-testid="auto-pay"
        />
      </div>
    </div>
  );
}
