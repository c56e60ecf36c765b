import { formatDate } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Tag, Timeline, Typography } from 'antd';
import {
  contract,
  goodsCategories,
  parcelStatuses,
  shippingModes,
  type GoodsCategory,
  type ParcelStatus,
  type ShippingMode,
} from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListFilterForm, ListPage } from '../../components/list-page.tsx';
import { dateTime, formatMoney, PackStatusTag, ParcelStatusTag, parcelStatusLabel, Photos, sizeText } from './parcels-common.tsx';

function FlagLowValue({ id, onDone }: { id: number; onDone: () => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Space.Compact>
      <InputNumber min={1} step={1} placeholder="Min. value ¥" value={value} onChange={setValue} style={{ width: 140 }} />
      <Button
        disabled={!value}
        onClick={async () => {
          await call(contract.parcelsAdmin.adminFlagLowValue, { id, min_value: String(value) });
          onDone();
        }}
      >
        Ask customer to raise value
      </Button>
    </Space.Compact>
  );
}

export function ParcelDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['adminParcel', id], queryFn: () => call(contract.parcelsAdmin.adminParcelDetail, { id }) });
  const d = q.data;
  return (
    <Drawer open width={620} onClose={onClose} title={d ? `Parcel ${d.tracking_no}` : 'Parcel'} data-testid="parcel-drawer">
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="Status">
              <ParcelStatusTag status={d.status} />
              {d.is_low_value && <Tag color="orange">to supplement</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="Customer">
              {d.owner.user_account} (#{d.owner.user_id})
            </Descriptions.Item>
            <Descriptions.Item label="Carrier">{d.carrier_name}</Descriptions.Item>
            <Descriptions.Item label="Goods">
              {d.goods_name} ×{d.quantity}
            </Descriptions.Item>
            <Descriptions.Item label="Declared value">
              {formatMoney(d.goods_value)}
              {d.min_value && ` (asked at least ${formatMoney(d.min_value)})`}
            </Descriptions.Item>
            <Descriptions.Item label="Category / mode">
              {d.category} / {d.mode}
            </Descriptions.Item>
            <Descriptions.Item label="Weight / size">
              {d.weight_kg ? `${d.weight_kg} kg` : '—'}, {sizeText(d.size)} {d.volume_cbm && `(${d.volume_cbm} cbm)`}
            </Descriptions.Item>
            <Descriptions.Item label="Shelf">{d.shelf || '—'}</Descriptions.Item>
            <Descriptions.Item label="Declared">{dateTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Arrived">{dateTime(d.inbound_at)}</Descriptions.Item>
            <Descriptions.Item label="Pack">
              {d.pack ? (
                <>
                  {d.pack.pack_no} <PackStatusTag status={d.pack.status} />
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Remark">{d.remark || '—'}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Photos">
            <Photos urls={d.photos} />
          </Card>
          {d.status === 'warehouse' && !d.pack_id && (
            <Card size="small" title="Declared value too low?">
              <FlagLowValue
                id={d.id}
                onDone={() => {
                  void qc.invalidateQueries({ queryKey: ['adminParcel', id] });
                  void qc.invalidateQueries({ queryKey: ['adminParcels'] });
                }}
              />
            </Card>
          )}
          <Card size="small" title="History">
            <Timeline
              items={d.history.map((h) => ({
                children: (
                  <>
                    <b>{h.text}</b> {h.note && <Typography.Text type="secondary">— {h.note}</Typography.Text>}
                    <div style={{ fontSize: 12, color: '#888' }}>{dateTime(h.at)}</div>
                  </>
                ),
              }))}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

type ParcelFilters = {
  status?: ParcelStatus;
  category?: GoodsCategory;
  mode?: ShippingMode;
  keyword?: string;
  user_id?: number;
  low_value?: boolean;
  date_kind?: 'declared' | 'arrived';
  date_from?: string;
  date_to?: string;
};

export function ParcelsPage() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title="Parcels"
      queryKey={['adminParcels']}
      initialFilters={{} as ParcelFilters}
      load={(p, f) => call(contract.parcelsAdmin.adminParcelList, { ...p, ...f, date_kind: f.date_kind ?? 'declared' })}
      filters={({ set }) => (
        <ListFilterForm<ParcelFilters>
          initialValues={{ date_kind: 'declared' }}
          onSearch={(v) =>
            set({
              status: v.status || undefined,
              category: v.category || undefined,
              mode: v.mode || undefined,
              keyword: v.keyword?.trim() || undefined,
              user_id: v.user_id || undefined,
              low_value: v.low_value || undefined,
              date_kind: v.date_kind,
              date_from: v.date_from || undefined,
              date_to: v.date_to || undefined,
            })
          }
        >
          <Form.Item name="status" label="Status">
            <Select
              allowClear
              placeholder="Any"
              style={{ width: 180 }}
              options={parcelStatuses.map((s) => ({ value: s, label: parcelStatusLabel[s].text }))}
              data-testid="parcels-status"
            />
          </Form.Item>
          <Form.Item name="category" label="Category">
            <Select allowClear placeholder="Any" style={{ width: 120 }} options={goodsCategories.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="mode" label="Mode">
            <Select allowClear placeholder="Any" style={{ width: 100 }} options={shippingModes.map((m) => ({ value: m, label: m }))} />
          </Form.Item>
          <Form.Item name="keyword" label="Tracking no. / goods">
            <Input allowClear placeholder="Tracking number" style={{ width: 180 }} data-testid="parcels-keyword" />
          </Form.Item>
          <Form.Item name="user_id" label="Customer #">
            <InputNumber min={1} placeholder="user id" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="date_kind" label="Date">
            <Select
              style={{ width: 110 }}
              options={[
                { value: 'declared', label: 'Declared' },
                { value: 'arrived', label: 'Arrived' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="date_from"
            label="from"
            dependencies={['date_to']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v) => {
                  const to = getFieldValue('date_to');
                  if (v && to && v > to) throw new Error('After the end date');
                },
              }),
            ]}
          >
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="date_to" label="to">
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="low_value" valuePropName="checked">
            <Checkbox>Needs supplement</Checkbox>
          </Form.Item>
        </ListFilterForm>
      )}
      rowKey="id"
      totalText={(t) => `${t} parcels`}
      table={{
        onRow: (r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } }),
      }}
      columns={[
        {
          title: 'Tracking no.',
          dataIndex: 'tracking_no',
          render: (v: string, r) => (
            <>
              <code>{v}</code>
              <div style={{ fontSize: 12, color: '#888' }}>{r.carrier_name}</div>
            </>
          ),
        },
        { title: 'Customer', render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        {
          title: 'Goods',
          render: (_, r) => (
            <>
              {r.goods_name} ×{r.quantity}
              <div style={{ fontSize: 12, color: '#888' }}>
                {formatMoney(r.goods_value)} · {r.category} · {r.mode}
              </div>
            </>
          ),
        },
        {
          title: 'Status',
          render: (_, r) => (
            <>
              <ParcelStatusTag status={r.status} />
              {r.is_low_value && <Tag color="orange">supplement</Tag>}
            </>
          ),
        },
        {
          title: 'Weight / shelf',
          render: (_, r) =>
            r.weight_kg ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                {r.weight_kg} kg<div style={{ fontSize: 12, color: '#888' }}>{r.shelf || '—'}</div>
              </span>
            ) : (
              '—'
            ),
        },
        { title: 'Pack', dataIndex: 'pack_no', render: (v: string | null) => v ?? '—' },
        {
          title: 'Declared / arrived',
          render: (_, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatDate(r.created_at)}
              <div style={{ fontSize: 12, color: '#888' }}>{r.inbound_at ? formatDate(r.inbound_at) : 'not arrived'}</div>
            </span>
          ),
        },
      ]}
    >
      {open && <ParcelDetailDrawer id={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
