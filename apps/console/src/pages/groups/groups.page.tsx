import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { call } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { GA, strings } from './groups-common.ts';

export function GroupsPage() {
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
