import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { contract, unclaimedStatuses } from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListPage } from '../../components/list-page.tsx';
import { dateTime, Photos, sizeText } from './parcels-common.tsx';

type UnclaimedStatus = (typeof unclaimedStatuses)[number];
const statusColor: Record<UnclaimedStatus, string> = { unclaimed: 'default', claimed: 'orange', confirmed: 'green' };

export function UnclaimedPage() {
  const qc = useQueryClient();
  const decide = async (id: number, approve: boolean) => {
    await call(contract.parcelsAdmin.adminUnclaimedConfirm, { id, approve });
    await qc.invalidateQueries({ queryKey: ['adminUnclaimed'] });
  };
  return (
    <ListPage
      title="Unclaimed parcels"
      queryKey={['adminUnclaimed']}
      initialFilters={{ status: undefined as UnclaimedStatus | undefined }}
      load={(p, f) => call(contract.parcelsAdmin.adminUnclaimedList, { ...p, status: f.status })}
      filters={({ filters, set }) => (
        <Select
          allowClear
          placeholder="Any status"
          style={{ width: 160 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={unclaimedStatuses.map((s) => ({ value: s, label: s }))}
        />
      )}
      rowKey="id"
      totalText={(t) => `${t} parcels`}
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
  );
}
