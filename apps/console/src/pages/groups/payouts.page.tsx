import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, InputNumber, Space, Table, Tag } from 'antd';
import { formatDateTime } from '../../dates.ts';
import { money } from '../money.ts';
import { useT } from '../../i18n.ts';
import { strings } from './groups-common.ts';
import { adminGroupRewards } from './api/admin-group-rewards.ts';

/** Rewards posted to leaders' wallets when a batch reaches them, and reversals after refunds (finance and the desk). */
export function PayoutsPage() {
  const t = useT(strings);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['groups', 'payouts', groupId, page],
    queryFn: () => adminGroupRewards({ page, page_size: 20, ...(groupId ? { group_id: groupId } : {}) }),
  });
  return (
    <Card title={t('payouts')}>
      <Space style={{ marginBottom: 12 }} wrap>
        <InputNumber
          placeholder={t('groupId')}
          min={1}
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setPage(1);
          }}
          style={{ width: 160 }}
          data-testid="payouts-group"
        />
        <span data-testid="payouts-total">{t('payoutsTotal', { total: money(q.data?.total_amount ?? 0) })}</span>
      </Space>
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('at'), render: (_, r) => formatDateTime(r.created_at) },
          { title: t('groups'), render: (_, r) => `${r.group_name} (#${r.group_id})` },
          { title: t('leader'), dataIndex: 'leader_account' },
          { title: t('batchNo'), dataIndex: 'batch_no' },
          { title: t('size'), dataIndex: 'volume_cbm' },
          { title: t('kind'), render: (_, r) => <Tag color={r.kind === 'reward' ? 'green' : 'orange'}>{r.kind}</Tag> },
          { title: t('amount'), align: 'right', render: (_, r) => money(r.amount) },
        ]}
      />
    </Card>
  );
}
