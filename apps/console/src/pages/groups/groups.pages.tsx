import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { contract, groupBatchStatuses } from '@pinyou/contract';
import { call } from '../../api.ts';
import { defineStrings, useT } from '../../i18n.ts';
import type { ConsolePage } from '../registry.tsx';

const GA = contract.groupsAdmin;
const desk = ['leader_desk'] as const;

const strings = defineStrings({
  en: {
    applications: 'Leader applications',
    user: 'Customer',
    leader: 'Leader name',
    phone: 'Phone',
    address: 'Address',
    status: 'Status',
    approve: 'Approve',
    reject: 'Reject',
    reason: 'Reason for rejection',
    groups: 'Groups',
    members: 'Members',
    size: 'Volume (cbm)',
    effective: 'Effective',
    hidden: 'Hidden',
    paused: 'Paused',
    next: 'Next date',
    batches: 'Group batches',
    batchNo: 'Batch no',
    packDate: 'Pack date',
    container: 'Container',
    amount: 'Amount (S$)',
    unitPrice: 'Unit price (S$/cbm)',
    stage: 'Stage',
    plan: 'Plan',
    pack: 'Start packing',
    packed: 'Packed',
    outbound: 'Outbound',
    arrived: 'Arrived at leader',
    cancel: 'Cancel',
    rewards: 'Reward per cbm (S$)',
    save: 'Save',
    moveTo: 'Move member to group id',
    move: 'Move',
    payouts: 'Reward payouts',
    payoutsTotal: 'Total paid out (after reversals): S${total}',
    kind: 'Kind',
    at: 'Time',
    groupId: 'Group id',
  },
  zh_CN: {
    applications: '团长申请',
    user: '客户',
    leader: '团长名称',
    phone: '电话',
    address: '地址',
    status: '状态',
    approve: '通过',
    reject: '拒绝',
    reason: '拒绝原因',
    groups: '拼团',
    members: '团员',
    size: '体积（立方）',
    effective: '有效团长',
    hidden: '隐藏',
    paused: '暂停',
    next: '下次日期',
    batches: '拼团批次',
    batchNo: '批次号',
    packDate: '打包日期',
    container: '柜号',
    amount: '金额（新币）',
    unitPrice: '单价（新币/立方）',
    stage: '物流阶段',
    plan: '计划',
    pack: '开始打包',
    packed: '已打包',
    outbound: '出库',
    arrived: '已到团长处',
    cancel: '取消',
    rewards: '每立方奖励（新币）',
    save: '保存',
    moveTo: '将团员转到团ID',
    move: '转团',
    payouts: '奖励发放',
    payoutsTotal: '已发放合计（扣除冲回）：S${total}',
    kind: '类型',
    at: '时间',
    groupId: '拼团 ID',
  },
});

function ApplicationsPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['groups', 'apps'], queryFn: () => call(GA.adminLeaderApplications, { page: 1, page_size: 100 }) });
  const review = async (id: number, approve: boolean) => {
    let reason = '';
    if (!approve) {
      reason = window.prompt(t('reason')) ?? '';
      if (!reason.trim()) return;
    }
    await call(GA.adminReviewApplication, { id, approve, reason });
    await qc.invalidateQueries({ queryKey: ['groups'] });
  };
  return (
    <Card title={t('applications')}>
      <Table
        rowKey="id"
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('user'), dataIndex: 'user_account' },
          { title: t('leader'), dataIndex: 'leader_name' },
          { title: t('phone'), dataIndex: 'phone' },
          { title: t('address'), render: (_, a) => `${a.address} #${a.floor}-${a.unit} (${a.postcode})` },
          { title: t('status'), render: (_, a) => <Tag>{a.status}</Tag> },
          {
            title: '',
            render: (_, a) =>
              a.status === 'pending' ? (
                <Space>
                  <Button type="primary" size="small" onClick={() => void review(a.id, true)} data-testid={`approve-${a.user_account}`}>
                    {t('approve')}
                  </Button>
                  <Button danger size="small" onClick={() => void review(a.id, false)}>
                    {t('reject')}
                  </Button>
                </Space>
              ) : (
                a.reason
              ),
          },
        ]}
      />
    </Card>
  );
}

function GroupsPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['groups', 'list'], queryFn: () => call(GA.adminGroups, { page: 1, page_size: 100 }) });
  const [open, setOpen] = useState<number | null>(null);
  const members = useQuery({
    queryKey: ['groups', 'members', open],
    queryFn: () => call(GA.adminGroupMembers, { group_id: open! }),
    enabled: !!open,
  });
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const flag = async (groupId: number, f: { hidden?: boolean; paused?: boolean }) => {
    await call(GA.adminSetGroupFlags, { group_id: groupId, ...f });
    await qc.invalidateQueries({ queryKey: ['groups'] });
  };
  return (
    <Card title={t('groups')}>
      <Table
        rowKey="id"
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('leader'), dataIndex: 'leader_name' },
          { title: t('address'), render: (_, g) => `${g.area} (${g.postcode})` },
          { title: t('members'), render: (_, g) => <a onClick={() => setOpen(g.id)}>{g.member_count}</a> },
          { title: t('size'), dataIndex: 'size_cbm' },
          { title: t('effective'), render: (_, g) => (g.effective ? <Tag color="green">✓</Tag> : '') },
          { title: t('next'), dataIndex: 'next_pack_date' },
          { title: t('hidden'), render: (_, g) => <Switch checked={g.hidden} onChange={(v) => void flag(g.id, { hidden: v })} /> },
          { title: t('paused'), render: (_, g) => <Switch checked={g.paused} onChange={(v) => void flag(g.id, { paused: v })} /> },
        ]}
      />
      <Modal open={!!open} onCancel={() => setOpen(null)} footer={null} title={t('members')} width={720}>
        <Space style={{ marginBottom: 8 }}>
          {t('moveTo')}
          <InputNumber min={1} value={moveTo} onChange={(v) => setMoveTo(v)} />
        </Space>
        <Table
          rowKey="user_id"
          size="small"
          pagination={false}
          dataSource={members.data?.list ?? []}
          columns={[
            { title: t('user'), dataIndex: 'user_account' },
            { title: t('status'), dataIndex: 'status' },
            { title: 'Code', dataIndex: 'dragon_code' },
            {
              title: '',
              render: (_, m) => (
                <Button
                  size="small"
                  disabled={!moveTo}
                  onClick={async () => {
                    await call(GA.adminMoveMember, { user_id: m.user_id, group_id: moveTo! });
                    await qc.invalidateQueries({ queryKey: ['groups'] });
                  }}
                >
                  {t('move')}
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </Card>
  );
}

const nextAction: Record<string, 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | null> = {
  wait_plan: 'plan',
  wait_pack: 'pack',
  packing: 'packed',
  packed: 'outbound',
  outbound: 'arrived',
  cancelled: null,
};

function BatchesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['groups', 'batches', status],
    queryFn: () => call(GA.adminGroupBatches, { page: 1, page_size: 100, ...(status ? { status: status as 'wait_plan' } : {}) }),
  });
  const [container, setContainer] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const reward = useQuery({ queryKey: ['groups', 'reward'], queryFn: () => call(GA.adminRewardSettings, {}) });
  const act = async (batchId: number, action: 'plan' | 'pack' | 'packed' | 'outbound' | 'arrived' | 'cancel') => {
    await call(GA.adminAdvanceGroupBatch, {
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
          options={groupBatchStatuses.map((s) => ({ value: s, label: s }))}
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
        <span>
          {t('rewards')}: {reward.data?.rate_per_cbm}
        </span>
        <InputNumber value={rate} onChange={(v) => setRate(v)} min={0} />
        <Button
          onClick={async () => {
            if (rate === null) return;
            await call(GA.adminRewardSettings, { rate_per_cbm: rate });
            await qc.invalidateQueries({ queryKey: ['groups', 'reward'] });
          }}
        >
          {t('save')}
        </Button>
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
          { title: t('packDate'), dataIndex: 'pack_date' },
          { title: t('status'), render: (_, b) => <Tag>{b.status}</Tag> },
          { title: t('container'), dataIndex: 'container' },
          { title: t('size'), dataIndex: 'total_size_cbm' },
          { title: t('amount'), dataIndex: 'total_amount' },
          { title: t('unitPrice'), dataIndex: 'unit_price' },
          { title: t('members'), dataIndex: 'member_count' },
          { title: t('effective'), render: (_, b) => (b.effective ? <Tag color="green">✓</Tag> : '') },
          { title: t('stage'), render: (_, b) => b.stage ?? '' },
          {
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

/** Rewards posted to leaders' wallets when a batch reaches them, and reversals after refunds (finance and the desk). */
function PayoutsPage() {
  const t = useT(strings);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['groups', 'payouts', groupId, page],
    queryFn: () => call(GA.adminGroupRewards, { page, page_size: 20, ...(groupId ? { group_id: groupId } : {}) }),
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
        <span data-testid="payouts-total">{t('payoutsTotal', { total: q.data?.total_amount ?? '0.00' })}</span>
      </Space>
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('at'), render: (_, r) => new Date(r.created_at).toLocaleString() },
          { title: t('groups'), render: (_, r) => `${r.group_name} (#${r.group_id})` },
          { title: t('leader'), dataIndex: 'leader_account' },
          { title: t('batchNo'), dataIndex: 'batch_no' },
          { title: t('size'), dataIndex: 'volume_cbm' },
          { title: t('kind'), render: (_, r) => <Tag color={r.kind === 'reward' ? 'green' : 'orange'}>{r.kind}</Tag> },
          { title: t('amount'), dataIndex: 'amount', align: 'right' },
        ]}
      />
    </Card>
  );
}

export const pages: ConsolePage[] = [
  { path: 'groups/applications', label: { en: 'Leader applications', zh_CN: '团长申请' }, element: <ApplicationsPage />, roles: desk },
  { path: 'groups/list', label: { en: 'Groups', zh_CN: '拼团管理' }, element: <GroupsPage />, roles: desk },
  {
    path: 'groups/batches',
    label: { en: 'Group batches', zh_CN: '拼团批次' },
    element: <BatchesPage />,
    roles: ['leader_desk', 'warehouse'],
  },
  {
    path: 'groups/payouts',
    label: { en: 'Reward payouts', zh_CN: '奖励发放' },
    element: <PayoutsPage />,
    roles: ['leader_desk', 'finance'],
  },
];
