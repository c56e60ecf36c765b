import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, InputNumber, List, Row, Space, Table, Tag, Typography } from 'antd';
import { contract, type Quote } from '@pinyou/contract';
import { call } from '../../api.ts';
import { BillStatusTag, formatMoney, PackStatusTag, sizeText } from './parcels-common.tsx';

type Piece = { weight_kg: number | null; length_cm: number | null; width_cm: number | null; height_cm: number | null };
const emptyPiece: Piece = { weight_kg: null, length_cm: null, width_cm: null, height_cm: null };
type PackDetail = Awaited<ReturnType<typeof fetchRequests>>['list'][number];
const fetchRequests = (userId: number) => call(contract.parcels.packingSelectPacking, { user_id: userId });

function PriceLines({ lines, total }: { lines: Quote['lines']; total: Quote['total'] | null }) {
  return (
    <Table
      size="small"
      rowKey={(l) => l.code + l.label}
      pagination={false}
      dataSource={lines}
      data-testid="price-lines"
      columns={[
        { title: 'Line', dataIndex: 'label' },
        { title: 'Detail', dataIndex: 'detail' },
        { title: 'Amount', align: 'right', render: (_, l) => formatMoney(l.amount) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            <b>Total</b>
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
  const [pieces, setPieces] = useState<Piece[]>([{ ...emptyPiece }]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (i: number, k: keyof Piece, v: number | null) => setPieces((ps) => ps.map((p, j) => (j === i ? { ...p, [k]: v } : p)));
  const issue = async () => {
    const bad = pieces.findIndex((p) => Object.values(p).some((v) => v === null || v <= 0));
    if (bad >= 0) {
      setError(`Piece ${bad + 1}: enter weight, length, width and height (all above zero).`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await call(contract.parcelsAdmin.adminPackMeasure, {
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
      title="Measured pack"
      extra={
        <Typography.Text type="secondary">
          Mode {pack.mode}; categories {[...new Set(pack.parcels.map((p) => p.category))].join(', ')}
        </Typography.Text>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space style={{ fontSize: 12, color: '#888' }}>
          <span style={{ display: 'inline-block', width: 62 }} />
          {['Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)'].map((h) => (
            <span key={h} style={{ display: 'inline-block', width: 112 }}>
              {h}
            </span>
          ))}
        </Space>
        {pieces.map((_, i) => (
          <Space key={i}>
            <Tag style={{ width: 54 }}>Piece {i + 1}</Tag>
            {field(i, 'weight_kg', 'Weight kg', 0.1)}
            {field(i, 'length_cm', 'Length cm', 1)}
            {field(i, 'width_cm', 'Width cm', 1)}
            {field(i, 'height_cm', 'Height cm', 1)}
            {pieces.length > 1 && (
              <Button size="small" type="link" danger onClick={() => setPieces((ps) => ps.filter((__, j) => j !== i))}>
                Remove
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
            + Add piece
          </Button>
          <Typography.Text type="secondary">{pieces.length} piece(s)</Typography.Text>
        </Space>
        {error && <Alert type="error" showIcon message={error} />}
        <Button type="primary" size="large" loading={busy} onClick={() => void issue()} data-testid="issue-bill">
          Record measurement and issue bill
        </Button>
      </Space>
    </Card>
  );
}

export function PackingPage() {
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [packId, setPackId] = useState<number | null>(null);
  const [billed, setBilled] = useState<PackDetail | null>(null);
  const users = useQuery({
    queryKey: ['packingUsers', keyword],
    queryFn: () => call(contract.parcels.packingSelectUser, { keyword: keyword || undefined }),
  });
  const requests = useQuery({ queryKey: ['packingRequests', userId], queryFn: () => fetchRequests(userId!), enabled: !!userId });
  const pack = requests.data?.list.find((p) => p.id === packId) ?? null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card
          title="Waiting for packing"
          style={{ marginBottom: 16 }}
          extra={
            <Button size="small" onClick={() => void users.refetch()}>
              Refresh
            </Button>
          }
        >
          <Input.Search
            placeholder="ID, phone or pack no."
            allowClear
            onSearch={setKeyword}
            style={{ marginBottom: 12 }}
            data-testid="packing-search"
          />
          <List
            loading={users.isLoading}
            dataSource={users.data?.list}
            locale={{ emptyText: 'No packing requests' }}
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
                  description={`${u.nickname} — earliest packing date ${u.earliest_pack_date ?? 'any'}`}
                />
                <Tag color="blue">{u.pack_count}</Tag>
              </List.Item>
            )}
          />
        </Card>
        <Card title="Packing requests">
          {!userId && <Empty description="Choose a customer" />}
          <List
            loading={requests.isLoading && !!userId}
            dataSource={userId ? requests.data?.list : []}
            locale={{ emptyText: userId ? 'None left' : ' ' }}
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
                      {p.mode} · {p.parcel_count} parcel(s) · date {p.pack_date ?? 'any'}
                      {p.is_cut && (
                        <Tag color="purple" style={{ marginLeft: 4 }}>
                          repack
                        </Tag>
                      )}
                      {p.individual_clearance && <Tag color="geekblue">own clearance</Tag>}
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
          <Card title={`Bill issued for ${billed.pack_no}`} data-testid="bill-result">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Alert
                type="success"
                showIcon
                message={
                  <>
                    Pack {billed.pack_no} billed {formatMoney(billed.amount)} — <PackStatusTag status={billed.status} />{' '}
                    <BillStatusTag status={billed.status} billId={billed.bill_id} />
                  </>
                }
              />
              <Descriptions size="small" bordered column={1}>
                <Descriptions.Item label="Customer">{billed.owner.user_account}</Descriptions.Item>
                <Descriptions.Item label="Weight / volume">
                  {billed.weight_kg} kg / {billed.volume_cbm} cbm
                </Descriptions.Item>
                <Descriptions.Item label="Pieces">
                  {billed.pieces.map((p) => `${p.weight_kg} kg ${p.length_cm}×${p.width_cm}×${p.height_cm}`).join('; ')}
                </Descriptions.Item>
                <Descriptions.Item label="Rate">{billed.rate_text}</Descriptions.Item>
              </Descriptions>
              <PriceLines lines={billed.quote_lines} total={billed.amount} />
              <Button onClick={() => setBilled(null)}>Next request</Button>
            </Space>
          </Card>
        ) : pack ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={`${pack.pack_no} — ${pack.owner.user_account}`}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="Deliver to">
                  {pack.address
                    ? `${pack.address.receiver} ${pack.address.phone}, ${pack.address.district} ${pack.address.address} ${pack.address.postcode}`
                    : '—'}
                </Descriptions.Item>
                <Descriptions.Item label="Remark">{pack.remark || '—'}</Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={pack.parcels}
                columns={[
                  { title: 'Shelf', dataIndex: 'shelf', render: (v: string) => <Tag color="blue">{v || '?'}</Tag> },
                  { title: 'Tracking no.', dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                  { title: 'Goods', render: (_, r) => `${r.goods_name} ×${r.quantity}` },
                  { title: 'kg', dataIndex: 'weight_kg' },
                  { title: 'Size', render: (_, r) => sizeText(r.size) },
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
            <Empty description="Choose a packing request" />
          </Card>
        )}
      </Col>
    </Row>
  );
}

export { PriceLines };
