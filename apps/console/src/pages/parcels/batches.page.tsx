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
import { batchStatuses, logisticsStages, shippingModes, type LogisticsStage, type ShippingMode } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { dateTime, formatMoney, PackStatusTag, stageLabel, toMinor } from './parcels-common.tsx';
import { enumText, enumOptions } from '../../enums.ts';
import { ManifestButtons } from './manifest-buttons.tsx';
import { adminBatchAddPacks } from './api/admin-batch-add-packs.ts';
import { adminBatchAdvance } from './api/admin-batch-advance.ts';
import { adminBatchCreate } from './api/admin-batch-create.ts';
import { adminBatchDetail } from './api/admin-batch-detail.ts';
import { adminBatchList } from './api/admin-batch-list.ts';
import { adminBatchRemovePack } from './api/admin-batch-remove-pack.ts';
import { adminPackList } from './api/admin-pack-list.ts';

type BatchDetail = Awaited<ReturnType<typeof adminBatchDetail>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** Value for a datetime-local input, in the browser's time zone. */
const localNow = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const today = () => localNow().slice(0, 10);

const batchStatusColor = { open: 'blue', shipping: 'cyan', delivered: 'green' } as const;

/** Outbound batches are loaded in Guangzhou: every text in both languages (status and dispatch codes stay as they are in English). */
const strings = defineStrings({
  en: {
    newBatch: 'New batch',
    newTitle: 'New outbound batch (container)',
    create: 'Create',
    mode: 'Mode',
    containerNo: 'Container no.',
    containerRule: 'Letters, digits, spaces and dashes',
    containerPh: 'e.g. MSKU1234567',
    packDate: 'Pack date',
    chooseDate: 'Choose a date',
    unitPriceOpt: 'Unit price (S$, optional)',
    amountRule: 'An amount like 12.50',
    unitPricePh: 'e.g. 120.00',
    freePacks: 'Paid {mode} packs not in a batch ({n})',
    noFreePacks: 'No paid {mode} packs waiting',
    addToBatch: 'Add to batch',
    recordStage: 'Record stage',
    noPacks: 'This batch has no packs yet.',
    everyPack: 'Every pack in the batch ({n}) follows this stage.',
    time: 'Time',
    noteOpt: 'Note (optional)',
    notePh: 'e.g. vessel name, port',
    batchNamed: 'Batch {no}',
    batch: 'Batch',
    container: 'Container',
    totalSize: 'Total size',
    totalAmount: 'Total amount',
    unitPrice: 'Unit price',
    status: 'Status',
    stage: 'Stage',
    stages: 'Logistics stages',
    moveTo: 'Move to:',
    packsN: 'Packs ({n})',
    left: 'The batch has left: packs can no longer be added or removed.',
    packNo: 'Pack no.',
    customer: 'Customer',
    amount: 'Amount',
    slot: 'Delivery slot',
    removeQ: 'Take this pack out of the batch?',
    remove: 'Remove',
    title: 'Outbound batches / containers',
    total: '{n} batches',
    batchNo: 'Batch no.',
    packs: 'Packs',
    'status.open': 'open',
    'status.shipping': 'shipping',
    'status.delivered': 'delivered',
  },
  zh_CN: {
    newBatch: '新建批次',
    newTitle: '新建出库批次（货柜）',
    create: '创建',
    mode: '运输方式',
    containerNo: '柜号',
    containerRule: '只能填写字母、数字、空格和横线',
    containerPh: '例如 MSKU1234567',
    packDate: '装柜日期',
    chooseDate: '请选择日期',
    unitPriceOpt: '单价（新币，选填）',
    amountRule: '请填写金额，例如 12.50',
    unitPricePh: '例如 120.00',
    freePacks: '未入批次的已支付 {mode} 集运包（{n} 个）',
    noFreePacks: '暂无待出库的已支付 {mode} 集运包',
    addToBatch: '加入批次',
    recordStage: '记录节点',
    noPacks: '该批次还没有集运包。',
    everyPack: '批次内所有集运包（{n} 个）都会更新到此节点。',
    time: '时间',
    noteOpt: '备注（选填）',
    notePh: '例如 船名、港口',
    batchNamed: '批次 {no}',
    batch: '批次',
    container: '柜号',
    totalSize: '总体积',
    totalAmount: '总金额',
    unitPrice: '单价',
    status: '状态',
    stage: '物流节点',
    stages: '物流节点',
    moveTo: '更新到：',
    packsN: '集运包（{n}）',
    left: '该批次已出库：不能再加入或移出集运包。',
    packNo: '集运包号',
    customer: '客户',
    amount: '金额',
    slot: '派送时段',
    removeQ: '将此集运包移出批次？',
    remove: '移出',
    title: '出库批次 / 货柜',
    total: '共 {n} 个批次',
    batchNo: '批次号',
    packs: '集运包数',
    'status.open': '装柜中',
    'status.shipping': '运输中',
    'status.delivered': '已送达',
  },
});

function CreateBatch({ onCreated }: { onCreated: (id: number) => void }) {
  const t = useT(strings);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ mode: ShippingMode; container: string; pack_date: string; unit_price?: string }>();
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="batch-create">
        {t('newBatch')}
      </Button>
      <Modal
        open={open}
        title={t('newTitle')}
        okText={t('create')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'batch-create-ok' }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          // Invalid fields are already marked on the form.
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          setBusy(true);
          try {
            const b = await adminBatchCreate({
              mode: v.mode,
              container: v.container?.trim() ?? '',
              pack_date: v.pack_date,
              unit_price: v.unit_price?.trim() || undefined,
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
          <Form.Item name="mode" label={t('mode')} rules={[{ required: true }]}>
            <Select options={enumOptions('shippingMode', shippingModes)} data-testid="batch-mode" />
          </Form.Item>
          <Form.Item
            name="container"
            label={t('containerNo')}
            rules={[{ max: 40 }, { pattern: /^[A-Za-z0-9 -]*$/, message: t('containerRule') }]}
          >
            <Input placeholder={t('containerPh')} data-testid="batch-container" />
          </Form.Item>
          <Form.Item
            name="pack_date"
            label={t('packDate')}
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('chooseDate') }]}
          >
            <Input type="date" data-testid="batch-pack-date" />
          </Form.Item>
          <Form.Item
            name="unit_price"
            label={t('unitPriceOpt')}
            rules={[
              {
                validator: async (_, v) =>
                  v === undefined || v === '' || toMinor(v) !== null ? undefined : Promise.reject(new Error(t('amountRule'))),
              },
            ]}
          >
            <Input placeholder={t('unitPricePh')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function AddPacks({ batch, onChanged }: { batch: BatchDetail; onChanged: () => void }) {
  const t = useT(strings);
  const [ids, setIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const paid = useQuery({
    queryKey: ['adminPacks', 'paidFree', batch.mode],
    queryFn: () => adminPackList({ page: 1, page_size: 100, status: 'paid', mode: batch.mode }),
  });
  const free = (paid.data?.list ?? []).filter((p) => !p.batch_id);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        mode="multiple"
        data-testid="batch-add-select"
        placeholder={free.length ? t('freePacks', { mode: batch.mode, n: free.length }) : t('noFreePacks', { mode: batch.mode })}
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
            await adminBatchAddPacks({ batch_id: batch.id, pack_ids: ids });
            setIds([]);
            onChanged();
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('addToBatch')}
      </Button>
    </Space.Compact>
  );
}

function StageAdvance({ batch, stage, next, onDone }: { batch: BatchDetail; stage: LogisticsStage; next: boolean; onDone: () => void }) {
  const t = useT(strings);
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
        okText={t('recordStage')}
        okButtonProps={{ 'data-testid': 'batch-stage-confirm' }}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const when = new Date(at);
          if (Number.isNaN(when.getTime())) return;
          setBusy(true);
          try {
            await adminBatchAdvance({ batch_id: batch.id, stage, note: note.trim(), at: when.toISOString() });
            setOpen(false);
            onDone();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {batch.pack_count === 0 && <Alert type="warning" showIcon message={t('noPacks')} />}
          <Typography.Text>{t('everyPack', { n: batch.pack_count })}</Typography.Text>
          <Typography.Text type="secondary">{t('time')}</Typography.Text>
          <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="batch-stage-time" />
          <Typography.Text type="secondary">{t('noteOpt')}</Typography.Text>
          <Input maxLength={140} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('notePh')} />
        </Space>
      </Modal>
    </>
  );
}

function BatchDrawer({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const qc = useQueryClient();
  const t = useT(strings);
  const q = useQuery({
    queryKey: ['adminBatch', batchId],
    queryFn: () => adminBatchDetail({ batch_id: batchId }),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['adminBatch', batchId] });
    void qc.invalidateQueries({ queryKey: ['adminBatches'] });
    void qc.invalidateQueries({ queryKey: ['adminPacks'] });
  };
  const b = q.data;
  const current = b?.stage ? logisticsStages.indexOf(b.stage) : -1;
  return (
    <Drawer open width={860} onClose={onClose} title={b ? t('batchNamed', { no: b.batch_no }) : t('batch')} data-testid="batch-drawer">
      {b && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label={t('container')}>{b.container || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('mode')}>{enumText('shippingMode', b.mode)}</Descriptions.Item>
            <Descriptions.Item label={t('packDate')}>{b.pack_date}</Descriptions.Item>
            <Descriptions.Item label={t('totalSize')}>{b.total_volume_cbm} cbm</Descriptions.Item>
            <Descriptions.Item label={t('totalAmount')}>{formatMoney(b.total_amount)}</Descriptions.Item>
            <Descriptions.Item label={t('unitPrice')}>{formatMoney(b.unit_price)}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <Tag color={batchStatusColor[b.status]} data-testid="batch-status">
                {t(`status.${b.status}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('stage')} span={2}>
              <span data-testid="batch-stage">{stageLabel(b.stage)}</span>
            </Descriptions.Item>
          </Descriptions>
          <ManifestButtons batchId={b.id} />
          <Card size="small" title={t('stages')}>
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
                <Typography.Text strong>{t('moveTo')}</Typography.Text>
                {logisticsStages.slice(current + 1).map((s, idx) => (
                  <StageAdvance key={s} batch={b} stage={s} next={idx === 0} onDone={refresh} />
                ))}
              </Space>
            )}
          </Card>
          <Card size="small" title={t('packsN', { n: b.packs.length })}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {b.status === 'open' ? (
                <AddPacks batch={b} onChanged={refresh} />
              ) : (
                <Typography.Text type="secondary">{t('left')}</Typography.Text>
              )}
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={b.packs}
                columns={[
                  { title: t('packNo'), dataIndex: 'pack_no', render: (v: string) => <code>{v}</code> },
                  { title: t('customer'), render: (_, r) => r.owner.user_account },
                  { title: t('status'), render: (_, r) => <PackStatusTag status={r.status} /> },
                  { title: 'kg / cbm', render: (_, r) => `${r.weight_kg ?? '—'} / ${r.volume_cbm ?? '—'}` },
                  { title: t('amount'), render: (_, r) => formatMoney(r.amount) },
                  {
                    title: t('slot'),
                    render: (_, r) =>
                      r.dispatch_status === 'none'
                        ? '—'
                        : `${enumText('dispatchStatus', r.dispatch_status)} ${r.dispatch_date ?? ''} ${r.dispatch_slot ?? ''}`,
                  },
                  {
                    title: '',
                    render: (_, r) =>
                      b.status === 'open' && (
                        <Popconfirm
                          title={t('removeQ')}
                          onConfirm={async () => {
                            await adminBatchRemovePack({ batch_id: b.id, pack_id: r.id });
                            refresh();
                          }}
                        >
                          <Button size="small" danger>
                            {t('remove')}
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
  const t = useT(strings);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof batchStatuses)[number] | undefined>();
  const [mode, setMode] = useState<ShippingMode | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['adminBatches', page, status, mode],
    queryFn: () => adminBatchList({ page, page_size: 20, status, mode }),
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          <Select
            allowClear
            placeholder={t('status')}
            style={{ width: 130 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={batchStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <Select
            allowClear
            placeholder={t('mode')}
            style={{ width: 110 }}
            value={mode}
            onChange={(v) => {
              setMode(v);
              setPage(1);
            }}
            options={enumOptions('shippingMode', shippingModes)}
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
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage, showTotal: (n) => t('total', { n }) }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': `batch-row-${r.batch_no}` })}
        columns={[
          { title: t('batchNo'), dataIndex: 'batch_no', render: (v: string) => <code>{v}</code> },
          { title: t('container'), dataIndex: 'container', render: (v: string) => v || '—' },
          { title: t('mode'), dataIndex: 'mode', render: (m: string) => enumText('shippingMode', m) },
          { title: t('packDate'), dataIndex: 'pack_date' },
          { title: t('packs'), dataIndex: 'pack_count' },
          { title: t('totalSize'), dataIndex: 'total_volume_cbm', render: (v: string) => `${v} cbm` },
          { title: t('totalAmount'), render: (_, r) => formatMoney(r.total_amount) },
          {
            title: t('status'),
            render: (_, r) => (
              <>
                <Tag color={batchStatusColor[r.status]}>{t(`status.${r.status}`)}</Tag>
                <div style={{ fontSize: 12, color: '#888' }}>{stageLabel(r.stage)}</div>
              </>
            ),
          },
          { title: t('unitPrice'), render: (_, r) => formatMoney(r.unit_price) },
        ]}
      />
      {open && <BatchDrawer batchId={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
