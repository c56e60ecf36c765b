import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MallOrderView } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { minorToDecimal } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { BACK_PARAM, payReturn } from '../../../lib/pay-return.ts';
import { paths } from '../../../lib/paths.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import { PayChoice } from '../components/pay-choice.tsx';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';
import { usePayShortfall } from '../../../lib/payment/pay-info.ts';
import '../mall.css';

/** Pay from the balance, or top up what it lacks and come back to this order. */
function OrderPay({ o, onWallet }: { o: MallOrderView; onWallet: () => void }) {
  const short = usePayShortfall(o.bill_id ? [o.bill_id] : undefined);
  return (
    <PayChoice
      orderIds={[o.id]}
      short={short ? { amount_minor: short.shortfall, currency: short.currency } : null}
      onWallet={onWallet}
      onTopUp={(m) =>
        nav.navigateTo(paths.recharge, {
          amount: minorToDecimal(m.amount_minor),
          [BACK_PARAM]: payReturn(paths.cartOrderDetail, { id: o.id }),
        })
      }
    />
  );
}

/** A mall order (custom navigation bar): status, goods, amounts, tracking, logistics; pay or cancel it. */
export default function CartOrderDetailScreen() {
  useStrings('mall', 'wallet');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const [paying, setPaying] = useState<MallOrderView | null>(null);
  const qc = useQueryClient();
  return (
    <>
      <OrderDetail id={Number.isInteger(id) ? id : 0} payArea={(o) => <OrderPay o={o} onWallet={() => setPaying(o)} />} />
      <PayPopup
        open={!!paying?.bill_id}
        billIds={paying?.bill_id ? [paying.bill_id] : undefined}
        returnTo={paying ? payReturn(paths.cartOrderDetail, { id: paying.id }) : null}
        onClose={() => setPaying(null)}
        onPaid={(r) => {
          void qc.invalidateQueries({ queryKey: ['mall'] });
          nav.redirectTo(paths.payDone, { kind: 'mall', amount: r.charged.amount_minor });
        }}
      />
    </>
  );
}
