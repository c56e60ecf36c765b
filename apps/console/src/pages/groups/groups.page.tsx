import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { memberStatuses, type MemberStatus } from '@pinyou/contract';
import { ListPage, actionColumn } from '../../components/list-page.tsx';
import { formatDateTime } from '../../dates.ts';
import { useT } from '../../i18n.ts';
import { strings } from './groups-common.ts';
import { enumOptions, enumText } from '../../enums.ts';
import { adminGroupMembers } from './api/admin-group-members.ts';
import { adminGroups } from './api/admin-groups.ts';
import { adminMoveMember } from './api/admin-move-member.ts';
import { adminSetGroupFlags } from './api/admin-set-group-flags.ts';

type GroupFilters = { keyword?: string };

export function GroupsPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const flag = async (groupId: number, f: { hidden?: boolean; paused?: boolean }) => {
    await adminSetGroupFlags({ group_id: groupId, ...f });
    await qc.invalidateQueries({ queryKey: ['groups'] });
  };
  return (
    <ListPage
      title={t('groups')}
      queryKey={['groups', 'list']}
      initialFilters={{} as GroupFilters}
      load={(p, f) => adminGroups({ ...p, ...f })}
      filters={({ set }) => (
        <Input.Search
          allowClear
          placeholder={t('groupSearch')}
          style={{ width: 240 }}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          data-testid="groups-search"
        />
      )}
      rowKey="id"
      columns={[
        { title: '#', dataIndex: 'id' },
        { title: t('groupName'), dataIndex: 'name' },
        { title: t('leader'), dataIndex: 'leader_name' },
        { title: t('address'), render: (_, g) => `${g.area} (${g.postcode})` },
        {
          title: t('members'),
          render: (_, g) => (
            <a onClick={() => setOpen({ id: g.id, name: g.name })} data-testid={`group-members-${g.id}`}>
              {g.member_count}
            </a>
          ),
        },
        { title: t('size'), dataIndex: 'size_cbm' },
        { title: t('effective'), render: (_, g) => (g.effective ? <Tag color="green">✓</Tag> : '') },
        { title: t('next'), dataIndex: 'next_pack_date' },
        { title: t('hidden'), render: (_, g) => <Switch checked={g.hidden} onChange={(v) => void flag(g.id, { hidden: v })} /> },
        { title: t('paused'), render: (_, g) => <Switch checked={g.paused} onChange={(v) => void flag(g.id, { paused: v })} /> },
      ]}
    >
      <Modal
        open={!!open}
        onCancel={() => setOpen(null)}
        footer={null}
        title={open ? `${t('members')} · ${open.name} (#${open.id})` : ''}
        width={860}
        destroyOnHidden
      >
        {open && <GroupMembers groupId={open.id} />}
      </Modal>
    </ListPage>
  );
}

/** A group's members, paged and searched on the server (a group may have thousands), with moving one to another group. */
function GroupMembers({ groupId }: { groupId: number }) {
  const t = useT(strings);
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [status, setStatus] = useState<MemberStatus | undefined>();
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['groups', 'members', groupId, page, keyword, status],
    queryFn: () => adminGroupMembers({ group_id: groupId, page, page_size: 20, keyword, status }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('memberSearch')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
          data-testid="members-search"
        />
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 140 }}
          options={enumOptions('memberStatus', memberStatuses)}
          onChange={(v?: MemberStatus) => {
            setStatus(v);
            setPage(1);
          }}
        />
        {t('moveTo')}
        <InputNumber min={1} value={moveTo} onChange={(v) => setMoveTo(v)} data-testid="members-move-to" />
      </Space>
      {(q.error || moveError) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          message={moveError ?? (q.error instanceof Error ? q.error.message : String(q.error))}
          closable
          onClose={() => setMoveError(null)}
        />
      )}
      <Table
        rowKey="user_id"
        size="small"
        loading={q.isLoading || q.isPlaceholderData}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => t('membersTotal', { n }),
        }}
        columns={[
          { title: t('user'), dataIndex: 'user_account' },
          { title: t('nickname'), dataIndex: 'nickname' },
          {
            title: t('status'),
            render: (_, m) => <Tag color={m.status === 'active' ? 'green' : undefined}>{enumText('memberStatus', m.status)}</Tag>,
          },
          { title: t('dragonCode'), dataIndex: 'dragon_code' },
          { title: t('orders'), render: (_, m) => `${m.order_count} / ${m.unpaid_count}` },
          { title: t('joined'), render: (_, m) => formatDateTime(m.joined_at) },
          {
            ...actionColumn,
            title: '',
            render: (_, m) => (
              <Button
                size="small"
                disabled={!moveTo}
                onClick={async () => {
                  setMoveError(null);
                  try {
                    await adminMoveMember({ user_id: m.user_id, group_id: moveTo! });
                  } catch (e) {
                    setMoveError(e instanceof Error ? e.message : String(e));
                  }
                  await qc.invalidateQueries({ queryKey: ['groups'] });
                }}
              >
                {t('move')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
