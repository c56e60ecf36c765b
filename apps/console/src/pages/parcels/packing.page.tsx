import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, InputNumber, List, Row, Space, Table, Tag, Typography } from 'antd';
import { type Quote } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { BillStatusTag, formatMoney, PackStatusTag, sizeText } from './parcels-common.tsx';
import { enumText } from '../../enums.ts';
import { adminPackMeasure } from './api/admin-pack-measure.ts';
import { packingSelectPacking } from './api/packing-select-packing.ts';
import { packingSelectUser } from './api/packing-select-user.ts';

type Piece = { weight_kg: number | null; length_cm: number | null; width_cm: number | null; height_cm: number | null };
const emptyPiece: Piece = { weight_kg: null, length_cm: null, width_cm: null, height_cm: null };
type PackDetail = Awaited<ReturnType<typeof fetchRequests>>['list'][number];
const fetchRequests = (userId: number) => packingSelectPacking({ user_id: userId });

/** The packing station is in the Guangzhou warehouse: every text in both languages. */
const strings = defineStrings({
  en: {
    line: 'Line',
    detail: 'Detail',
    amount: 'Amount',
    total: 'Total',
    pieceInvalid: 'Piece {n}: enter weight, length, width and height (all above zero).',
    measured: 'Measured pack',
    modeCategories: 'Mode {mode}; categories {categories}',
    weightHead: 'Weight (kg)',
    lengthHead: 'Length (cm)',
    widthHead: 'Width (cm)',
    heightHead: 'Height (cm)',
    weight: 'Weight kg',
    length: 'Length cm',
    width: 'Width cm',
    height: 'Height cm',
    piece: 'Piece {n}',
    remove: 'Remove',
    addPiece: '+ Add piece',
    pieceCount: '{n} piece(s)',
    issue: 'Record measurement and issue bill',
    waiting: 'Waiting for packing',
    refresh: 'Refresh',
    searchPh: 'ID, phone or pack no.',
    noRequests: 'No packing requests',
    userDesc: '{nickname} — earliest packing date {date}',
    any: 'any',
    requests: 'Packing requests',
    chooseCustomer: 'Choose a customer',
    noneLeft: 'None left',
    requestDesc: '{mode} · {n} parcel(s) · date {date}',
    repack: 'repack',
    ownClearance: 'own clearance',
    billIssued: 'Bill issued for {no}',
    billed: 'Pack {no} billed {amount} —',
    customer: 'Customer',
    weightVolume: 'Weight / volume',
    pieces: 'Pieces',
    rate: 'Rate',
    next: 'Next request',
    deliverTo: 'Deliver to',
    pickupAt: "Leader's pick-up (group sea)",
    remark: 'Remark',
    shelf: 'Shelf',
    trackingNo: 'Tracking no.',
    goods: 'Goods',
    kg: 'kg',
    size: 'Size',
    chooseRequest: 'Choose a packing request',
  },
  zh_CN: {
    line: '项目',
    detail: '明细',
    amount: '金额',
    total: '合计',
    pieceInvalid: '第 {n} 件：请填写重量、长、宽、高（均须大于 0）。',
    measured: '称重量方结果',
    modeCategories: '运输方式 {mode}；品类 {categories}',
    weightHead: '重量（kg）',
    lengthHead: '长（cm）',
    widthHead: '宽（cm）',
    heightHead: '高（cm）',
    weight: '重量 kg',
    length: '长 cm',
    width: '宽 cm',
    height: '高 cm',
    piece: '第 {n} 件',
    remove: '删除',
    addPiece: '+ 添加一件',
    pieceCount: '共 {n} 件',
    issue: '保存称重量方并出账单',
    waiting: '待打包客户',
    refresh: '刷新',
    searchPh: 'ID、手机号或打包单号',
    noRequests: '暂无打包申请',
    userDesc: '{nickname} — 最早打包日期 {date}',
    any: '不限',
    requests: '打包申请',
    chooseCustomer: '请选择客户',
    noneLeft: '已全部处理',
    requestDesc: '{mode} · {n} 个包裹 · 打包日期 {date}',
    repack: '重新打包',
    ownClearance: '单独清关',
    billIssued: '{no} 已出账单',
    billed: '集运包 {no} 账单金额 {amount} —',
    customer: '客户',
    weightVolume: '重量 / 体积',
    pieces: '件数明细',
    rate: '费率',
    next: '下一个申请',
    deliverTo: '收货地址',
    pickupAt: '团长自提点（拼邮）',
    remark: '备注',
    shelf: '货架',
    trackingNo: '快递单号',
    goods: '物品',
    kg: '重量 kg',
    size: '尺寸',
    chooseRequest: '请选择打包申请',
  },
});

function PriceLines({ lines, total }: { lines: Quote['lines']; total: Quote['total'] | null }) {
  const t = useT(strings);
  return (
    <Table
      size="small"
      rowKey={(l) => l.code + l.label}
      pagination={false}
      dataSource={lines}
      data-testid="price-lines"
      columns={[
        { title: t('line'), dataIndex: 'label' },
        { title: t('detail'), dataIndex: 'detail' },
        { title: t('amount'), align: 'right', render: (_, l) => formatMoney(l.amount) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            <b>{t('total')}</b>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <b data-testid="price-total">{formatMoney(total)}</b>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function MeasureForm({ pack, onBilled }: { pack: PackDetail; onBilled: (p: PackDetail) => void }) {
  const t = useT(strings);
  const [pieces, setPieces] = useState<Piece[]>([{ ...emptyPiece }]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (i: number, k: keyof Piece, v: number | null) => setPieces((ps) => ps.map((p, j) => (j === i ? { ...p, [k]: v } : p)));
  const issue = async () => {
    const bad = pieces.findIndex((p) => Object.values(p).some((v) => v === null || v <= 0));
    if (bad >= 0) {
      setError(t('pieceInvalid', { n: bad + 1 }));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await adminPackMeasure({
        pack_id: pack.id,
        pieces: pieces as Array<{ weight_kg: number; length_cm: number; width_cm: number; height_cm: number }>,
      });
      onBilled(res);
    } finally {
      setBusy(false);
    }
  };
  const field = (i: number, k: keyof Piece, label: string, step: number) => (
    <InputNumber
      data-testid={`measure-${k.replace(/_(kg|cm)$/, '')}-${i}`}
      aria-label={`${label} ${i + 1}`}
      min={0}
      step={step}
      placeholder={label}
      value={pieces[i][k]}
      onChange={(v) => set(i, k, v)}
      style={{ width: 112 }}
    />
  );
  return (
    <Card
      size="small"
      title={t('measured')}
      extra={
        <Typography.Text type="secondary">
          {t('modeCategories', {
            mode: enumText('shippingMode', pack.mode),
            categories: [...new Set(pack.parcels.map((p) => enumText('goodsCategory', p.category)))].join(', '),
          })}
        </Typography.Text>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space style={{ fontSize: 12, color: '#888' }}>
          <span style={{ display: 'inline-block', width: 62 }} />
          {[t('weightHead'), t('lengthHead'), t('widthHead'), t('heightHead')].map((h) => (
            <span key={h} style={{ display: 'inline-block', width: 112 }}>
              {h}
            </span>
          ))}
        </Space>
        {pieces.map((_, i) => (
          <Space key={i}>
            <Tag style={{ width: 54 }}>{t('piece', { n: i + 1 })}</Tag>
            {field(i, 'weight_kg', t('weight'), 0.1)}
            {field(i, 'length_cm', t('length'), 1)}
            {field(i, 'width_cm', t('width'), 1)}
            {field(i, 'height_cm', t('height'), 1)}
            {pieces.length > 1 && (
              <Button size="small" type="link" danger onClick={() => setPieces((ps) => ps.filter((__, j) => j !== i))}>
                {t('remove')}
              </Button>
            )}
          </Space>
        ))}
        <Space>
          <Button
            onClick={() => setPieces((ps) => [...ps, { ...emptyPiece }])}
            data-testid="measure-add-piece"
            disabled={pieces.length >= 50}
          >
            {t('addPiece')}
          </Button>
          <Typography.Text type="secondary">{t('pieceCount', { n: pieces.length })}</Typography.Text>
        </Space>
        {error && <Alert type="error" showIcon message={error} />}
        <Button type="primary" size="large" loading={busy} onClick={() => void issue()} data-testid="issue-bill">
          {t('issue')}
        </Button>
      </Space>
    </Card>
  );
}

export function PackingPage() {
  const qc = useQueryClient();
  const t = useT(strings);
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [packId, setPackId] = useState<number | null>(null);
  const [billed, setBilled] = useState<PackDetail | null>(null);
  const users = useQuery({
    queryKey: ['packingUsers', keyword],
    queryFn: () => packingSelectUser({ keyword: keyword || undefined }),
  });
  const requests = useQuery({ queryKey: ['packingRequests', userId], queryFn: () => fetchRequests(userId!), enabled: !!userId });
  const pack = requests.data?.list.find((p) => p.id === packId) ?? null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card
          title={t('waiting')}
          style={{ marginBottom: 16 }}
          extra={
            <Button size="small" onClick={() => void users.refetch()}>
              {t('refresh')}
            </Button>
          }
        >
          <Input.Search
            placeholder={t('searchPh')}
            allowClear
            onSearch={setKeyword}
            style={{ marginBottom: 12 }}
            data-testid="packing-search"
          />
          <List
            loading={users.isLoading}
            dataSource={users.data?.list}
            locale={{ emptyText: t('noRequests') }}
            renderItem={(u) => (
              <List.Item
                data-testid={`packing-user-${u.user_account}`}
                style={{ cursor: 'pointer', background: u.user_id === userId ? '#e6f0ff' : undefined, paddingInline: 8 }}
                onClick={() => {
                  setUserId(u.user_id);
                  setPackId(null);
                  setBilled(null);
                }}
              >
                <List.Item.Meta
                  title={`${u.user_account} (#${u.user_id})`}
                  description={t('userDesc', { nickname: u.nickname, date: u.earliest_pack_date ?? t('any') })}
                />
                <Tag color="blue">{u.pack_count}</Tag>
              </List.Item>
            )}
          />
        </Card>
        <Card title={t('requests')}>
          {!userId && <Empty description={t('chooseCustomer')} />}
          <List
            loading={requests.isLoading && !!userId}
            dataSource={userId ? requests.data?.list : []}
            locale={{ emptyText: userId ? t('noneLeft') : ' ' }}
            renderItem={(p) => (
              <List.Item
                data-testid={`packing-request-${p.pack_no}`}
                style={{ cursor: 'pointer', background: p.id === packId ? '#e6f0ff' : undefined, paddingInline: 8 }}
                onClick={() => {
                  setPackId(p.id);
                  setBilled(null);
                }}
              >
                <List.Item.Meta
                  title={p.pack_no}
                  description={
                    <>
                      {t('requestDesc', { mode: p.mode, n: p.parcel_count, date: p.pack_date ?? t('any') })}
                      {p.is_cut && (
                        <Tag color="purple" style={{ marginLeft: 4 }}>
                          {t('repack')}
                        </Tag>
                      )}
                      {p.individual_clearance && <Tag color="geekblue">{t('ownClearance')}</Tag>}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        {billed ? (
          <Card title={t('billIssued', { no: billed.pack_no })} data-testid="bill-result">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Alert
                type="success"
                showIcon
                message={
                  <>
                    {t('billed', { no: billed.pack_no, amount: formatMoney(billed.amount) })} <PackStatusTag status={billed.status} />{' '}
                    <BillStatusTag status={billed.status} billId={billed.bill_id} />
                  </>
                }
              />
              <Descriptions size="small" bordered column={1}>
                <Descriptions.Item label={t('customer')}>{billed.owner.user_account}</Descriptions.Item>
                <Descriptions.Item label={t('weightVolume')}>
                  {billed.weight_kg} kg / {billed.volume_cbm} cbm
                </Descriptions.Item>
                <Descriptions.Item label={t('pieces')}>
                  {billed.pieces.map((p) => `${p.weight_kg} kg ${p.length_cm}×${p.width_cm}×${p.height_cm}`).join('; ')}
                </Descriptions.Item>
                <Descriptions.Item label={t('rate')}>{billed.rate_text}</Descriptions.Item>
              </Descriptions>
              <PriceLines lines={billed.quote_lines} total={billed.amount} />
              <Button onClick={() => setBilled(null)}>{t('next')}</Button>
            </Space>
          </Card>
        ) : pack ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={`${pack.pack_no} — ${pack.owner.user_account}`}>
              <Descriptions size="small" column={1}>
                {/* A group-sea pack goes to its leader's place, never the member's home. */}
                {pack.pickup ? (
                  <Descriptions.Item label={t('pickupAt')}>
                    <span data-testid="packing-pickup">
                      {`${pack.pickup.leader_name} (${pack.pickup.group_name}) ${pack.pickup.phone}, ${pack.pickup.address} ${pack.pickup.postcode}`}
                    </span>
                  </Descriptions.Item>
                ) : (
                  <Descriptions.Item label={t('deliverTo')}>
                    {pack.address
                      ? `${pack.address.receiver} ${pack.address.phone}, ${pack.address.district} ${pack.address.address} ${pack.address.postcode}`
                      : '—'}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={t('remark')}>{pack.remark || '—'}</Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={pack.parcels}
                columns={[
                  { title: t('shelf'), dataIndex: 'shelf', render: (v: string) => <Tag color="blue">{v || '?'}</Tag> },
                  { title: t('trackingNo'), dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                  { title: t('goods'), render: (_, r) => `${r.goods_name} ×${r.quantity}` },
                  { title: t('kg'), dataIndex: 'weight_kg' },
                  { title: t('size'), render: (_, r) => sizeText(r.size) },
                ]}
              />
            </Card>
            <MeasureForm
              key={pack.id}
              pack={pack}
              onBilled={(p) => {
                setBilled(p);
                setPackId(null);
                void qc.invalidateQueries({ queryKey: ['packingRequests'] });
                void qc.invalidateQueries({ queryKey: ['packingUsers'] });
                void qc.invalidateQueries({ queryKey: ['adminPacks'] });
              }}
            />
          </Space>
        ) : (
          <Card>
            <Empty description={t('chooseRequest')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}

export { PriceLines };
