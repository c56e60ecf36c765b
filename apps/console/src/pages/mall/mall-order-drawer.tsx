import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Drawer, Space, Table, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../dates.ts';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { ParcelDetailDrawer } from '../parcels/parcels.page.tsx';
import { money } from '../money.ts';
import { LoadError, MallStatusTag, SourceTag, Thumb, useCan } from './mall-common.tsx';
import { CancelForm, PurchaseForm, ReviewCancelForm, ShipForm } from './mall-order-actions.tsx';
import { mallOrderKey, useMallOrder, type AdminMallOrder } from './api/mall-order.ts';

type Item = AdminMallOrder['items'][number];

export const orderStrings = defineStrings({
  en: {
    order: 'Order {sn}',
    customer: 'Customer',
    shop: 'Shop',
    mode: 'To Singapore',
    GROUP: 'Group (sea, at the leader)',
    SEA: 'Sea to the door',
    AIR: 'Air to the door',
    deliverTo: 'Deliver to',
    leader: 'Group leader',
    remark: 'Customer remark',
    bill: 'Bill',
    payBefore: 'Pay before',
    goods: 'Goods',
    spec: 'Specification',
    qty: 'Qty',
    price: 'Unit price',
    subtotal: 'Subtotal',
    rebate: 'Rebate',
    goodsTotal: 'Goods total',
    freight: 'Inland freight',
    total: 'Order total',
    rebateTotal: 'Rebate to customer',
    credited: 'credited',
    notCredited: 'credited when done',
    refund: 'Refunded',
    platformNo: 'Platform order no.',
    tracking: 'Courier / tracking',
    parcel: 'Our parcel',
    openParcel: 'Open parcel #{id}',
    timeline: 'Timeline',
    tCreated: 'Order placed',
    tPaid: 'Paid',
    tPurchased: 'Bought on the platform',
    tPicked: 'Picked from our stock',
    tShipped: 'Shipped to our warehouse',
    tPacked: 'Packed for Singapore',
    tDone: 'Done',
    tCancelled: 'Cancelled',
    tCancelAsked: 'Customer asked to cancel',
    tRefused: 'Cancellation refused',
    reason: 'Reason',
    actions: 'Next step',
    noAction: 'Nothing to do for this order now.',
    cancelAsked: 'The customer asked to cancel: {reason}',
    unpaid: 'Not paid yet: nothing to buy until the customer pays.',
  },
  zh_CN: {
    order: '订单 {sn}',
    customer: '客户',
    shop: '店铺',
    mode: '运往新加坡',
    GROUP: '拼团（海运，团长处自提）',
    SEA: '海运到门',
    AIR: '空运到门',
    deliverTo: '收货',
    leader: '团长',
    remark: '客户备注',
    bill: '账单',
    payBefore: '付款截止',
    goods: '商品',
    spec: '规格',
    qty: '数量',
    price: '单价',
    subtotal: '小计',
    rebate: '返利',
    goodsTotal: '商品金额',
    freight: '国内运费',
    total: '订单金额',
    rebateTotal: '客户返利',
    credited: '已到账',
    notCredited: '完成后到账',
    refund: '已退款',
    platformNo: '平台订单号',
    tracking: '快递 / 单号',
    parcel: '我方包裹',
    openParcel: '打开包裹 #{id}',
    timeline: '订单进度',
    tCreated: '下单',
    tPaid: '付款',
    tPurchased: '已在平台采购',
    tPicked: '已从自营库存出货',
    tShipped: '已发往我方仓库',
    tPacked: '已打包发往新加坡',
    tDone: '已完成',
    tCancelled: '已取消',
    tCancelAsked: '客户申请取消',
    tRefused: '已拒绝取消',
    reason: '原因',
    actions: '下一步',
    noAction: '该订单目前无需处理。',
    cancelAsked: '客户申请取消：{reason}',
    unpaid: '客户尚未付款，付款后才能采购。',
  },
});
export type OrderT = ReturnType<typeof useT<keyof (typeof orderStrings)['en']>>;

function timeline(o: AdminMallOrder, t: OrderT) {
  const rows: Array<{ at: string | null; text: string; note?: string; color?: string }> = [
    { at: o.created_at, text: t('tCreated') },
    { at: o.paid_at, text: t('tPaid') },
    { at: o.purchased_at, text: o.source === 'self' ? t('tPicked') : t('tPurchased'), note: o.platform_order_no },
    { at: o.shipped_at, text: t('tShipped'), note: [o.carrier, o.tracking_no].filter(Boolean).join(' ') },
    { at: o.packed_at, text: t('tPacked') },
    { at: o.done_at, text: t('tDone'), color: 'green' },
    { at: o.cancelled_at, text: t('tCancelled'), note: o.cancel_reason, color: 'red' },
  ];
  const items = rows.filter((r) => r.at).sort((a, b) => (a.at! < b.at! ? -1 : 1));
  if (o.status === 'cancel_pending') items.push({ at: null, text: t('tCancelAsked'), note: o.cancel_reason, color: 'magenta' });
  if (o.cancel_refused_reason) items.push({ at: null, text: t('tRefused'), note: o.cancel_refused_reason, color: 'orange' });
  return items.map((r) => ({
    color: r.color ?? 'blue',
    children: (
      <>
        <b>{r.text}</b> {r.note && <Typography.Text type="secondary">— {r.note}</Typography.Text>}
        {r.at && <div style={{ fontSize: 12, color: '#888' }}>{formatDateTime(r.at)}</div>}
      </>
    ),
  }));
}

/** What this staff member may do with the order in its status (the server checks again). */
function Actions({ o, t, onDone }: { o: AdminMallOrder; t: OrderT; onDone: (o: AdminMallOrder) => void }) {
  const can = useCan();
  const service = can(['service']);
  const ship = can(['service', 'warehouse']);
  const parts: ReactNode[] = [];
  if (o.status === 'waiting_pay') parts.push(<Typography.Text key="unpaid">{t('unpaid')}</Typography.Text>);
  if (o.status === 'waiting_ship' && !o.purchased_at && service) parts.push(<PurchaseForm key="buy" o={o} onDone={onDone} />);
  if (o.status === 'waiting_ship' && o.purchased_at && ship) parts.push(<ShipForm key="ship" o={o} onDone={onDone} />);
  // Not bought yet (sold out, price changed), or the platform cancelled the purchase: refund at once.
  if (o.status === 'waiting_ship' && service) parts.push(<CancelForm key="cancel" o={o} onDone={onDone} />);
  if (o.status === 'cancel_pending') {
    parts.push(<Alert key="asked" type="warning" showIcon message={t('cancelAsked', { reason: o.cancel_reason || '—' })} />);
    if (service) parts.push(<ReviewCancelForm key="review" o={o} onDone={onDone} />);
  }
  if (parts.length === 0) return <Typography.Text type="secondary">{t('noAction')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {parts}
    </Space>
  );
}

export function MallOrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT(orderStrings);
  const lang = useConsoleLang();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [parcel, setParcel] = useState<number | null>(null);
  const q = useMallOrder(id);
  const o = q.data;
  const onDone = (next: AdminMallOrder) => {
    qc.setQueryData(mallOrderKey(id), next);
    void qc.invalidateQueries({ queryKey: ['mallAdmin', 'orders'] });
    void message.success(`${next.order_sn}: ✓`);
  };
  return (
    <Drawer open width="min(860px, 96vw)" onClose={onClose} title={o ? t('order', { sn: o.order_sn }) : ''} data-testid="mall-order-drawer">
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      {o && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Space>
            <SourceTag source={o.source} />
            <MallStatusTag status={o.status} />
          </Space>
          <Card size="small" title={t('actions')} data-testid="mall-order-actions">
            <Actions o={o} t={t} onDone={onDone} />
          </Card>
          <Table<Item>
            rowKey={(r) => `${r.product_id}-${r.sku_id ?? 0}`}
            size="small"
            pagination={false}
            dataSource={o.items}
            columns={[
              { title: '', width: 56, render: (_, r) => <Thumb src={r.image} /> },
              { title: t('goods'), render: (_, r) => (lang === 'en' ? r.title_en || r.title : r.title) },
              { title: t('spec'), dataIndex: 'sku_name' },
              { title: t('qty'), dataIndex: 'quantity', align: 'right' },
              { title: t('price'), align: 'right', render: (_, r) => money(r.price) },
              { title: t('subtotal'), align: 'right', render: (_, r) => money(r.price.amount_minor * r.quantity, r.price.currency) },
              { title: t('rebate'), align: 'right', render: (_, r) => money(r.rebate) },
            ]}
          />
          <Descriptions bordered size="small" column={2} data-testid="mall-order-amounts">
            <Descriptions.Item label={t('goodsTotal')}>{money(o.goods_total)}</Descriptions.Item>
            <Descriptions.Item label={t('freight')}>{money(o.inland_freight)}</Descriptions.Item>
            <Descriptions.Item label={t('total')}>
              <b>{money(o.total)}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('rebateTotal')}>
              {money(o.rebate)} {o.rebate.amount_minor > 0 && <Tag>{o.rebate_credited ? t('credited') : t('notCredited')}</Tag>}
            </Descriptions.Item>
            {o.refund.amount_minor > 0 ? <Descriptions.Item label={t('refund')}>{money(o.refund)}</Descriptions.Item> : null}
          </Descriptions>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('customer')}>
              {o.user_account} (#{o.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('shop')}>{o.shop_name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('mode')}>{t(o.shipping_mode)}</Descriptions.Item>
            <Descriptions.Item label={t('deliverTo')}>{o.deliver_to || '—'}</Descriptions.Item>
            {o.leader_name ? <Descriptions.Item label={t('leader')}>{o.leader_name}</Descriptions.Item> : null}
            {o.remark ? <Descriptions.Item label={t('remark')}>{o.remark}</Descriptions.Item> : null}
            <Descriptions.Item label={t('bill')}>
              {o.bill_id ? `#${o.bill_id}` : '—'}
              {o.pay_before && !o.paid_at ? ` · ${t('payBefore')} ${formatDateTime(o.pay_before)}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('platformNo')}>{o.platform_order_no || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tracking')}>{o.tracking_no ? `${o.carrier} ${o.tracking_no}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('parcel')}>
              {o.parcel_id ? (
                <Button size="small" onClick={() => setParcel(o.parcel_id)} data-testid="mall-order-parcel">
                  {t('openParcel', { id: o.parcel_id })}
                </Button>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('timeline')}>
            <Timeline items={timeline(o, t)} />
          </Card>
        </Space>
      )}
      {parcel !== null && <ParcelDetailDrawer id={parcel} onClose={() => setParcel(null)} />}
    </Drawer>
  );
}
