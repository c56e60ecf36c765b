import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Select, Space, Table, Tabs } from 'antd';
import { contract, mallOrderStatuses, type MallOrderStatus, type MallSource, type ResponseOf } from '@pinyou/contract';
import { call } from '../../api.ts';
import { formatDateTime } from '../../dates.ts';
import { defineStrings, useT } from '../../i18n.ts';
import { LoadError, MallStatusTag, rmb, SourceTag, useMallT, useSourceOptions } from './mall-common.tsx';
import { MallOrderDrawer } from './mall-order-drawer.tsx';

const MA = contract.mallAdmin;
type Order = ResponseOf<typeof MA.adminMallOrders>['list'][number];

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
  const [status, setStatus] = useState<MallOrderStatus | 'all'>('waiting_ship');
  const [source, setSource] = useState<MallSource | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['mallAdmin', 'orders', status, source, keyword, page],
    // New paid orders and cancellation requests appear without a reload.
    refetchInterval: 30_000,
    queryFn: () =>
      call(MA.adminMallOrders, {
        page,
        page_size: 20,
        keyword,
        ...(status === 'all' ? {} : { status }),
        ...(source ? { source } : {}),
      }),
  });
  const counts = q.data?.counts;
  const countOf = (s: MallOrderStatus | 'all') =>
    !counts ? 0 : s === 'all' ? mallOrderStatuses.reduce((n, k) => n + (counts[k] ?? 0), 0) : (counts[s] ?? 0);
  return (
    <Card title={t('title')}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          allowClear
          placeholder={mt('source')}
          style={{ width: 150 }}
          value={source}
          onChange={(v) => {
            setSource(v);
            setPage(1);
          }}
          options={sourceOptions}
          data-testid="mall-orders-source"
        />
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          data-testid="mall-orders-search"
        />
        <Button onClick={() => void q.refetch()} loading={q.isFetching} data-testid="mall-orders-refresh">
          {t('refresh')}
        </Button>
      </Space>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as MallOrderStatus | 'all');
          setPage(1);
        }}
        items={tabOrder.map((s) => ({
          key: s,
          label: (
            <span data-testid={`mall-tab-${s}`}>
              {mt(s)}{' '}
              <Badge
                count={countOf(s)}
                showZero
                overflowCount={9999}
                size="small"
                color={needsAction.has(s) && countOf(s) > 0 ? 'red' : '#bfbfbf'}
              />
            </span>
          ),
        }))}
      />
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      <Table<Order>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': `mall-order-${r.order_sn}` })}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
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
          { title: t('total'), align: 'right', render: (_, r) => rmb(r.total_minor) },
          { title: t('platformNo'), render: (_, r) => r.platform_order_no || '—' },
          { title: t('created'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</span> },
          { title: t('paid'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.paid_at)}</span> },
        ]}
      />
      {open !== null && <MallOrderDrawer id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
