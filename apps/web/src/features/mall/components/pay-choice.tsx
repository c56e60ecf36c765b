import { useState } from 'react';
import type { Money } from '@pinyou/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/feedback.ts';
import { payByWechat } from './wechat-pay.ts';

/**
 * How to pay mall orders: from the balance (the wallet's pay panel, opened by the screen) or by WeChat Pay.
 */
export function PayChoice({ orderIds, totalSgd, onWallet }: { orderIds: number[]; totalSgd?: Money; onWallet: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const wechat = async () => {
    setBusy(true);
    const r = await payByWechat(orderIds).catch(() => null);
    setBusy(false);
    if (r === 'needs-wechat') toast(t('mall.wxNeedWechat'));
  };
  return (
    <div className="mall-pay-choice" data-testid="pay-choice">
      <Button block color="danger" size="large" onClick={onWallet} data-testid="pay-wallet">
        {totalSgd !== undefined ? t('mall.payWalletAmount', { amount: formatMoney(totalSgd) }) : t('mall.payWallet')}
      </Button>
      <Button block color="success" fill="outline" size="large" loading={busy} onClick={() => void wechat()} data-testid="pay-wechat">
        {t('mall.payWechat')}
      </Button>
    </div>
  );
}
