import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { goodsCategories, minorToDecimal, shippingModes, type Money, type RateCard } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { dateTime, toMinor } from './parcels-common.tsx';
import { useParcelVocab } from './parcels.page.tsx';
import { money } from '../money.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { adminRateCardDelete } from './api/admin-rate-card-delete.ts';
import { adminRateCardList } from './api/admin-rate-card-list.ts';
import { adminRateCardSave } from './api/admin-rate-card-save.ts';

/** The rate cards (费率表) in both languages: finance edits prices here. */
const strings = defineStrings({
  en: {
    title: 'Rate cards',
    newCard: 'New rate card',
    editTitle: 'Edit rate card {mode} / {category}',
    save: 'Save',
    mode: 'Mode',
    category: 'Goods category',
    active: 'Active',
    cardExists: 'A card for this mode and category exists: edit it instead',
    amountRule: 'An amount in S$ like 12.50 (0 or more, at most 2 decimals)',
    priceLabel: '{label} (S$)',
    greyed: 'Greyed prices do not apply to the chosen mode (air is priced by weight, sea and group by volume).',
    missing: 'No active card for: {list}. Quotes for these cannot be priced.',
    listSep: ', ',
    modeCategory: 'Mode / category',
    colSmall: 'Small /0.01cbm',
    colBand1: 'Band 1',
    colBand2: 'Band 2',
    colBand3: 'Band 3',
    colMin: 'Min. charge',
    colAirFirst: 'Air first 0.5kg',
    colAirNext: 'Air next 0.5kg',
    colRepack: 'Repack',
    colClearance: 'Own clearance',
    updated: 'Updated {at}',
    yes: 'yes',
    no: 'no',
    edit: 'Edit',
    deleteConfirm: 'Delete this rate card? Quotes for this mode and category will fail until a new one exists.',
    delete: 'Delete',
    small_per_step: 'Small parcel, per 0.01 cbm',
    band1_per_step: 'Band 1 (< 0.4 cbm), per 0.01 cbm',
    band2_per_step: 'Band 2 (0.4–1 cbm), per 0.01 cbm',
    band3_per_step: 'Band 3 (> 1 cbm), per 0.01 cbm',
    min_charge: 'Minimum charge',
    first_half_kg: 'Air: first 0.5 kg',
    next_half_kg: 'Air: each further 0.5 kg',
    repack: 'Repacking / compression',
    individual_clearance: 'Individual customs clearance',
  },
  zh_CN: {
    title: '费率表',
    newCard: '新建费率表',
    editTitle: '编辑费率表 {mode} / {category}',
    save: '保存',
    mode: '运输方式',
    category: '货物类型',
    active: '启用',
    cardExists: '该运输方式和货物类型已有费率表，请直接编辑',
    amountRule: '请输入新币金额，如 12.50（不小于 0，最多 2 位小数）',
    priceLabel: '{label}（S$）',
    greyed: '灰色价格不适用于所选运输方式（空运按重量计费，海运和拼邮按体积计费）。',
    missing: '以下组合没有启用的费率表：{list}。这些组合无法报价。',
    listSep: '、',
    modeCategory: '运输方式 / 货物类型',
    colSmall: '小件 /0.01方',
    colBand1: '第一档',
    colBand2: '第二档',
    colBand3: '第三档',
    colMin: '最低收费',
    colAirFirst: '空运首重 0.5kg',
    colAirNext: '空运续重 0.5kg',
    colRepack: '重新打包',
    colClearance: '单独清关',
    updated: '更新于 {at}',
    yes: '是',
    no: '否',
    edit: '编辑',
    deleteConfirm: '确定删除该费率表？删除后，该运输方式和货物类型在新建费率表之前将无法报价。',
    delete: '删除',
    small_per_step: '小件，每 0.01 方',
    band1_per_step: '第一档（< 0.4 方），每 0.01 方',
    band2_per_step: '第二档（0.4–1 方），每 0.01 方',
    band3_per_step: '第三档（> 1 方），每 0.01 方',
    min_charge: '最低收费',
    first_half_kg: '空运：首重 0.5 公斤',
    next_half_kg: '空运：续重每 0.5 公斤',
    repack: '重新打包 / 压缩',
    individual_clearance: '单独清关',
  },
});

/** Each price of a card; `air` says which mode it applies to (null: all), the label is its key in `strings`. */
const priceFields = [
  { key: 'small_per_step', air: false },
  { key: 'band1_per_step', air: false },
  { key: 'band2_per_step', air: false },
  { key: 'band3_per_step', air: false },
  { key: 'min_charge', air: null },
  { key: 'first_half_kg', air: true },
  { key: 'next_half_kg', air: true },
  { key: 'repack', air: null },
  { key: 'individual_clearance', air: null },
] as const;
type PriceKey = (typeof priceFields)[number]['key'];
type FormValues = { mode: RateCard['mode']; category: RateCard['category']; active: boolean } & Record<PriceKey, string>;

function EditCard({ card, cards, onClose }: { card: RateCard | null; cards: RateCard[]; onClose: () => void }) {
  const t = useT(strings);
  const { modeText, categoryText } = useParcelVocab();
  const moneyRule = {
    validator: async (_: unknown, v: string) => (toMinor(v) === null ? Promise.reject(new Error(t('amountRule'))) : undefined),
  };
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('mode', form);
  const initial: Partial<FormValues> = card
    ? {
        mode: card.mode,
        category: card.category,
        active: card.active,
        ...Object.fromEntries(priceFields.map((f) => [f.key, minorToDecimal(card[f.key].amount_minor)])),
      }
    : { mode: 'SEA', category: 'normal', active: true, ...Object.fromEntries(priceFields.map((f) => [f.key, '0.00'])) };
  return (
    <Modal
      open
      width={640}
      title={card ? t('editTitle', { mode: modeText(card.mode), category: categoryText(card.category) }) : t('newCard')}
      okText={t('save')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'ratecard-save' }}
      onCancel={onClose}
      onOk={async () => {
        // Invalid fields are already marked on the form.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await adminRateCardSave({
            id: card?.id,
            mode: v.mode,
            category: v.category,
            active: v.active,
            ...(Object.fromEntries(priceFields.map((f) => [f.key, v[f.key].trim()])) as Record<PriceKey, string>),
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
            <Form.Item name="mode" label={t('mode')} rules={[{ required: true }]}>
              <Select disabled={!!card} options={shippingModes.map((m) => ({ value: m, label: modeText(m) }))} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="category"
              label={t('category')}
              dependencies={['mode']}
              rules={[
                { required: true },
                ({ getFieldValue }) => ({
                  validator: async (_, c) => {
                    if (!card && cards.some((x) => x.mode === getFieldValue('mode') && x.category === c)) throw new Error(t('cardExists'));
                  },
                }),
              ]}
            >
              <Select disabled={!!card} options={goodsCategories.map((c) => ({ value: c, label: categoryText(c) }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="active" label={t('active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          {priceFields.map((f) => (
            <Col span={12} key={f.key}>
              <Form.Item
                name={f.key}
                label={
                  <span style={{ color: f.air !== null && f.air !== (mode === 'AIR') ? '#aaa' : undefined }}>
                    {t('priceLabel', { label: t(f.key) })}
                  </span>
                }
                rules={[moneyRule]}
              >
                <Input inputMode="decimal" data-testid={`ratecard-${f.key}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">{t('greyed')}</Typography.Text>
      </Form>
    </Modal>
  );
}

export function RateCardsPage() {
  const t = useT(strings);
  const { modeText, categoryText } = useParcelVocab();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['rateCards'], queryFn: () => adminRateCardList({}) });
  const [editing, setEditing] = useState<RateCard | 'new' | null>(null);
  const cards = q.data?.list ?? [];
  const missing = shippingModes.flatMap((m) =>
    goodsCategories
      .filter((c) => !cards.some((x) => x.mode === m && x.category === c && x.active))
      .map((c) => `${modeText(m)}/${categoryText(c)}`),
  );
  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('newCard')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {!q.isLoading && missing.length > 0 && (
          <Alert type="warning" showIcon message={t('missing', { list: missing.join(t('listSep')) })} />
        )}
        <Table
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          // Ten price columns: the table scrolls inside the card rather than breaking headers char by char.
          scroll={{ x: 'max-content' }}
          dataSource={cards}
          pagination={false}
          columns={[
            {
              title: t('modeCategory'),
              render: (_, r) => (
                <b style={{ whiteSpace: 'nowrap' }}>
                  {modeText(r.mode)} / {categoryText(r.category)}
                </b>
              ),
            },
            { title: t('colSmall'), dataIndex: 'small_per_step', render: (v: Money) => money(v) },
            { title: t('colBand1'), dataIndex: 'band1_per_step', render: (v: Money) => money(v) },
            { title: t('colBand2'), dataIndex: 'band2_per_step', render: (v: Money) => money(v) },
            { title: t('colBand3'), dataIndex: 'band3_per_step', render: (v: Money) => money(v) },
            { title: t('colMin'), dataIndex: 'min_charge', render: (v: Money) => money(v) },
            { title: t('colAirFirst'), dataIndex: 'first_half_kg', render: (v: Money) => money(v) },
            { title: t('colAirNext'), dataIndex: 'next_half_kg', render: (v: Money) => money(v) },
            { title: t('colRepack'), dataIndex: 'repack', render: (v: Money) => money(v) },
            { title: t('colClearance'), dataIndex: 'individual_clearance', render: (v: Money) => money(v) },
            {
              title: t('active'),
              render: (_, r) => (
                <span title={t('updated', { at: dateTime(r.updated_at) })}>
                  {r.active ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>}
                </span>
              ),
            },
            {
              ...actionColumn,
              title: '',
              render: (_, r) => (
                <Space direction="vertical" size={4}>
                  <Button size="small" onClick={() => setEditing(r)} data-testid={`ratecard-edit-${r.mode}-${r.category}`}>
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('deleteConfirm')}
                    onConfirm={async () => {
                      await adminRateCardDelete({ id: r.id });
                      await qc.invalidateQueries({ queryKey: ['rateCards'] });
                    }}
                  >
                    <Button size="small" danger>
                      {t('delete')}
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
