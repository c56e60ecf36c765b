import { formatDate } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Tag, Timeline, Typography } from 'antd';
import { goodsCategories, parcelStatuses, shippingModes, type GoodsCategory, type ParcelStatus, type ShippingMode } from '@pinyou/contract';
import { ListFilterForm, ListPage } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { FlagProblemButton, problemStatusColor } from './problem-parts.tsx';
import { DisposeButton, StorageText, storageStrings } from './storage-parts.tsx';
import {
  dateTime,
  formatMoney,
  PackStatusTag,
  ParcelStatusTag,
  parcelStatusLabel,
  Photos,
  sizeText,
  statusText,
} from './parcels-common.tsx';
import { useEnumText } from '../../enums.ts';
import { adminFlagLowValue } from './api/admin-flag-low-value.ts';
import { adminParcelDetail } from './api/admin-parcel-detail.ts';
import { adminParcelList } from './api/admin-parcel-list.ts';

/** The parcels list and drawer in both languages (the warehouse in Guangzhou works in Chinese). */
const strings = defineStrings({
  en: {
    title: 'Parcels',
    minValuePh: 'Min. value ¥',
    askRaise: 'Ask customer to raise value',
    drawerTitle: 'Parcel {no}',
    drawerTitleLoading: 'Parcel',
    status: 'Status',
    toSupplement: 'to supplement',
    customer: 'Customer',
    carrier: 'Carrier',
    goods: 'Goods',
    declaredValue: 'Declared value',
    askedAtLeast: ' (asked at least {amount})',
    categoryMode: 'Category / mode',
    weightSize: 'Weight / size',
    shelf: 'Shelf',
    declared: 'Declared',
    arrived: 'Arrived',
    pack: 'Pack',
    remark: 'Remark',
    photos: 'Photos',
    problem: 'Open problem',
    valueTooLow: 'Declared value too low?',
    history: 'History',
    any: 'Any',
    category: 'Category',
    mode: 'Mode',
    keyword: 'Tracking no. / goods',
    keywordPh: 'Tracking number',
    customerNo: 'Customer #',
    userIdPh: 'user id',
    date: 'Date',
    from: 'from',
    to: 'to',
    afterEnd: 'After the end date',
    needsSupplement: 'Needs supplement',
    total: '{n} parcels',
    trackingNo: 'Tracking no.',
    supplement: 'To supplement',
    weightShelf: 'Weight / shelf',
    declaredArrived: 'Declared / arrived',
    notArrived: 'not arrived',
    arrivingSoon: 'Expected today (out for delivery to us)',
    arrivingTag: 'Arriving soon',
    courierLast: 'Courier: {event}',
  },
  zh_CN: {
    title: '包裹',
    minValuePh: '最低货值 ¥',
    askRaise: '要求客户提高申报货值',
    drawerTitle: '包裹 {no}',
    drawerTitleLoading: '包裹',
    status: '状态',
    toSupplement: '待补充',
    customer: '客户',
    carrier: '快递公司',
    goods: '物品',
    declaredValue: '申报货值',
    askedAtLeast: '（已要求至少 {amount}）',
    categoryMode: '货物类型 / 运输方式',
    weightSize: '重量 / 尺寸',
    shelf: '货架',
    declared: '申报时间',
    arrived: '入库时间',
    pack: '集运包',
    remark: '备注',
    photos: '照片',
    problem: '未处理的异常',
    valueTooLow: '申报货值过低？',
    history: '操作记录',
    any: '全部',
    category: '货物类型',
    mode: '运输方式',
    keyword: '运单号 / 物品',
    keywordPh: '运单号',
    customerNo: '客户编号',
    userIdPh: '用户 ID',
    date: '日期',
    from: '从',
    to: '至',
    afterEnd: '晚于结束日期',
    needsSupplement: '需补充货值',
    total: '共 {n} 个包裹',
    trackingNo: '运单号',
    supplement: '待补充',
    weightShelf: '重量 / 货架',
    declaredArrived: '申报 / 入库',
    notArrived: '未入库',
    arrivingSoon: '今日预计到仓（快递派送中）',
    arrivingTag: '即将到仓',
    courierLast: '快递：{event}',
  },
});

/** Shipping modes and goods categories in words, from the console's one enum vocabulary. */
export function useParcelVocab() {
  const text = useEnumText();
  return {
    modeText: (m: ShippingMode) => text('shippingMode', m),
    categoryText: (c: GoodsCategory) => text('goodsCategory', c),
  };
}

function FlagLowValue({ id, onDone }: { id: number; onDone: () => void }) {
  const t = useT(strings);
  const [value, setValue] = useState<number | null>(null);
  return (
    <Space.Compact>
      <InputNumber min={1} step={1} placeholder={t('minValuePh')} value={value} onChange={setValue} style={{ width: 140 }} />
      <Button
        disabled={!value}
        onClick={async () => {
          await adminFlagLowValue({ id, min_value: String(value) });
          onDone();
        }}
      >
        {t('askRaise')}
      </Button>
    </Space.Compact>
  );
}

export function ParcelDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT(strings);
  const ts = useT(storageStrings);
  const { modeText, categoryText } = useParcelVocab();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['adminParcel', id], queryFn: () => adminParcelDetail({ id }) });
  const d = q.data;
  return (
    <Drawer
      open
      width={620}
      onClose={onClose}
      title={d ? t('drawerTitle', { no: d.tracking_no }) : t('drawerTitleLoading')}
      data-testid="parcel-drawer"
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('status')}>
              <ParcelStatusTag status={d.status} />
              {d.is_low_value && <Tag color="orange">{t('toSupplement')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer')}>
              {d.owner.user_account} (#{d.owner.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('carrier')}>{d.carrier_name}</Descriptions.Item>
            <Descriptions.Item label={t('goods')}>
              {d.goods_name} ×{d.quantity}
            </Descriptions.Item>
            <Descriptions.Item label={t('declaredValue')}>
              {formatMoney(d.goods_value)}
              {d.min_value && t('askedAtLeast', { amount: formatMoney(d.min_value) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('categoryMode')}>
              {categoryText(d.category)} / {modeText(d.mode)}
            </Descriptions.Item>
            <Descriptions.Item label={t('weightSize')}>
              {d.weight_kg ? `${d.weight_kg} kg` : '—'}, {sizeText(d.size)} {d.volume_cbm && `(${d.volume_cbm} cbm)`}
            </Descriptions.Item>
            <Descriptions.Item label={t('shelf')}>{d.shelf || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('declared')}>{dateTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('arrived')}>{dateTime(d.inbound_at)}</Descriptions.Item>
            <Descriptions.Item label={t('pack')}>
              {d.pack ? (
                <>
                  {d.pack.pack_no} <PackStatusTag status={d.pack.status} />
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('remark')}>{d.remark || '—'}</Descriptions.Item>
            {d.storage && (
              <Descriptions.Item label={ts('storage')}>
                <StorageText storage={d.storage} />
              </Descriptions.Item>
            )}
          </Descriptions>
          {d.storage && (
            <DisposeButton
              id={d.id}
              storage={d.storage}
              onDone={() => {
                void qc.invalidateQueries({ queryKey: ['adminParcels'] });
                onClose();
              }}
            />
          )}
          <Card size="small" title={t('photos')}>
            <Photos urls={d.photos} />
          </Card>
          {d.problem && d.problem.status !== 'resolved' ? (
            <Card size="small" title={t('problem')} data-testid="parcel-problem">
              <Tag color={problemStatusColor[d.problem.status]}>{d.problem.reason}</Tag> {d.problem.note}
            </Card>
          ) : (
            d.status === 'warehouse' &&
            d.inbound_at && (
              <FlagProblemButton
                parcelId={d.id}
                trackingNo={d.tracking_no}
                onDone={() => {
                  void qc.invalidateQueries({ queryKey: ['adminParcel', id] });
                  void qc.invalidateQueries({ queryKey: ['adminProblems'] });
                }}
              />
            )
          )}
          {d.status === 'warehouse' && !d.pack_id && (
            <Card size="small" title={t('valueTooLow')}>
              <FlagLowValue
                id={d.id}
                onDone={() => {
                  void qc.invalidateQueries({ queryKey: ['adminParcel', id] });
                  void qc.invalidateQueries({ queryKey: ['adminParcels'] });
                }}
              />
            </Card>
          )}
          <Card size="small" title={t('history')}>
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
  arriving_soon?: boolean;
  date_kind?: 'declared' | 'arrived';
  date_from?: string;
  date_to?: string;
};

export function ParcelsPage() {
  const t = useT(strings);
  const { modeText, categoryText } = useParcelVocab();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title={t('title')}
      queryKey={['adminParcels']}
      initialFilters={{} as ParcelFilters}
      load={(p, f) => adminParcelList({ ...p, ...f, date_kind: f.date_kind ?? 'declared' })}
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
              arriving_soon: v.arriving_soon || undefined,
              date_kind: v.date_kind,
              date_from: v.date_from || undefined,
              date_to: v.date_to || undefined,
            })
          }
        >
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('any')}
              style={{ width: 180 }}
              options={parcelStatuses.map((s) => ({ value: s, label: statusText(parcelStatusLabel[s]) }))}
              data-testid="parcels-status"
            />
          </Form.Item>
          <Form.Item name="category" label={t('category')}>
            <Select
              allowClear
              placeholder={t('any')}
              style={{ width: 120 }}
              options={goodsCategories.map((c) => ({ value: c, label: categoryText(c) }))}
            />
          </Form.Item>
          <Form.Item name="mode" label={t('mode')}>
            <Select
              allowClear
              placeholder={t('any')}
              style={{ width: 100 }}
              options={shippingModes.map((m) => ({ value: m, label: modeText(m) }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPh')} style={{ width: 180 }} data-testid="parcels-keyword" />
          </Form.Item>
          <Form.Item name="user_id" label={t('customerNo')}>
            <InputNumber min={1} placeholder={t('userIdPh')} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="date_kind" label={t('date')}>
            <Select
              style={{ width: 110 }}
              options={[
                { value: 'declared', label: t('declared') },
                { value: 'arrived', label: t('arrived') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="date_from"
            label={t('from')}
            dependencies={['date_to']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v) => {
                  const to = getFieldValue('date_to');
                  if (v && to && v > to) throw new Error(t('afterEnd'));
                },
              }),
            ]}
          >
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="date_to" label={t('to')}>
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="low_value" valuePropName="checked">
            <Checkbox>{t('needsSupplement')}</Checkbox>
          </Form.Item>
          <Form.Item name="arriving_soon" valuePropName="checked">
            <Checkbox data-testid="parcels-arriving-soon">{t('arrivingSoon')}</Checkbox>
          </Form.Item>
        </ListFilterForm>
      )}
      rowKey="id"
      totalText={(n) => t('total', { n })}
      table={{
        onRow: (r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } }),
      }}
      columns={[
        {
          title: t('trackingNo'),
          dataIndex: 'tracking_no',
          render: (v: string, r) => (
            <>
              <code>{v}</code>
              <div style={{ fontSize: 12, color: '#888' }}>{r.carrier_name}</div>
            </>
          ),
        },
        { title: t('customer'), render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        {
          title: t('goods'),
          render: (_, r) => (
            <>
              {r.goods_name} ×{r.quantity}
              <div style={{ fontSize: 12, color: '#888' }}>
                {formatMoney(r.goods_value)} · {categoryText(r.category)} · {modeText(r.mode)}
              </div>
            </>
          ),
        },
        {
          title: t('status'),
          render: (_, r) => (
            <>
              <ParcelStatusTag status={r.status} />
              {r.is_low_value && <Tag color="orange">{t('supplement')}</Tag>}
              {r.courier.arriving_soon && <Tag color="green">{t('arrivingTag')}</Tag>}
            </>
          ),
        },
        {
          title: t('weightShelf'),
          render: (_, r) =>
            r.weight_kg ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                {r.weight_kg} kg<div style={{ fontSize: 12, color: '#888' }}>{r.shelf || '—'}</div>
              </span>
            ) : (
              '—'
            ),
        },
        { title: t('pack'), dataIndex: 'pack_no', render: (v: string | null) => v ?? '—' },
        {
          title: t('declaredArrived'),
          render: (_, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatDate(r.created_at)}
              <div style={{ fontSize: 12, color: '#888' }}>{r.inbound_at ? formatDate(r.inbound_at) : t('notArrived')}</div>
              {r.courier.last_event && (
                <div style={{ fontSize: 12, color: '#888', whiteSpace: 'normal', maxWidth: 240 }}>
                  {t('courierLast', { event: r.courier.last_event.text })} · {dateTime(r.courier.last_event.at)}
                </div>
              )}
            </span>
          ),
        },
      ]}
    >
      {open && <ParcelDetailDrawer id={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
