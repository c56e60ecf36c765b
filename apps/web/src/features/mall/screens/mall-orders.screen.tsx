import { Badge, Empty, Tabs } from 'antd-mobile';
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
  useStrings('mall');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = isOrderTab(tabParam) ? tabParam : 'all';
  const q = useRecords(tab === 'all' ? undefined : tab);
  const counts = useRecordCounts();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
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
        render={(o) => <OrderCard key={o.id} o={o} />}
        empty={<Empty description={t('mall.noOrders')} />}
      />
    </div>
  );
}
