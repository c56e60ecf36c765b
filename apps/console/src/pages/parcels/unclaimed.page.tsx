import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { unclaimedStatuses } from '@pinyou/contract';
import { ListPage, actionColumn } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { dateTime, Photos, sizeText } from './parcels-common.tsx';
import { adminUnclaimedConfirm } from './api/admin-unclaimed-confirm.ts';
import { adminUnclaimedList } from './api/admin-unclaimed-list.ts';

type UnclaimedStatus = (typeof unclaimedStatuses)[number];
const statusColor: Record<UnclaimedStatus, string> = { unclaimed: 'default', claimed: 'orange', confirmed: 'green' };

const strings = defineStrings({
  en: {
    title: 'Unclaimed parcels',
    anyStatus: 'Any status',
    total: '{n} parcels',
    trackingNo: 'Tracking no.',
    shelf: 'Shelf',
    weightSize: 'Weight / size',
    photos: 'Photos',
    arrived: 'Arrived',
    status: 'Status',
    claimedBy: 'Claimed by',
    action: 'Action',
    confirmQ: 'Give this parcel to {account}?',
    confirm: 'Confirm claim',
    refuseQ: 'Refuse this claim? The parcel stays unclaimed.',
    refuse: 'Refuse',
    'status.unclaimed': 'unclaimed',
    'status.claimed': 'claimed',
    'status.confirmed': 'confirmed',
  },
  zh_CN: {
    title: '无主包裹',
    anyStatus: '全部状态',
    total: '共 {n} 个包裹',
    trackingNo: '快递单号',
    shelf: '货架',
    weightSize: '重量 / 尺寸',
    photos: '照片',
    arrived: '到仓时间',
    status: '状态',
    claimedBy: '认领人',
    action: '操作',
    confirmQ: '确认将此包裹给 {account}？',
    confirm: '确认认领',
    refuseQ: '拒绝此认领？包裹仍为无主包裹。',
    refuse: '拒绝',
    'status.unclaimed': '待认领',
    'status.claimed': '已认领，待确认',
    'status.confirmed': '已确认',
  },
});

export function UnclaimedPage() {
  const qc = useQueryClient();
  const t = useT(strings);
  const decide = async (id: number, approve: boolean) => {
    await adminUnclaimedConfirm({ id, approve });
    await qc.invalidateQueries({ queryKey: ['adminUnclaimed'] });
  };
  return (
    <ListPage
      title={t('title')}
      queryKey={['adminUnclaimed']}
      initialFilters={{ status: undefined as UnclaimedStatus | undefined }}
      load={(p, f) => adminUnclaimedList({ ...p, status: f.status })}
      filters={({ filters, set }) => (
        <Select
          allowClear
          placeholder={t('anyStatus')}
          style={{ width: 160 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={unclaimedStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      )}
      rowKey="id"
      totalText={(n) => t('total', { n })}
      columns={[
        { title: '#', dataIndex: 'id', width: 60 },
        {
          title: t('trackingNo'),
          render: (_, r) => (
            <>
              <code>{r.tracking_no}</code>
              <div style={{ fontSize: 12, color: '#888' }}>{r.carrier_name}</div>
            </>
          ),
        },
        { title: t('shelf'), dataIndex: 'shelf' },
        { title: t('weightSize'), render: (_, r) => `${r.weight_kg} kg, ${sizeText(r.size)}` },
        { title: t('photos'), render: (_, r) => <Photos urls={r.photos} /> },
        { title: t('arrived'), dataIndex: 'arrived_at', render: dateTime },
        { title: t('status'), render: (_, r) => <Tag color={statusColor[r.status]}>{t(`status.${r.status}`)}</Tag> },
        { title: t('claimedBy'), render: (_, r) => (r.claimant ? `${r.claimant.user_account} (#${r.claimant.user_id})` : '—') },
        {
          ...actionColumn,
          title: t('action'),
          render: (_, r) =>
            r.status === 'claimed' && (
              <Space>
                <Popconfirm title={t('confirmQ', { account: r.claimant?.user_account ?? '' })} onConfirm={() => decide(r.id, true)}>
                  <Button size="small" type="primary" data-testid={`unclaimed-confirm-${r.id}`}>
                    {t('confirm')}
                  </Button>
                </Popconfirm>
                <Popconfirm title={t('refuseQ')} onConfirm={() => decide(r.id, false)}>
                  <Button size="small" danger>
                    {t('refuse')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
