import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { contract, unclaimedStatuses } from '@pinyou/contract';
import { call } from '../../api.ts';
import { dateTime, Photos, sizeText } from './parcels-common.tsx';

type UnclaimedStatus = (typeof unclaimedStatuses)[number];
const statusColor: Record<UnclaimedStatus, string> = { unclaimed: 'default', claimed: 'orange', confirmed: 'green' };

export function UnclaimedPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<UnclaimedStatus | undefined>();
  const q = useQuery({
    queryKey: ['adminUnclaimed', page, status],
    queryFn: () => call(contract.parcelsAdmin.adminUnclaimedList, { page, page_size: 20, status }),
  });
  const decide = async (id: number, approve: boolean) => {
    await call(contract.parcelsAdmin.adminUnclaimedConfirm, { id, approve });
    await qc.invalidateQueries({ queryKey: ['adminUnclaimed'] });
  };
  return (
    <Card
      title="Unclaimed parcels"
      extra={
        <Select
          allowClear
          placeholder="Any status"
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={unclaimedStatuses.map((s) => ({ value: s, label: s }))}
        />
      }
    >
      <Table
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage, showTotal: (t) => `${t} parcels` }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          {
            title: 'Tracking no.',
            render: (_, r) => (
              <>
                <code>{r.tracking_no}</code>
                <div style={{ fontSize: 12, color: '#888' }}>{r.carrier_name}</div>
              </>
            ),
          },
          { title: 'Shelf', dataIndex: 'shelf' },
          { title: 'Weight / size', render: (_, r) => `${r.weight_kg} kg, ${sizeText(r.size)}` },
          { title: 'Photos', render: (_, r) => <Photos urls={r.photos} /> },
          { title: 'Arrived', dataIndex: 'arrived_at', render: dateTime },
          { title: 'Status', render: (_, r) => <Tag color={statusColor[r.status]}>{r.status}</Tag> },
          { title: 'Claimed by', render: (_, r) => (r.claimant ? `${r.claimant.user_account} (#${r.claimant.user_id})` : '—') },
          {
            title: 'Action',
            render: (_, r) =>
              r.status === 'claimed' && (
                <Space>
                  <Popconfirm title={`Give this parcel to ${r.claimant?.user_account}?`} onConfirm={() => decide(r.id, true)}>
                    <Button size="small" type="primary" data-testid={`unclaimed-confirm-${r.id}`}>
                      Confirm claim
                    </Button>
                  </Popconfirm>
                  <Popconfirm title="Refuse this claim? The parcel stays unclaimed." onConfirm={() => decide(r.id, false)}>
                    <Button size="small" danger>
                      Refuse
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
