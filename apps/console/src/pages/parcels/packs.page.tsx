import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { contract, packStatuses, shippingModes, type PackStatus, type ShippingMode } from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListFilterForm, ListPage } from '../../components/list-page.tsx';
import { PriceLines } from './packing.page.tsx';
import {
  BillStatusTag,
  dateTime,
  formatMoney,
  PackStatusTag,
  packStatusLabel,
  ParcelStatusTag,
  sizeText,
  stageLabel,
} from './parcels-common.tsx';

const WAYBILL_STATUSES: PackStatus[] = ['packed', 'paid', 'shipped', 'delivered', 'received'];

export function WaybillButton({ packId, status }: { packId: number; status: PackStatus }) {
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
          const link = await call(contract.parcelsAdmin.adminWaybillLink, { pack_id: packId });
          if (win) win.location.href = link.url;
          else window.location.href = link.url;
        } catch {
          win?.close();
        } finally {
          setBusy(false);
        }
      }}
    >
      Waybill PDF
    </Button>
  );
}

export function PackDetailDrawer({ packId, onClose }: { packId: number; onClose: () => void }) {
  const q = useQuery({ queryKey: ['adminPack', packId], queryFn: () => call(contract.parcelsAdmin.adminPackDetail, { pack_id: packId }) });
  const d = q.data;
  return (
    <Drawer
      open
      width={680}
      onClose={onClose}
      title={d ? `Pack ${d.pack_no}` : 'Pack'}
      extra={d && <WaybillButton packId={d.id} status={d.status} />}
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="Status" span={2}>
              <PackStatusTag status={d.status} /> <BillStatusTag status={d.status} billId={d.bill_id} />
            </Descriptions.Item>
            <Descriptions.Item label="Customer">
              {d.owner.user_account} (#{d.owner.user_id})
            </Descriptions.Item>
            <Descriptions.Item label="Mode">{d.mode}</Descriptions.Item>
            <Descriptions.Item label="Packing date">{d.pack_date ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Options">
              {d.is_cut && <Tag>repack</Tag>}
              {d.individual_clearance && <Tag>own clearance</Tag>}
              {!d.is_cut && !d.individual_clearance && '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Weight / volume">{d.weight_kg ? `${d.weight_kg} kg / ${d.volume_cbm} cbm` : '—'}</Descriptions.Item>
            <Descriptions.Item label="Amount">{formatMoney(d.amount)}</Descriptions.Item>
            <Descriptions.Item label="Batch">{d.batch_no ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Stage">{stageLabel(d.stage)}</Descriptions.Item>
            <Descriptions.Item label="Delivery slot">
              {d.dispatch_status === 'none' ? '—' : `${d.dispatch_status} ${d.dispatch_date ?? ''} ${d.dispatch_slot ?? ''}`}
            </Descriptions.Item>
            <Descriptions.Item label="Address" span={2}>
              {d.address
                ? `${d.address.receiver} ${d.address.phone}, ${d.address.district} ${d.address.address} ${d.address.postcode}`
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Requested">{dateTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Packed">{dateTime(d.packed_at)}</Descriptions.Item>
            <Descriptions.Item label="Paid">{dateTime(d.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="Shipped">{dateTime(d.shipped_at)}</Descriptions.Item>
            <Descriptions.Item label="Delivered">{dateTime(d.delivered_at)}</Descriptions.Item>
            <Descriptions.Item label="Received">{dateTime(d.received_at)}</Descriptions.Item>
          </Descriptions>
          {d.pieces.length > 0 && (
            <Card size="small" title={`Pieces (${d.pieces.length})`}>
              {d.pieces.map((p, i) => (
                <div key={i}>
                  {i + 1}. {p.weight_kg} kg, {p.length_cm}×{p.width_cm}×{p.height_cm} cm
                </div>
              ))}
            </Card>
          )}
          {d.quote_lines.length > 0 && (
            <Card size="small" title={`Price (${d.rate_text})`}>
              <PriceLines lines={d.quote_lines} total={d.amount} />
            </Card>
          )}
          <Card size="small" title={`Parcels (${d.parcels.length})`}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.parcels}
              columns={[
                { title: 'Tracking no.', dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                { title: 'Goods', render: (_, r) => `${r.goods_name} ×${r.quantity}` },
                { title: 'Value', render: (_, r) => formatMoney(r.goods_value) },
                { title: 'Size', render: (_, r) => sizeText(r.size) },
                { title: 'Status', render: (_, r) => <ParcelStatusTag status={r.status} /> },
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
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title="Packs and bills"
      queryKey={['adminPacks']}
      initialFilters={{} as PackFilters}
      load={(p, f) => call(contract.parcelsAdmin.adminPackList, { ...p, ...f })}
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
          <Form.Item name="status" label="Status">
            <Select
              allowClear
              placeholder="Any"
              style={{ width: 220 }}
              options={packStatuses.map((s) => ({ value: s, label: packStatusLabel[s].text }))}
              data-testid="packs-status"
            />
          </Form.Item>
          <Form.Item name="mode" label="Mode">
            <Select allowClear placeholder="Any" style={{ width: 110 }} options={shippingModes.map((m) => ({ value: m, label: m }))} />
          </Form.Item>
          <Form.Item name="keyword" label="Pack no.">
            <Input allowClear placeholder="PK..." style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="user_id" label="Customer #">
            <InputNumber min={1} style={{ width: 110 }} />
          </Form.Item>
        </ListFilterForm>
      )}
      rowKey="id"
      totalText={(t) => `${t} packs`}
      table={{
        onRow: (r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } }),
      }}
      columns={[
        { title: 'Pack no.', dataIndex: 'pack_no', render: (v: string) => <code>{v}</code> },
        { title: 'Customer', render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        {
          title: 'Mode',
          render: (_, r) => (
            <>
              {r.mode}
              <div style={{ fontSize: 12, color: '#888', whiteSpace: 'nowrap' }}>{r.parcel_count} parcel(s)</div>
            </>
          ),
        },
        { title: 'Status', render: (_, r) => <PackStatusTag status={r.status} /> },
        { title: 'Bill', render: (_, r) => <BillStatusTag status={r.status} billId={r.bill_id} /> },
        { title: 'Amount', render: (_, r) => formatMoney(r.amount) },
        { title: 'kg / cbm', render: (_, r) => (r.weight_kg ? `${r.weight_kg} / ${r.volume_cbm}` : '—') },
        {
          title: 'Batch',
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
        { title: 'Packing date', dataIndex: 'pack_date', render: (v: string | null) => v ?? '—' },
        { title: '', render: (_, r) => <WaybillButton packId={r.id} status={r.status} /> },
      ]}
    >
      {open && <PackDetailDrawer packId={open} onClose={() => setOpen(null)} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Bills are issued when a pack is measured at the packing station; customers pay them from their wallet.
      </Typography.Paragraph>
    </ListPage>
  );
}
