import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { packStatuses, shippingModes, type PackStatus, type ShippingMode } from '@pinyou/contract';
import { ListFilterForm, ListPage, actionColumn } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { PriceLines } from './packing.page.tsx';
import { useParcelVocab } from './parcels.page.tsx';
import {
  BillStatusTag,
  dateTime,
  formatMoney,
  PackStatusTag,
  packStatusLabel,
  ParcelStatusTag,
  sizeText,
  stageLabel,
  statusText,
} from './parcels-common.tsx';
import { enumText } from '../../enums.ts';
import { adminPackDetail } from './api/admin-pack-detail.ts';
import { adminPackList } from './api/admin-pack-list.ts';
import { adminWaybillLink } from './api/admin-waybill-link.ts';

/** Packs, their bills and the drawer in both languages. */
const strings = defineStrings({
  en: {
    title: 'Packs and bills',
    waybill: 'Waybill PDF',
    drawerTitle: 'Pack {no}',
    drawerTitleLoading: 'Pack',
    status: 'Status',
    customer: 'Customer',
    mode: 'Mode',
    packingDate: 'Packing date',
    options: 'Options',
    repack: 'repack',
    ownClearance: 'own clearance',
    weightVolume: 'Weight / volume',
    amount: 'Amount',
    batch: 'Batch',
    stage: 'Stage',
    deliverySlot: 'Delivery slot',
    address: 'Address',
    requested: 'Requested',
    packed: 'Packed',
    paid: 'Paid',
    shipped: 'Shipped',
    delivered: 'Delivered',
    received: 'Received',
    pieces: 'Pieces ({n})',
    price: 'Price ({rate})',
    parcels: 'Parcels ({n})',
    trackingNo: 'Tracking no.',
    goods: 'Goods',
    value: 'Value',
    size: 'Size',
    any: 'Any',
    packNo: 'Pack no.',
    customerNo: 'Customer #',
    total: '{n} packs',
    parcelCount: '{n} parcel(s)',
    bill: 'Bill',
    kgCbm: 'kg / cbm',
    billsNote: 'Bills are issued when a pack is measured at the packing station; customers pay them from their wallet.',
  },
  zh_CN: {
    title: '集运包与账单',
    waybill: '面单 PDF',
    drawerTitle: '集运包 {no}',
    drawerTitleLoading: '集运包',
    status: '状态',
    customer: '客户',
    mode: '运输方式',
    packingDate: '打包日期',
    options: '增值服务',
    repack: '重新打包',
    ownClearance: '单独清关',
    weightVolume: '重量 / 体积',
    amount: '金额',
    batch: '出库批次',
    stage: '物流节点',
    deliverySlot: '派送时段',
    address: '收货地址',
    requested: '申请时间',
    packed: '打包时间',
    paid: '付款时间',
    shipped: '发货时间',
    delivered: '送达时间',
    received: '签收时间',
    pieces: '箱件（{n}）',
    price: '费用（{rate}）',
    parcels: '包裹（{n}）',
    trackingNo: '运单号',
    goods: '物品',
    value: '货值',
    size: '尺寸',
    any: '全部',
    packNo: '集运包号',
    customerNo: '客户编号',
    total: '共 {n} 个集运包',
    parcelCount: '{n} 个包裹',
    bill: '账单',
    kgCbm: '公斤 / 立方米',
    billsNote: '打包台称重量方后生成账单，客户从钱包余额支付。',
  },
});

const WAYBILL_STATUSES: PackStatus[] = ['packed', 'paid', 'shipped', 'delivered', 'received'];

export function WaybillButton({ packId, status }: { packId: number; status: PackStatus }) {
  const t = useT(strings);
  const [busy, setBusy] = useState(false);
  if (!WAYBILL_STATUSES.includes(status)) return null;
  return (
    <Button
      size="small"
      loading={busy}
      data-testid={`waybill-${packId}`}
      onClick={async (e) => {
        e.stopPropagation();
        setBusy(true);
        // Opened before the await so the browser does not treat it as an unrequested pop-up.
        const win = window.open('', '_blank');
        try {
          const link = await adminWaybillLink({ pack_id: packId });
          if (win) win.location.href = link.url;
          else window.location.href = link.url;
        } catch {
          win?.close();
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('waybill')}
    </Button>
  );
}

export function PackDetailDrawer({ packId, onClose }: { packId: number; onClose: () => void }) {
  const t = useT(strings);
  const { modeText } = useParcelVocab();
  const q = useQuery({ queryKey: ['adminPack', packId], queryFn: () => adminPackDetail({ pack_id: packId }) });
  const d = q.data;
  return (
    <Drawer
      open
      width={680}
      onClose={onClose}
      title={d ? t('drawerTitle', { no: d.pack_no }) : t('drawerTitleLoading')}
      extra={d && <WaybillButton packId={d.id} status={d.status} />}
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {/* Labels, dates and numbers stay on one line (Chinese labels would otherwise break character by character). */}
          <Descriptions bordered size="small" column={2} styles={{ label: { whiteSpace: 'nowrap' }, content: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('status')} span={2}>
              <PackStatusTag status={d.status} /> <BillStatusTag status={d.status} billId={d.bill_id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('customer')}>
              {d.owner.user_account} (#{d.owner.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('mode')}>{modeText(d.mode)}</Descriptions.Item>
            <Descriptions.Item label={t('packingDate')}>{d.pack_date ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('options')}>
              {d.is_cut && <Tag>{t('repack')}</Tag>}
              {d.individual_clearance && <Tag>{t('ownClearance')}</Tag>}
              {!d.is_cut && !d.individual_clearance && '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('weightVolume')}>{d.weight_kg ? `${d.weight_kg} kg / ${d.volume_cbm} cbm` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{formatMoney(d.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('batch')}>{d.batch_no ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('stage')}>{stageLabel(d.stage)}</Descriptions.Item>
            <Descriptions.Item label={t('deliverySlot')}>
              {d.dispatch_status === 'none'
                ? '—'
                : `${enumText('dispatchStatus', d.dispatch_status)} ${d.dispatch_date ?? ''} ${d.dispatch_slot ?? ''}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('address')} span={2} styles={{ content: { whiteSpace: 'normal' } }}>
              {d.address
                ? `${d.address.receiver} ${d.address.phone}, ${d.address.district} ${d.address.address} ${d.address.postcode}`
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('requested')}>{dateTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('packed')}>{dateTime(d.packed_at)}</Descriptions.Item>
            <Descriptions.Item label={t('paid')}>{dateTime(d.paid_at)}</Descriptions.Item>
            <Descriptions.Item label={t('shipped')}>{dateTime(d.shipped_at)}</Descriptions.Item>
            <Descriptions.Item label={t('delivered')}>{dateTime(d.delivered_at)}</Descriptions.Item>
            <Descriptions.Item label={t('received')}>{dateTime(d.received_at)}</Descriptions.Item>
          </Descriptions>
          {d.pieces.length > 0 && (
            <Card size="small" title={t('pieces', { n: d.pieces.length })}>
              {d.pieces.map((p, i) => (
                <div key={i}>
                  {i + 1}. {p.weight_kg} kg, {p.length_cm}×{p.width_cm}×{p.height_cm} cm
                </div>
              ))}
            </Card>
          )}
          {d.quote_lines.length > 0 && (
            <Card size="small" title={t('price', { rate: d.rate_text })}>
              <PriceLines lines={d.quote_lines} total={d.amount} />
            </Card>
          )}
          <Card size="small" title={t('parcels', { n: d.parcels.length })}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.parcels}
              columns={[
                { title: t('trackingNo'), dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                { title: t('goods'), render: (_, r) => `${r.goods_name} ×${r.quantity}` },
                { title: t('value'), render: (_, r) => formatMoney(r.goods_value) },
                { title: t('size'), render: (_, r) => sizeText(r.size) },
                { title: t('status'), render: (_, r) => <ParcelStatusTag status={r.status} /> },
              ]}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

type PackFilters = { status?: PackStatus; mode?: ShippingMode; keyword?: string; user_id?: number };

export function PacksPage() {
  const t = useT(strings);
  const { modeText } = useParcelVocab();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title={t('title')}
      queryKey={['adminPacks']}
      initialFilters={{} as PackFilters}
      load={(p, f) => adminPackList({ ...p, ...f })}
      filters={({ set }) => (
        <ListFilterForm<PackFilters>
          onSearch={(v) =>
            set({
              status: v.status || undefined,
              mode: v.mode || undefined,
              keyword: v.keyword?.trim() || undefined,
              user_id: v.user_id || undefined,
            })
          }
        >
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('any')}
              style={{ width: 220 }}
              options={packStatuses.map((s) => ({ value: s, label: statusText(packStatusLabel[s]) }))}
              data-testid="packs-status"
            />
          </Form.Item>
          <Form.Item name="mode" label={t('mode')}>
            <Select
              allowClear
              placeholder={t('any')}
              style={{ width: 110 }}
              options={shippingModes.map((m) => ({ value: m, label: modeText(m) }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('packNo')}>
            <Input allowClear placeholder="PK..." style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="user_id" label={t('customerNo')}>
            <InputNumber min={1} style={{ width: 110 }} />
          </Form.Item>
        </ListFilterForm>
      )}
      rowKey="id"
      totalText={(n) => t('total', { n })}
      table={{
        onRow: (r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } }),
      }}
      columns={[
        { title: t('packNo'), dataIndex: 'pack_no', render: (v: string) => <code>{v}</code> },
        { title: t('customer'), render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        {
          title: t('mode'),
          render: (_, r) => (
            <>
              {modeText(r.mode)}
              <div style={{ fontSize: 12, color: '#888', whiteSpace: 'nowrap' }}>{t('parcelCount', { n: r.parcel_count })}</div>
            </>
          ),
        },
        { title: t('status'), render: (_, r) => <PackStatusTag status={r.status} /> },
        { title: t('bill'), render: (_, r) => <BillStatusTag status={r.status} billId={r.bill_id} /> },
        { title: t('amount'), render: (_, r) => formatMoney(r.amount) },
        { title: t('kgCbm'), render: (_, r) => (r.weight_kg ? `${r.weight_kg} / ${r.volume_cbm}` : '—') },
        {
          title: t('batch'),
          render: (_, r) =>
            r.batch_no ? (
              <>
                {r.batch_no}
                <div style={{ fontSize: 12, color: '#888' }}>{stageLabel(r.stage)}</div>
              </>
            ) : (
              '—'
            ),
        },
        { title: t('packingDate'), dataIndex: 'pack_date', render: (v: string | null) => v ?? '—' },
        { ...actionColumn, title: '', render: (_, r) => <WaybillButton packId={r.id} status={r.status} /> },
      ]}
    >
      {open && <PackDetailDrawer packId={open} onClose={() => setOpen(null)} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('billsNote')}
      </Typography.Paragraph>
    </ListPage>
  );
}
