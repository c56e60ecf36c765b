import { useState } from 'react';
import { Badge, Button, Input, Select, Tabs } from 'antd';
import { contract, mallOrderStatuses, type MallOrderStatus, type MallSource, type ResponseOf } from '@pinyou/contract';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../dates.ts';
import { defineStrings, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { MallStatusTag, SourceTag, useMallT, useSourceOptions } from './mall-common.tsx';
import { MallOrderDrawer } from './mall-order-drawer.tsx';
import { adminMallOrders } from './api/admin-mall-orders.ts';

type Order = ResponseOf<typeof contract.mallAdmin.adminMallOrders>;

const strings = defineStrings({
  en: {
    title: 'Mall orders',
    search: 'Order sn or customer',
    orderSn: 'Order sn',
    customer: 'Customer',
    goods: 'Goods',
    total: 'Total',
    created: 'Created',
    paid: 'Paid',
    items: '{n} items',
    refresh: 'Refresh',
    platformNo: 'Platform order',
  },
  zh_CN: {
    title: '商城订单',
    search: '订单号或客户',
    orderSn: '订单号',
    customer: '客户',
    goods: '商品',
    total: '金额',
    created: '下单时间',
    paid: '付款时间',
    items: '共{n}件',
    refresh: '刷新',
    platformNo: '平台订单号',
  },
});

/** The tabs, in the order staff work through them: what needs action first. */
const tabOrder: Array<MallOrderStatus | 'all'> = [
  'waiting_ship',
  'cancel_pending',
  'shipped',
  'packed',
  'done',
  'waiting_pay',
  'cancelled',
  'all',
];
const needsAction: ReadonlySet<string> = new Set(['waiting_ship', 'cancel_pending']);

export function MallOrdersPage() {
  const t = useT(strings);
  const mt = useMallT();
  const sourceOptions = useSourceOptions();
  const [open, setOpen] = useState<number | null>(null);
  const countOf = (counts: Order['counts'] | undefined, s: MallOrderStatus | 'all') =>
    !counts ? 0 : s === 'all' ? mallOrderStatuses.reduce((n, k) => n + (counts[k] ?? 0), 0) : (counts[s] ?? 0);
  return (
    <ListPage
      title={t('title')}
      queryKey={['mallAdmin', 'orders']}
      initialFilters={{ status: 'waiting_ship' as MallOrderStatus | 'all', source: undefined as MallSource | undefined, keyword: '' }}
      load={(p, f) =>
        adminMallOrders({
          ...p,
          keyword: f.keyword,
          ...(f.status === 'all' ? {} : { status: f.status }),
          ...(f.source ? { source: f.source } : {}),
        })
      }
      // New paid orders and cancellation requests appear without a reload.
      refetchInterval={30_000}
      filters={({ filters, set, refetch, fetching }) => (
        <>
          <Select
            allowClear
            placeholder={mt('source')}
            style={{ width: 150 }}
            value={filters.source}
            onChange={(v) => set({ source: v })}
            options={sourceOptions}
            data-testid="mall-orders-source"
          />
          <Input.Search
            allowClear
            placeholder={t('search')}
            style={{ width: 280 }}
            onSearch={(v) => set({ keyword: v.trim() })}
            data-testid="mall-orders-search"
          />
          <Button onClick={refetch} loading={fetching} data-testid="mall-orders-refresh">
            {t('refresh')}
          </Button>
        </>
      )}
      above={({ filters, set, data }) => (
        <Tabs
          activeKey={filters.status}
          onChange={(k) => set({ status: k as MallOrderStatus | 'all' })}
          items={tabOrder.map((s) => ({
            key: s,
            label: (
              <span data-testid={`mall-tab-${s}`}>
                {mt(s)}{' '}
                <Badge
                  count={countOf(data?.counts, s)}
                  showZero
                  overflowCount={9999}
                  size="small"
                  color={needsAction.has(s) && countOf(data?.counts, s) > 0 ? 'red' : '#bfbfbf'}
                />
              </span>
            ),
          }))}
        />
      )}
      rowKey="id"
      table={{
        onRow: (r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': `mall-order-${r.order_sn}` }),
      }}
      columns={[
        { title: t('orderSn'), dataIndex: 'order_sn', render: (v: string) => <a style={{ whiteSpace: 'nowrap' }}>{v}</a> },
        { title: mt('source'), render: (_, r) => <SourceTag source={r.source} /> },
        { title: mt('status'), render: (_, r) => <MallStatusTag status={r.status} /> },
        { title: t('customer'), render: (_, r) => `${r.user_account} (#${r.user_id})` },
        {
          title: t('goods'),
          ellipsis: true,
          width: 260,
          render: (_, r) => (
            <span>
              {r.items[0]?.title ?? ''} {r.item_count > 1 ? `· ${t('items', { n: r.item_count })}` : ''}
            </span>
          ),
        },
        { title: t('total'), align: 'right', render: (_, r) => money(r.total) },
        { title: t('platformNo'), render: (_, r) => r.platform_order_no || '—' },
        { title: t('created'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</span> },
        { title: t('paid'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.paid_at)}</span> },
      ]}
    >
      {open !== null && <MallOrderDrawer id={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
