import { useState } from 'react';
import { Badge, Empty, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import type { MallOrderView } from '@pinyou/contract';
import { nav } from '../../../lib/nav.ts';
import { payReturn } from '../../../lib/pay-return.ts';
import { paths } from '../../../lib/paths.ts';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { useRecords } from '../api/records.ts';
import { useRecordCounts } from '../api/record-counts.ts';
import { OrderCard } from '../components/order-card.tsx';
import { isOrderTab, orderTabs } from '../model.ts';
import '../mall.css';

/** Mall orders by status (waiting pay, waiting ship, shipped, packed, done, cancelled, waiting cancel confirmation). */
export default function OrderCenterScreen() {
  useStrings('mall', 'wallet');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = isOrderTab(tabParam) ? tabParam : 'all';
  const q = useRecords(tab === 'all' ? undefined : tab);
  const counts = useRecordCounts();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const [paying, setPaying] = useState<MallOrderView | null>(null);
  const qc = useQueryClient();
  return (
    <div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        className="mall-order-tabs"
        style={{ '--title-font-size': '14px', '--active-line-color': '#c8202d', '--active-title-color': '#b3261e' } as never}
        data-testid="order-tabs"
      >
        {orderTabs.map((s) => {
          const n = s === 'all' ? counts.data?.total : counts.data?.counts[s];
          return (
            <Tabs.Tab
              key={s}
              title={
                <Badge content={s !== 'all' && n ? n : null} style={{ '--right': '-10px', '--top': '2px' } as never}>
                  <span data-testid={`order-tab-${s}`}>{t(`mall.tab.${s}`)}</span>
                </Badge>
              }
            />
          );
        })}
      </Tabs>
      <PagedList
        query={q}
        items={items}
        testId="mall-orders"
        render={(o) => <OrderCard key={o.id} o={o} onPay={setPaying} />}
        empty={<Empty description={t('mall.noOrders')} />}
      />
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
    </div>
  );
}
