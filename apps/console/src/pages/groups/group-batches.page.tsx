import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { groupBatchStatuses } from '@pinyou/contract';
import { money } from '../money.ts';
import { useT } from '../../i18n.ts';
import { GA, strings } from './groups-common.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { enumText, enumOptions } from '../../enums.ts';
import { formatDate } from '../../dates.ts';
import { useCan } from '../../staff.ts';
import { adminAdvanceGroupBatch } from './api/admin-advance-group-batch.ts';
import { adminGroupBatches } from './api/admin-group-batches.ts';
import { adminRewardSettings } from './api/admin-reward-settings.ts';

const nextAction: Record<string, 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | null> = {
  wait_plan: 'plan',
  wait_pack: 'pack',
  packing: 'packed',
  packed: 'outbound',
  outbound: 'arrived',
  cancelled: null,
};

export function BatchesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['groups', 'batches', status],
    queryFn: () => adminGroupBatches({ page: 1, page_size: 100, ...(status ? { status: status as 'wait_plan' } : {}) }),
  });
  const [container, setContainer] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  // The reward rate is the leader desk's and finance's (the warehouse works this page too, without it).
  const canReward = useCan()(GA.adminRewardSettings);
  const reward = useQuery({ queryKey: ['groups', 'reward'], queryFn: () => adminRewardSettings({}), enabled: canReward });
  const act = async (batchId: number, action: 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | 'cancel') => {
    await adminAdvanceGroupBatch({
      batch_id: batchId,
      action,
      ...(action === 'plan' && container ? { container } : {}),
      ...(action === 'plan' && price !== null ? { unit_price: price } : {}),
    });
    await qc.invalidateQueries({ queryKey: ['groups'] });
  };
  return (
    <Card title={t('batches')}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={enumOptions('groupBatchStatus', groupBatchStatuses)}
        />
        <Input
          placeholder={t('container')}
          value={container}
          onChange={(e) => setContainer(e.target.value)}
          style={{ width: 160 }}
          data-testid="gb-container"
        />
        <InputNumber
          placeholder={t('unitPrice')}
          value={price}
          onChange={(v) => setPrice(v)}
          min={0.01}
          precision={2}
          step={0.01}
          style={{ width: 180 }}
        />
        {canReward && (
          <>
            <span>
              {t('rewards')}: {reward.data && money(reward.data.rate_per_cbm)}
            </span>
            <InputNumber value={rate} onChange={(v) => setRate(v)} min={0} />
            <Button
              onClick={async () => {
                if (rate === null) return;
                await adminRewardSettings({ rate_per_cbm: rate });
                await qc.invalidateQueries({ queryKey: ['groups', 'reward'] });
              }}
            >
              {t('save')}
            </Button>
          </>
        )}
      </Space>
      <Table
        rowKey="id"
        dataSource={q.data?.list ?? []}
        pagination={false}
        // Many columns and the action buttons: scroll inside the card rather than run past it on a laptop screen.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('batchNo'), dataIndex: 'batch_no' },
          { title: t('groups'), dataIndex: 'group_name' },
          { title: t('packDate'), dataIndex: 'pack_date', render: (d: string | null) => formatDate(d) },
          { title: t('status'), render: (_, b) => <Tag>{enumText('groupBatchStatus', b.status)}</Tag> },
          { title: t('container'), dataIndex: 'container' },
          { title: t('size'), dataIndex: 'total_size_cbm' },
          { title: t('amount'), render: (_, b) => money(b.total_amount) },
          { title: t('unitPrice'), render: (_, b) => (b.unit_price === null ? '' : money(b.unit_price)) },
          { title: t('members'), dataIndex: 'member_count' },
          { title: t('effective'), render: (_, b) => (b.effective ? <Tag color="green">✓</Tag> : '') },
          { title: t('stage'), render: (_, b) => enumText('logisticsStage', b.stage) },
          {
            ...actionColumn,
            title: '',
            render: (_, b) => {
              const next = nextAction[b.status];
              return (
                <Space>
                  {next && !(next === 'arrived' && b.arrived_at) && (
                    <Button type="primary" size="small" onClick={() => void act(b.id, next)} data-testid={`gb-${next}-${b.batch_no}`}>
                      {t(next)}
                    </Button>
                  )}
                  {['wait_plan', 'wait_pack', 'packing'].includes(b.status) && (
                    <Button danger size="small" onClick={() => void act(b.id, 'cancel')}>
                      {t('cancel')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
