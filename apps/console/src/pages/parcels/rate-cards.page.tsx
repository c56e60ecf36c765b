import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { contract, goodsCategories, shippingModes, type RateCard } from '@pinyou/contract';
import { call } from '../../api.ts';
import { dateTime, fromMinor, toMinor } from './parcels-common.tsx';
import { money } from '../money.ts';

const priceFields = [
  { key: 'small_per_step_minor', label: 'Small parcel, per 0.01 cbm', air: false },
  { key: 'band1_per_step_minor', label: 'Band 1 (< 0.4 cbm), per 0.01 cbm', air: false },
  { key: 'band2_per_step_minor', label: 'Band 2 (0.4–1 cbm), per 0.01 cbm', air: false },
  { key: 'band3_per_step_minor', label: 'Band 3 (> 1 cbm), per 0.01 cbm', air: false },
  { key: 'min_charge_minor', label: 'Minimum charge', air: null },
  { key: 'first_half_kg_minor', label: 'Air: first 0.5 kg', air: true },
  { key: 'next_half_kg_minor', label: 'Air: each further 0.5 kg', air: true },
  { key: 'repack_minor', label: 'Repacking / compression', air: null },
  { key: 'individual_clearance_minor', label: 'Individual customs clearance', air: null },
] as const;
type PriceKey = (typeof priceFields)[number]['key'];
type FormValues = { mode: RateCard['mode']; category: RateCard['category']; active: boolean } & Record<PriceKey, string>;

const moneyRule = {
  validator: async (_: unknown, v: string) =>
    toMinor(v) === null ? Promise.reject(new Error('An amount in S$ like 12.50 (0 or more, at most 2 decimals)')) : undefined,
};

function EditCard({ card, cards, onClose }: { card: RateCard | null; cards: RateCard[]; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('mode', form);
  const initial: Partial<FormValues> = card
    ? {
        mode: card.mode,
        category: card.category,
        active: card.active,
        ...Object.fromEntries(priceFields.map((f) => [f.key, fromMinor(card[f.key])])),
      }
    : { mode: 'SEA', category: 'normal', active: true, ...Object.fromEntries(priceFields.map((f) => [f.key, '0.00'])) };
  return (
    <Modal
      open
      width={640}
      title={card ? `Edit rate card ${card.mode} / ${card.category}` : 'New rate card'}
      okText="Save"
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'ratecard-save' }}
      onCancel={onClose}
      onOk={async () => {
        // Invalid fields are already marked on the form.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await call(contract.parcelsAdmin.adminRateCardSave, {
            id: card?.id,
            mode: v.mode,
            category: v.category,
            active: v.active,
            ...(Object.fromEntries(priceFields.map((f) => [f.key, toMinor(v[f.key])!])) as Record<PriceKey, number>),
          });
          await qc.invalidateQueries({ queryKey: ['rateCards'] });
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={12}>
          <Col span={9}>
            <Form.Item name="mode" label="Mode" rules={[{ required: true }]}>
              <Select disabled={!!card} options={shippingModes.map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="category"
              label="Goods category"
              dependencies={['mode']}
              rules={[
                { required: true },
                ({ getFieldValue }) => ({
                  validator: async (_, c) => {
                    if (!card && cards.some((x) => x.mode === getFieldValue('mode') && x.category === c))
                      throw new Error('A card for this mode and category exists: edit it instead');
                  },
                }),
              ]}
            >
              <Select disabled={!!card} options={goodsCategories.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="active" label="Active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          {priceFields.map((f) => (
            <Col span={12} key={f.key}>
              <Form.Item
                name={f.key}
                label={<span style={{ color: f.air !== null && f.air !== (mode === 'AIR') ? '#aaa' : undefined }}>{f.label} (S$)</span>}
                rules={[moneyRule]}
              >
                <Input inputMode="decimal" data-testid={`ratecard-${f.key}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">
          Greyed prices do not apply to the chosen mode (air is priced by weight, sea and group by volume).
        </Typography.Text>
      </Form>
    </Modal>
  );
}

export function RateCardsPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['rateCards'], queryFn: () => call(contract.parcelsAdmin.adminRateCardList, {}) });
  const [editing, setEditing] = useState<RateCard | 'new' | null>(null);
  const cards = q.data?.list ?? [];
  const missing = shippingModes.flatMap((m) =>
    goodsCategories.filter((c) => !cards.some((x) => x.mode === m && x.category === c && x.active)).map((c) => `${m}/${c}`),
  );
  return (
    <Card
      title="Rate cards"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          New rate card
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {!q.isLoading && missing.length > 0 && (
          <Alert type="warning" showIcon message={`No active card for: ${missing.join(', ')}. Quotes for these cannot be priced.`} />
        )}
        <Table
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={cards}
          pagination={false}
          columns={[
            {
              title: 'Mode / category',
              render: (_, r) => (
                <b style={{ whiteSpace: 'nowrap' }}>
                  {r.mode} / {r.category}
                </b>
              ),
            },
            { title: 'Small /0.01cbm', dataIndex: 'small_per_step_minor', render: (v: number) => money(v) },
            { title: 'Band 1', dataIndex: 'band1_per_step_minor', render: (v: number) => money(v) },
            { title: 'Band 2', dataIndex: 'band2_per_step_minor', render: (v: number) => money(v) },
            { title: 'Band 3', dataIndex: 'band3_per_step_minor', render: (v: number) => money(v) },
            { title: 'Min. charge', dataIndex: 'min_charge_minor', render: (v: number) => money(v) },
            { title: 'Air first 0.5kg', dataIndex: 'first_half_kg_minor', render: (v: number) => money(v) },
            { title: 'Air next 0.5kg', dataIndex: 'next_half_kg_minor', render: (v: number) => money(v) },
            { title: 'Repack', dataIndex: 'repack_minor', render: (v: number) => money(v) },
            { title: 'Own clearance', dataIndex: 'individual_clearance_minor', render: (v: number) => money(v) },
            {
              title: 'Active',
              render: (_, r) => (
                <span title={`Updated ${dateTime(r.updated_at)}`}>{r.active ? <Tag color="green">yes</Tag> : <Tag>no</Tag>}</span>
              ),
            },
            {
              title: '',
              render: (_, r) => (
                <Space direction="vertical" size={4}>
                  <Button size="small" onClick={() => setEditing(r)} data-testid={`ratecard-edit-${r.mode}-${r.category}`}>
                    Edit
                  </Button>
                  <Popconfirm
                    title="Delete this rate card? Quotes for this mode and category will fail until a new one exists."
                    onConfirm={async () => {
                      await call(contract.parcelsAdmin.adminRateCardDelete, { id: r.id });
                      await qc.invalidateQueries({ queryKey: ['rateCards'] });
                    }}
                  >
                    <Button size="small" danger>
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      {editing && <EditCard card={editing === 'new' ? null : editing} cards={cards} onClose={() => setEditing(null)} />}
    </Card>
  );
}
