import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag, Typography, message } from 'antd';
import { contract, type RequestInputOf, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { enumText, enumOptions } from '../../enums.ts';
import { adminCouponBatchCreate } from './api/admin-coupon-batch-create.ts';
import { adminCouponBatchList } from './api/admin-coupon-batch-list.ts';
import { adminCouponCodesCreate } from './api/admin-coupon-codes-create.ts';
import { adminCouponUsage } from './api/admin-coupon-usage.ts';

type Batch = ResponseOf<typeof contract.walletAdmin.adminCouponBatchList>['list'][number];
type BatchInput = RequestInputOf<typeof contract.walletAdmin.adminCouponBatchCreate>;
const billKinds = ['pack', 'return', 'mall', 'claim', 'other'] as const;

const strings = defineStrings({
  en: {
    title: 'Coupon batches',
    newBatch: 'New batch',
    created: 'Batch created',
    createTitle: 'New coupon batch',
    create: 'Create',
    kind: 'Kind',
    kindDiscount: 'Discount coupon',
    kindFreight: 'Freight voucher (freight bills only)',
    nameEn: 'Name (English)',
    nameZh: 'Name (Chinese)',
    discount: 'Discount',
    amountOff: 'Amount off',
    percentOff: 'Percent off',
    maxDiscount: 'Max discount (S$)',
    amountOffSgd: 'Amount off (S$)',
    minOrder: 'Minimum order (S$)',
    minVolume: 'Minimum volume (cbm)',
    twoDecimals: 'Up to 2 decimals',
    threeDecimals: 'Up to 3 decimals',
    appliesTo: 'Applies to (empty: every bill kind the coupon kind allows)',
    issued: 'Issued',
    issueActivity: 'Activity (customers claim it)',
    issueCode: 'By code',
    validDays: 'Valid days after claim',
    totalQuantity: 'Total quantity (empty: unlimited)',
    codesFor: 'Codes for "{name}"',
    close: 'Close',
    sharedCode: 'Shared code (optional)',
    sharedCodeHint: 'e.g. SPRING10',
    count: 'Count',
    usesPerCode: 'Uses per code',
    issue: 'Issue',
    usageOf: 'Usage of "{name}"',
    coupon: 'Coupon',
    customer: 'Customer',
    code: 'Code',
    status: 'Status',
    payment: 'Payment',
    claimed: 'Claimed',
    used: 'Used',
    name: 'Name',
    value: 'Value',
    conditions: 'Conditions',
    claimedUsed: 'Claimed / used',
    valid: 'Valid',
    days: '{n} days',
    fromAmount: 'from {amount}',
    fromVolume: 'from {v} cbm',
    ofTotal: ' of {n}',
    percentValue: '{n}% off',
    maxValue: ' (max {amount})',
    issueCodes: 'Issue codes',
    usage: 'Usage',
  },
  zh_CN: {
    title: '优惠券批次',
    newBatch: '新建批次',
    created: '批次已创建',
    createTitle: '新建优惠券批次',
    create: '创建',
    kind: '类型',
    kindDiscount: '折扣券',
    kindFreight: '运费券（仅抵扣运费账单）',
    nameEn: '名称（英文）',
    nameZh: '名称（中文）',
    discount: '优惠方式',
    amountOff: '立减金额',
    percentOff: '折扣比例（%）',
    maxDiscount: '最高优惠（新币）',
    amountOffSgd: '立减金额（新币）',
    minOrder: '最低消费（新币）',
    minVolume: '最低体积（立方米）',
    twoDecimals: '最多两位小数',
    threeDecimals: '最多三位小数',
    appliesTo: '适用账单（不选：该券类型允许的全部账单）',
    issued: '发放方式',
    issueActivity: '活动领取（客户自行领取）',
    issueCode: '兑换码',
    validDays: '领取后有效天数',
    totalQuantity: '发放总量（不填：不限量）',
    codesFor: '“{name}”的兑换码',
    close: '关闭',
    sharedCode: '通用兑换码（可不填）',
    sharedCodeHint: '如 SPRING10',
    count: '数量',
    usesPerCode: '每码可用次数',
    issue: '生成',
    usageOf: '“{name}”的使用情况',
    coupon: '优惠券',
    customer: '客户',
    code: '兑换码',
    status: '状态',
    payment: '支付单',
    claimed: '领取时间',
    used: '使用时间',
    name: '名称',
    value: '面值',
    conditions: '使用条件',
    claimedUsed: '已领取 / 已使用',
    valid: '有效期',
    days: '{n} 天',
    fromAmount: '满 {amount}',
    fromVolume: '满 {v} 立方米',
    ofTotal: '（共 {n}）',
    percentValue: '减 {n}%',
    maxValue: '（最高 {amount}）',
    issueCodes: '生成兑换码',
    usage: '使用情况',
  },
});
type Key = keyof (typeof strings)['en'];
type T = (key: Key, params?: Record<string, string | number>) => string;

function value(b: Batch, t: T) {
  return b.discount_type === 'percent'
    ? `${t('percentValue', { n: b.percent_off ?? '' })}${b.max_discount ? t('maxValue', { amount: money(b.max_discount) }) : ''}`
    : money(b.amount);
}

function CreateBatch({ onClose }: { onClose: (created: boolean) => void }) {
  const t = useT(strings);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('discount_type', form) ?? 'amount';
  const kind = Form.useWatch('kind', form) ?? 'discount';
  const submit = async (v: Record<string, unknown>) => {
    const input: BatchInput = {
      kind: v.kind as BatchInput['kind'],
      name_en: String(v.name_en ?? ''),
      name_zh: String(v.name_zh ?? ''),
      discount_type: kind === 'freight' ? 'amount' : (v.discount_type as 'amount' | 'percent'),
      amount: type === 'amount' || kind === 'freight' ? String(v.amount ?? '') : undefined,
      percent_off: type === 'percent' && kind !== 'freight' ? Number(v.percent_off) : undefined,
      max_discount: type === 'percent' && v.max_discount ? String(v.max_discount) : undefined,
      min_amount: v.min_amount ? String(v.min_amount) : '0',
      min_volume: v.min_volume ? String(v.min_volume) : '0',
      applies_to: (v.applies_to as BatchInput['applies_to'])?.length ? (v.applies_to as BatchInput['applies_to']) : undefined,
      issue_mode: v.issue_mode as 'activity' | 'code',
      valid_days: Number(v.valid_days ?? 30),
      total_quantity: v.total_quantity ? Number(v.total_quantity) : undefined,
    };
    setSaving(true);
    try {
      await adminCouponBatchCreate(input);
      message.success(t('created'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('createTitle')}
      okText={t('create')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'discount', discount_type: 'amount', issue_mode: 'activity', valid_days: 30 }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="kind" label={t('kind')}>
          <Radio.Group
            options={[
              { label: t('kindDiscount'), value: 'discount' },
              { label: t('kindFreight'), value: 'freight' },
            ]}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="name_en" label={t('nameEn')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input maxLength={60} aria-label={t('nameEn')} />
          </Form.Item>
          <Form.Item name="name_zh" label={t('nameZh')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input maxLength={60} aria-label={t('nameZh')} />
          </Form.Item>
        </Space.Compact>
        {kind === 'discount' && (
          <Form.Item name="discount_type" label={t('discount')}>
            <Radio.Group
              options={[
                { label: t('amountOff'), value: 'amount' },
                { label: t('percentOff'), value: 'percent' },
              ]}
            />
          </Form.Item>
        )}
        {type === 'percent' && kind === 'discount' ? (
          <Space>
            <Form.Item name="percent_off" label={t('percentOff')} rules={[{ required: true }]}>
              <InputNumber min={1} max={99} />
            </Form.Item>
            <Form.Item
              name="max_discount"
              label={t('maxDiscount')}
              rules={[{ pattern: /^\d{1,9}(\.\d{1,2})?$/, message: t('twoDecimals') }]}
            >
              <Input />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item
            name="amount"
            label={t('amountOffSgd')}
            rules={[{ required: true }, { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: t('twoDecimals') }]}
          >
            <Input aria-label={t('amountOff')} />
          </Form.Item>
        )}
        <Space>
          <Form.Item name="min_amount" label={t('minOrder')} rules={[{ pattern: /^\d{1,9}(\.\d{1,2})?$/, message: t('twoDecimals') }]}>
            <Input placeholder="0" />
          </Form.Item>
          <Form.Item name="min_volume" label={t('minVolume')} rules={[{ pattern: /^\d{1,4}(\.\d{1,3})?$/, message: t('threeDecimals') }]}>
            <Input placeholder="0" />
          </Form.Item>
        </Space>
        <Form.Item name="applies_to" label={t('appliesTo')}>
          <Checkbox.Group options={enumOptions('billKind', billKinds)} />
        </Form.Item>
        <Form.Item name="issue_mode" label={t('issued')}>
          <Radio.Group
            options={[
              { label: t('issueActivity'), value: 'activity' },
              { label: t('issueCode'), value: 'code' },
            ]}
          />
        </Form.Item>
        <Space>
          <Form.Item name="valid_days" label={t('validDays')}>
            <InputNumber min={1} max={3650} />
          </Form.Item>
          <Form.Item name="total_quantity" label={t('totalQuantity')}>
            <InputNumber min={1} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function IssueCodes({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const t = useT(strings);
  const lang = useConsoleLang();
  const [count, setCount] = useState(10);
  const [maxUses, setMaxUses] = useState(1);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<Array<{ code: string; max_uses: number; used: number }>>([]);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      const r = await adminCouponCodesCreate({
        batch_id: batch.id,
        count: code ? 1 : count,
        max_uses: maxUses,
        code: code || undefined,
      });
      setCodes(r.codes);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('codesFor', { name: batch.name[lang] || batch.name.en })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('sharedCode')}</span>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            placeholder={t('sharedCodeHint')}
            style={{ width: 160 }}
          />
        </Space>
        <Space wrap>
          {!code && (
            <>
              {t('count')} <InputNumber min={1} max={1000} value={count} onChange={(v) => setCount(v ?? 1)} />
            </>
          )}
          {t('usesPerCode')} <InputNumber min={1} value={maxUses} onChange={(v) => setMaxUses(v ?? 1)} />
          <Button type="primary" loading={busy} onClick={() => void issue().catch(() => undefined)}>
            {t('issue')}
          </Button>
        </Space>
        {codes.length > 0 && (
          <Typography.Paragraph copyable={{ text: codes.map((c) => c.code).join('\n') }}>
            <pre style={{ maxHeight: 240, overflow: 'auto' }}>{codes.map((c) => `${c.code}  (${c.used}/${c.max_uses})`).join('\n')}</pre>
          </Typography.Paragraph>
        )}
      </Space>
    </Modal>
  );
}

function Usage({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const t = useT(strings);
  const lang = useConsoleLang();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['couponUsage', batch.id, page],
    queryFn: () => adminCouponUsage({ batch_id: batch.id, page, page_size: 20 }),
  });
  return (
    <Drawer open width={720} title={t('usageOf', { name: batch.name[lang] || batch.name.en })} onClose={onClose}>
      <Table
        rowKey="coupon_id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: t('coupon'), dataIndex: 'coupon_id' },
          { title: t('customer'), dataIndex: 'user_account', render: (v: string, r) => `${v} (#${r.user_id})` },
          { title: t('code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (v: string) => (
              <Tag color={v === 'used' ? 'green' : v === 'expired' ? 'default' : 'blue'}>{enumText('couponStatus', v)}</Tag>
            ),
          },
          { title: t('payment'), dataIndex: 'payment_id', render: (v: number | null) => v ?? '—' },
          { title: t('claimed'), dataIndex: 'claimed_at', render: (v: string) => formatDateTime(v) },
          { title: t('used'), dataIndex: 'used_at', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
        ]}
      />
    </Drawer>
  );
}

/** Coupon batches: create them, issue codes for code batches, see who claimed and used them. */
export function WalletCouponsPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [codesFor, setCodesFor] = useState<Batch | null>(null);
  const [usageOf, setUsageOf] = useState<Batch | null>(null);
  const q = useQuery({
    queryKey: ['couponBatches', page],
    queryFn: () => adminCouponBatchList({ page, page_size: 20 }),
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('newBatch')}
        </Button>
      }
    >
      <Table
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          {
            title: t('name'),
            dataIndex: 'name',
            render: (n: Batch['name']) => (
              <>
                {n.en}
                <div style={{ color: '#888' }}>{n.zh_CN}</div>
              </>
            ),
          },
          {
            title: t('kind'),
            dataIndex: 'kind',
            render: (k: string) => <Tag color={k === 'freight' ? 'green' : 'blue'}>{enumText('couponKind', k)}</Tag>,
          },
          { title: t('value'), key: 'value', render: (_: unknown, b) => value(b, t) },
          {
            title: t('conditions'),
            key: 'cond',
            render: (_: unknown, b) =>
              [
                b.min_amount.amount_minor ? t('fromAmount', { amount: money(b.min_amount) }) : '',
                Number(b.min_volume) ? t('fromVolume', { v: b.min_volume }) : '',
                b.applies_to.map((k) => enumText('billKind', k)).join(' / '),
              ]
                .filter(Boolean)
                .join(' · ') || '—',
          },
          { title: t('issued'), dataIndex: 'issue_mode', render: (m: string) => <Tag>{enumText('couponIssueMode', m)}</Tag> },
          {
            title: t('claimedUsed'),
            key: 'counts',
            render: (_: unknown, b) => `${b.claimed}${b.total_quantity ? t('ofTotal', { n: b.total_quantity }) : ''} / ${b.used}`,
          },
          { title: t('valid'), dataIndex: 'valid_days', render: (d: number) => t('days', { n: d }) },
          {
            ...actionColumn,
            title: '',
            key: 'actions',
            render: (_: unknown, b) => (
              <Space>
                {b.issue_mode === 'code' && (
                  <Button size="small" onClick={() => setCodesFor(b)}>
                    {t('issueCodes')}
                  </Button>
                )}
                <Button size="small" onClick={() => setUsageOf(b)}>
                  {t('usage')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {creating && (
        <CreateBatch
          onClose={(created) => {
            setCreating(false);
            if (created) void qc.invalidateQueries({ queryKey: ['couponBatches'] });
          }}
        />
      )}
      {codesFor && (
        <IssueCodes
          batch={codesFor}
          onClose={() => {
            setCodesFor(null);
            void qc.invalidateQueries({ queryKey: ['couponBatches'] });
          }}
        />
      )}
      {usageOf && <Usage batch={usageOf} onClose={() => setUsageOf(null)} />}
    </Card>
  );
}
