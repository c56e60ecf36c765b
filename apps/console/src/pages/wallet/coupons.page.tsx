import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag, Typography, message } from 'antd';
import { contract, type RequestInputOf, type ResponseOf } from '@pinyou/contract';
import { call } from '../../api.ts';
import { money } from '../money.ts';

type Batch = ResponseOf<typeof contract.walletAdmin.adminCouponBatchList>['list'][number];
type BatchInput = RequestInputOf<typeof contract.walletAdmin.adminCouponBatchCreate>;
const billKinds = ['pack', 'return', 'mall', 'claim', 'other'] as const;

function value(b: Batch) {
  return b.discount_type === 'percent'
    ? `${b.percent_off}% off${b.max_discount_minor ? ` (max ${money(b.max_discount_minor)})` : ''}`
    : money(b.amount_minor);
}

function CreateBatch({ onClose }: { onClose: (created: boolean) => void }) {
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
      await call(contract.walletAdmin.adminCouponBatchCreate, input);
      message.success('Batch created');
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="New coupon batch"
      okText="Create"
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
        <Form.Item name="kind" label="Kind">
          <Radio.Group
            options={[
              { label: 'Discount coupon', value: 'discount' },
              { label: 'Freight voucher (freight bills only)', value: 'freight' },
            ]}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="name_en" label="Name (English)" rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input maxLength={60} aria-label="Name (English)" />
          </Form.Item>
          <Form.Item name="name_zh" label="Name (Chinese)" rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input maxLength={60} aria-label="Name (Chinese)" />
          </Form.Item>
        </Space.Compact>
        {kind === 'discount' && (
          <Form.Item name="discount_type" label="Discount">
            <Radio.Group
              options={[
                { label: 'Amount off', value: 'amount' },
                { label: 'Percent off', value: 'percent' },
              ]}
            />
          </Form.Item>
        )}
        {type === 'percent' && kind === 'discount' ? (
          <Space>
            <Form.Item name="percent_off" label="Percent off" rules={[{ required: true }]}>
              <InputNumber min={1} max={99} />
            </Form.Item>
            <Form.Item
              name="max_discount"
              label="Max discount (S$)"
              rules={[{ pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'Up to 2 decimals' }]}
            >
              <Input />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item
            name="amount"
            label="Amount off (S$)"
            rules={[{ required: true }, { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'Up to 2 decimals' }]}
          >
            <Input aria-label="Amount off" />
          </Form.Item>
        )}
        <Space>
          <Form.Item
            name="min_amount"
            label="Minimum order (S$)"
            rules={[{ pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'Up to 2 decimals' }]}
          >
            <Input placeholder="0" />
          </Form.Item>
          <Form.Item
            name="min_volume"
            label="Minimum volume (cbm)"
            rules={[{ pattern: /^\d{1,4}(\.\d{1,3})?$/, message: 'Up to 3 decimals' }]}
          >
            <Input placeholder="0" />
          </Form.Item>
        </Space>
        <Form.Item name="applies_to" label="Applies to (empty: every bill kind the coupon kind allows)">
          <Checkbox.Group options={billKinds.map((k) => ({ label: k, value: k }))} />
        </Form.Item>
        <Form.Item name="issue_mode" label="Issued">
          <Radio.Group
            options={[
              { label: 'Activity (customers claim it)', value: 'activity' },
              { label: 'By code', value: 'code' },
            ]}
          />
        </Form.Item>
        <Space>
          <Form.Item name="valid_days" label="Valid days after claim">
            <InputNumber min={1} max={3650} />
          </Form.Item>
          <Form.Item name="total_quantity" label="Total quantity (empty: unlimited)">
            <InputNumber min={1} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function IssueCodes({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const [count, setCount] = useState(10);
  const [maxUses, setMaxUses] = useState(1);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<Array<{ code: string; max_uses: number; used: number }>>([]);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      const r = await call(contract.walletAdmin.adminCouponCodesCreate, {
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
    <Modal open title={`Codes for "${batch.name.en}"`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>Shared code (optional)</span>
          <Input value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="e.g. SPRING10" style={{ width: 160 }} />
        </Space>
        <Space wrap>
          {!code && (
            <>
              Count <InputNumber min={1} max={1000} value={count} onChange={(v) => setCount(v ?? 1)} />
            </>
          )}
          Uses per code <InputNumber min={1} value={maxUses} onChange={(v) => setMaxUses(v ?? 1)} />
          <Button type="primary" loading={busy} onClick={() => void issue().catch(() => undefined)}>
            Issue
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
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['couponUsage', batch.id, page],
    queryFn: () => call(contract.walletAdmin.adminCouponUsage, { batch_id: batch.id, page, page_size: 20 }),
  });
  return (
    <Drawer open width={720} title={`Usage of "${batch.name.en}"`} onClose={onClose}>
      <Table
        rowKey="coupon_id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: 'Coupon', dataIndex: 'coupon_id' },
          { title: 'Customer', dataIndex: 'user_account', render: (v: string, r) => `${v} (#${r.user_id})` },
          { title: 'Code', dataIndex: 'code', render: (v: string | null) => v ?? '—' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (v: string) => <Tag color={v === 'used' ? 'green' : v === 'expired' ? 'default' : 'blue'}>{v}</Tag>,
          },
          { title: 'Payment', dataIndex: 'payment_id', render: (v: number | null) => v ?? '—' },
          { title: 'Claimed', dataIndex: 'claimed_at', render: (v: string) => formatDateTime(v) },
          { title: 'Used', dataIndex: 'used_at', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
        ]}
      />
    </Drawer>
  );
}

/** Coupon batches: create them, issue codes for code batches, see who claimed and used them. */
export function WalletCouponsPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [codesFor, setCodesFor] = useState<Batch | null>(null);
  const [usageOf, setUsageOf] = useState<Batch | null>(null);
  const q = useQuery({
    queryKey: ['couponBatches', page],
    queryFn: () => call(contract.walletAdmin.adminCouponBatchList, { page, page_size: 20 }),
  });
  return (
    <Card
      title="Coupon batches"
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          New batch
        </Button>
      }
    >
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          {
            title: 'Name',
            dataIndex: 'name',
            render: (n: Batch['name']) => (
              <>
                {n.en}
                <div style={{ color: '#888' }}>{n.zh_CN}</div>
              </>
            ),
          },
          { title: 'Kind', dataIndex: 'kind', render: (k: string) => <Tag color={k === 'freight' ? 'green' : 'blue'}>{k}</Tag> },
          { title: 'Value', key: 'value', render: (_: unknown, b) => value(b) },
          {
            title: 'Conditions',
            key: 'cond',
            render: (_: unknown, b) =>
              [
                b.min_amount_minor ? `from ${money(b.min_amount_minor)}` : '',
                Number(b.min_volume) ? `from ${b.min_volume} cbm` : '',
                b.applies_to.join('/'),
              ]
                .filter(Boolean)
                .join(' · ') || '—',
          },
          { title: 'Issued', dataIndex: 'issue_mode', render: (m: string) => <Tag>{m}</Tag> },
          {
            title: 'Claimed / used',
            key: 'counts',
            render: (_: unknown, b) => `${b.claimed}${b.total_quantity ? ` of ${b.total_quantity}` : ''} / ${b.used}`,
          },
          { title: 'Valid', dataIndex: 'valid_days', render: (d: number) => `${d} days` },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, b) => (
              <Space>
                {b.issue_mode === 'code' && (
                  <Button size="small" onClick={() => setCodesFor(b)}>
                    Issue codes
                  </Button>
                )}
                <Button size="small" onClick={() => setUsageOf(b)}>
                  Usage
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
