import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MallOrderView } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import { PayChoice } from '../components/pay-choice.tsx';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';
import '../mall.css';

/** A mall order (custom navigation bar): status, goods, amounts, tracking, logistics; pay or cancel it. */
export default function CartOrderDetailScreen() {
  useStrings('mall', 'wallet');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const [paying, setPaying] = useState<MallOrderView | null>(null);
  const qc = useQueryClient();
  return (
    <>
      <OrderDetail id={Number.isInteger(id) ? id : 0} payArea={(o) => <PayChoice orderIds={[o.id]} onWallet={() => setPaying(o)} />} />
      <PayPopup
        open={!!paying?.bill_id}
        billIds={paying?.bill_id ? [paying.bill_id] : undefined}
        onClose={() => setPaying(null)}
        onPaid={(r) => {
          void qc.invalidateQueries({ queryKey: ['mall'] });
          nav.redirectTo(paths.payDone, { kind: 'mall', amount: r.charged.amount_minor });
        }}
      />
    </>
  );
}
