import { useState } from 'react';
import type { Money } from '@pinyou/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/feedback.ts';
import { payByWechat } from './wechat-pay.ts';

/**
 * How to pay mall orders: from the balance (the wallet's pay panel, opened by the screen) or by WeChat Pay.
 * When the balance is short (`short`, what it lacks), the balance button is the top-up of exactly that
 * amount instead (the screen sends the customer to top up and back to this order).
 */
export function PayChoice({
  orderIds,
  totalSgd,
  short,
  onWallet,
  onTopUp,
}: {
  orderIds: number[];
  totalSgd?: Money;
  short?: Money | null;
  onWallet: () => void;
  onTopUp?: (missing: Money) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const wechat = async () => {
    setBusy(true);
    const r = await payByWechat(orderIds).catch(() => null);
    setBusy(false);
    if (r === 'needs-wechat') toast(t('mall.wxNeedWechat'));
  };
  const topUp = short && short.amount_minor > 0 && onTopUp ? short : null;
  return (
    <div className="mall-pay-choice" data-testid="pay-choice">
      {topUp ? (
        <>
          <p className="muted" data-testid="pay-short">
            {t('mall.balanceShort', { amount: formatMoney(topUp) })}
          </p>
          <Button block color="danger" size="large" onClick={() => onTopUp?.(topUp)} data-testid="pay-topup">
            {t('mall.topUpToPay', { amount: formatMoney(topUp) })}
          </Button>
        </>
      ) : (
        <Button block color="danger" size="large" onClick={onWallet} data-testid="pay-wallet">
          {totalSgd !== undefined ? t('mall.payWalletAmount', { amount: formatMoney(totalSgd) }) : t('mall.payWallet')}
        </Button>
      )}
      <Button block color="success" fill="outline" size="large" loading={busy} onClick={() => void wechat()} data-testid="pay-wechat">
        {t('mall.payWechat')}
      </Button>
    </div>
  );
}
