import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
} from 'antd';
import { batchStatuses, contract, logisticsStages, shippingModes, type LogisticsStage, type ShippingMode } from '@pinyou/contract';
import { call } from '../../api.ts';
import { dateTime, formatMoney, PackStatusTag, stageLabel, toMinor } from './parcels-common.tsx';

type BatchDetail = Awaited<ReturnType<typeof call<typeof contract.parcelsAdmin.adminBatchDetail>>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** Value for a datetime-local input, in the browser's time zone. */
const localNow = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const today = () => localNow().slice(0, 10);

const batchStatusColor = { open: 'blue', shipping: 'cyan', delivered: 'green' } as const;

function CreateBatch({ onCreated }: { onCreated: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ mode: ShippingMode; container: string; pack_date: string; unit_price?: string }>();
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="batch-create">
        New batch
      </Button>
      <Modal
        open={open}
        title="New outbound batch (container)"
        okText="Create"
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'batch-create-ok' }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          // Invalid fields are already marked on the form.
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          setBusy(true);
          try {
            const b = await call(contract.parcelsAdmin.adminBatchCreate, {
              mode: v.mode,
              container: v.container?.trim() ?? '',
              pack_date: v.pack_date,
              unit_price_minor: v.unit_price ? toMinor(v.unit_price)! : undefined,
            });
            setOpen(false);
            form.resetFields();
            onCreated(b.id);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ mode: 'SEA', pack_date: today() }}>
          <Form.Item name="mode" label="Mode" rules={[{ required: true }]}>
            <Select options={shippingModes.map((m) => ({ value: m, label: m }))} data-testid="batch-mode" />
          </Form.Item>
          <Form.Item
            name="container"
            label="Container no."
            rules={[{ max: 40 }, { pattern: /^[A-Za-z0-9 -]*$/, message: 'Letters, digits, spaces and dashes' }]}
          >
            <Input placeholder="e.g. MSKU1234567" data-testid="batch-container" />
          </Form.Item>
          <Form.Item
            name="pack_date"
            label="Pack date"
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'Choose a date' }]}
          >
            <Input type="date" data-testid="batch-pack-date" />
          </Form.Item>
          <Form.Item
            name="unit_price"
            label="Unit price (S$, optional)"
            rules={[
              {
                validator: async (_, v) =>
                  v === undefined || v === '' || toMinor(v) !== null ? undefined : Promise.reject(new Error('An amount like 12.50')),
              },
            ]}
          >
            <Input placeholder="e.g. 120.00" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function AddPacks({ batch, onChanged }: { batch: BatchDetail; onChanged: () => void }) {
  const [ids, setIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const paid = useQuery({
    queryKey: ['adminPacks', 'paidFree', batch.mode],
    queryFn: () => call(contract.parcelsAdmin.adminPackList, { page: 1, page_size: 100, status: 'paid', mode: batch.mode }),
  });
  const free = (paid.data?.list ?? []).filter((p) => !p.batch_id);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        mode="multiple"
        data-testid="batch-add-select"
        placeholder={free.length ? `Paid ${batch.mode} packs not in a batch (${free.length})` : `No paid ${batch.mode} packs waiting`}
        style={{ width: '100%' }}
        value={ids}
        onChange={setIds}
        loading={paid.isLoading}
        optionFilterProp="label"
        options={free.map((p) => ({
          value: p.id,
          label: `${p.pack_no} — ${p.owner.user_account} — ${p.volume_cbm ?? '?'} cbm — ${formatMoney(p.amount)}`,
        }))}
      />
      <Button
        type="primary"
        disabled={!ids.length}
        loading={busy}
        data-testid="batch-add-packs"
        onClick={async () => {
          setBusy(true);
          try {
            await call(contract.parcelsAdmin.adminBatchAddPacks, { batch_id: batch.id, pack_ids: ids });
            setIds([]);
            onChanged();
          } finally {
            setBusy(false);
          }
        }}
      >
        Add to batch
      </Button>
    </Space.Compact>
  );
}

function StageAdvance({ batch, stage, next, onDone }: { batch: BatchDetail; stage: LogisticsStage; next: boolean; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(localNow());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        type={next ? 'primary' : 'default'}
        data-testid={`batch-stage-${stage}`}
        onClick={() => {
          setAt(localNow());
          setNote('');
          setOpen(true);
        }}
      >
        {stageLabel(stage)}
      </Button>
      <Modal
        open={open}
        title={`${batch.batch_no}: ${stageLabel(stage)}`}
        okText="Record stage"
        okButtonProps={{ 'data-testid': 'batch-stage-confirm' }}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const when = new Date(at);
          if (Number.isNaN(when.getTime())) return;
          setBusy(true);
          try {
            await call(contract.parcelsAdmin.adminBatchAdvance, { batch_id: batch.id, stage, note: note.trim(), at: when.toISOString() });
            setOpen(false);
            onDone();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {batch.pack_count === 0 && <Alert type="warning" showIcon message="This batch has no packs yet." />}
          <Typography.Text>Every pack in the batch ({batch.pack_count}) follows this stage.</Typography.Text>
          <Typography.Text type="secondary">Time</Typography.Text>
          <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="batch-stage-time" />
          <Typography.Text type="secondary">Note (optional)</Typography.Text>
          <Input maxLength={140} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. vessel name, port" />
        </Space>
      </Modal>
    </>
  );
}

function BatchDrawer({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['adminBatch', batchId],
    queryFn: () => call(contract.parcelsAdmin.adminBatchDetail, { batch_id: batchId }),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['adminBatch', batchId] });
    void qc.invalidateQueries({ queryKey: ['adminBatches'] });
    void qc.invalidateQueries({ queryKey: ['adminPacks'] });
  };
  const b = q.data;
  const current = b?.stage ? logisticsStages.indexOf(b.stage) : -1;
  return (
    <Drawer open width={860} onClose={onClose} title={b ? `Batch ${b.batch_no}` : 'Batch'} data-testid="batch-drawer">
      {b && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label="Container">{b.container || '—'}</Descriptions.Item>
            <Descriptions.Item label="Mode">{b.mode}</Descriptions.Item>
            <Descriptions.Item label="Pack date">{b.pack_date}</Descriptions.Item>
            <Descriptions.Item label="Total size">{b.total_volume_cbm} cbm</Descriptions.Item>
            <Descriptions.Item label="Total amount">{formatMoney(b.total_amount)}</Descriptions.Item>
            <Descriptions.Item label="Unit price">{formatMoney(b.unit_price)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={batchStatusColor[b.status]} data-testid="batch-status">
                {b.status}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Stage" span={2}>
              <span data-testid="batch-stage">{stageLabel(b.stage)}</span>
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Logistics stages">
            <Steps
              direction="vertical"
              size="small"
              current={current}
              items={logisticsStages.map((s) => {
                const ev = b.stages.find((e) => e.stage === s);
                return {
                  title: stageLabel(s),
                  description: ev ? `${dateTime(ev.at)}${ev.note ? ` — ${ev.note}` : ''}` : undefined,
                  status: ev ? 'finish' : logisticsStages.indexOf(s) < current ? 'finish' : 'wait',
                };
              })}
            />
            {b.status !== 'delivered' && (
              <Space wrap style={{ marginTop: 8 }}>
                <Typography.Text strong>Move to:</Typography.Text>
                {logisticsStages.slice(current + 1).map((s, idx) => (
                  <StageAdvance key={s} batch={b} stage={s} next={idx === 0} onDone={refresh} />
                ))}
              </Space>
            )}
          </Card>
          <Card size="small" title={`Packs (${b.packs.length})`}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {b.status === 'open' ? (
                <AddPacks batch={b} onChanged={refresh} />
              ) : (
                <Typography.Text type="secondary">The batch has left: packs can no longer be added or removed.</Typography.Text>
              )}
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={b.packs}
                columns={[
                  { title: 'Pack no.', dataIndex: 'pack_no', render: (v: string) => <code>{v}</code> },
                  { title: 'Customer', render: (_, r) => r.owner.user_account },
                  { title: 'Status', render: (_, r) => <PackStatusTag status={r.status} /> },
                  { title: 'kg / cbm', render: (_, r) => `${r.weight_kg ?? '—'} / ${r.volume_cbm ?? '—'}` },
                  { title: 'Amount', render: (_, r) => formatMoney(r.amount) },
                  {
                    title: 'Delivery slot',
                    render: (_, r) =>
                      r.dispatch_status === 'none' ? '—' : `${r.dispatch_status} ${r.dispatch_date ?? ''} ${r.dispatch_slot ?? ''}`,
                  },
                  {
                    title: '',
                    render: (_, r) =>
                      b.status === 'open' && (
                        <Popconfirm
                          title="Take this pack out of the batch?"
                          onConfirm={async () => {
                            await call(contract.parcelsAdmin.adminBatchRemovePack, { batch_id: b.id, pack_id: r.id });
                            refresh();
                          }}
                        >
                          <Button size="small" danger>
                            Remove
                          </Button>
                        </Popconfirm>
                      ),
                  },
                ]}
              />
            </Space>
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

export function BatchesPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof batchStatuses)[number] | undefined>();
  const [mode, setMode] = useState<ShippingMode | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['adminBatches', page, status, mode],
    queryFn: () => call(contract.parcelsAdmin.adminBatchList, { page, page_size: 20, status, mode }),
  });
  return (
    <Card
      title="Outbound batches / containers"
      extra={
        <Space>
          <Select
            allowClear
            placeholder="Status"
            style={{ width: 130 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={batchStatuses.map((s) => ({ value: s, label: s }))}
          />
          <Select
            allowClear
            placeholder="Mode"
            style={{ width: 110 }}
            value={mode}
            onChange={(v) => {
              setMode(v);
              setPage(1);
            }}
            options={shippingModes.map((m) => ({ value: m, label: m }))}
          />
          <CreateBatch
            onCreated={(id) => {
              void qc.invalidateQueries({ queryKey: ['adminBatches'] });
              setOpen(id);
            }}
          />
        </Space>
      }
    >
      <Table
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage, showTotal: (t) => `${t} batches` }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': `batch-row-${r.batch_no}` })}
        columns={[
          { title: 'Batch no.', dataIndex: 'batch_no', render: (v: string) => <code>{v}</code> },
          { title: 'Container', dataIndex: 'container', render: (v: string) => v || '—' },
          { title: 'Mode', dataIndex: 'mode' },
          { title: 'Pack date', dataIndex: 'pack_date' },
          { title: 'Packs', dataIndex: 'pack_count' },
          { title: 'Total size', dataIndex: 'total_volume_cbm', render: (v: string) => `${v} cbm` },
          { title: 'Total amount', render: (_, r) => formatMoney(r.total_amount) },
          {
            title: 'Status',
            render: (_, r) => (
              <>
                <Tag color={batchStatusColor[r.status]}>{r.status}</Tag>
                <div style={{ fontSize: 12, color: '#888' }}>{stageLabel(r.stage)}</div>
              </>
            ),
          },
          { title: 'Unit price', render: (_, r) => formatMoney(r.unit_price) },
        ]}
      />
      {open && <BatchDrawer batchId={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
