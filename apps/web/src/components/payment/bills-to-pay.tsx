import { useState } from 'react';
import { Button, Checkbox, Empty } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useStrings } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { PagedList } from '../paged-list.tsx';
import { StatusTag } from '../status-tag.tsx';
import { billKeys, useBillList, type Bill } from '../../lib/payment/bill-list.ts';
import { PayPopup } from './pay-popup.tsx';

/**
 * "To pay": every bill waiting for me (pack bills, return fees, mall orders, group shares) with its
 * amount, due time and Pay now; tick several to pay them at once. Paying refreshes every list.
 */
export function BillsToPay() {
  useStrings('wallet');
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useBillList('unpaid');
  const bills = q.data?.pages.flatMap((p) => p.list) ?? [];
  const [picked, setPicked] = useState<number[]>([]);
  const [paying, setPaying] = useState<number[] | null>(null);
  const live = picked.filter((id) => bills.some((b) => b.id === id));
  const pickedBills = bills.filter((b) => live.includes(b.id));
  const pickedTotal = pickedBills.reduce((s, b) => s + b.amount_sgd.amount_minor, 0);
  // Every bill's amount_sgd is in the wallet currency the server names.
  const walletCurrency = pickedBills[0]?.amount_sgd.currency ?? 'SGD';

  const toggle = (id: number, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const onPaid = () => {
    setPaying(null);
    setPicked([]);
    // What a payment changes: bills, the balance, and the owners' objects (packs, returns, orders).
    void qc.invalidateQueries({ queryKey: billKeys.all });
    void qc.invalidateQueries({ queryKey: ['parcels'] });
    void qc.invalidateQueries({ queryKey: ['wallet'] });
  };

  const row = (b: Bill) => (
    <div className="bill-row" key={b.id} data-testid={`bill-${b.id}`}>
      <Checkbox
        checked={live.includes(b.id)}
        onChange={(on) => toggle(b.id, on)}
        aria-label={t('wallet.bills.select', { what: b.description })}
        data-testid={`bill-pick-${b.id}`}
      />
      <div className="bill-main">
        <div className="row between">
          <span className="bill-title">
            {t(`wallet.billKind.${b.kind}`)} <StatusTag tone="action">{t('wallet.bills.unpaid')}</StatusTag>
          </span>
          <b className="bill-amount">{formatMoney(b.amount)}</b>
        </div>
        <div className="muted token">{b.description}</div>
        <div className="row between">
          <span className="muted">
            {b.pay_before ? t('wallet.bills.dueBy', { when: formatDateTime(b.pay_before) }) : t('wallet.bills.noDue')}
          </span>
          <Button size="small" color="primary" onClick={() => setPaying([b.id])} data-testid={`bill-pay-${b.id}`} style={{ minHeight: 44 }}>
            {t('wallet.bills.payNow')}
          </Button>
        </div>
      </div>
    </div>
  );

  return (
    <div data-testid="bills-to-pay">
      <PagedList query={q} items={bills} render={row} empty={<Empty description={t('wallet.bills.none')} />} testId="bill-list" />
      {live.length > 0 && (
        <div className="bills-bar">
          <span>
            {t('wallet.bills.selected', { count: live.length })} · <b>{formatMoney(pickedTotal, walletCurrency)}</b>
          </span>
          <Button color="primary" onClick={() => setPaying(live)} data-testid="bills-pay-selected" style={{ minHeight: 44 }}>
            {t('wallet.bills.paySelected')}
          </Button>
        </div>
      )}
      <PayPopup open={!!paying} billIds={paying ?? undefined} onClose={() => setPaying(null)} onPaid={onPaid} />
    </div>
  );
}
