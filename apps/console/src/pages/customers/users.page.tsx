import { formatDate, formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListPage } from '../../components/list-page.tsx';

function UserDetail({ userId, onClose }: { userId: number; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['userDetail', userId], queryFn: () => call(contract.admin.userDetail, { user_id: userId }) });
  const d = q.data;
  const toggle = async () => {
    await call(contract.admin.setUserDisabled, { user_id: userId, disabled: !d?.user.disabled });
    await qc.invalidateQueries({ queryKey: ['userDetail', userId] });
    await qc.invalidateQueries({ queryKey: ['users'] });
  };
  return (
    <Drawer open width={560} onClose={onClose} title={d ? `${d.user.user_account} (#${d.user.user_id})` : 'Customer'}>
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="Nickname">{d.user.nickname}</Descriptions.Item>
            <Descriptions.Item label="Phone">{d.user.phone || '—'}</Descriptions.Item>
            <Descriptions.Item label="E-mail">{d.user.email || '—'}</Descriptions.Item>
            <Descriptions.Item label="Roles">{d.user.roles.join(', ')}</Descriptions.Item>
            <Descriptions.Item label="Leader (examine_status)">{d.user.examine_status}</Descriptions.Item>
            <Descriptions.Item label="WeChat bound">{d.user.wechat_bound ? 'yes' : 'no'}</Descriptions.Item>
            <Descriptions.Item label="Referrer">{d.user.referrer_id ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Language">{d.user.language}</Descriptions.Item>
            <Descriptions.Item label="Registered">{formatDateTime(d.user.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Last login">{d.user.last_login_at ? formatDateTime(d.user.last_login_at) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Live sessions">{d.sessions}</Descriptions.Item>
            <Descriptions.Item label="Linked accounts">{d.linked.map((l) => l.user_account).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label="Status">
              {d.user.disabled ? <Tag color="red">disabled</Tag> : <Tag color="green">active</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Addresses">
            {d.addresses.length === 0 && <Typography.Text type="secondary">None</Typography.Text>}
            {d.addresses.map((a) => (
              <div key={a.id}>
                {a.is_default && <Tag color="blue">default</Tag>}
                {a.receiver} {a.phone} — {a.district} {a.address} {a.postcode}
              </div>
            ))}
          </Card>
          <Popconfirm
            title={d.user.disabled ? 'Re-enable this account?' : 'Disable this account and end its sessions?'}
            onConfirm={() => void toggle()}
          >
            <Button danger={!d.user.disabled}>{d.user.disabled ? 'Enable account' : 'Disable account'}</Button>
          </Popconfirm>
        </Space>
      )}
    </Drawer>
  );
}

export function UsersPage() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title="Customers"
      queryKey={['users']}
      initialFilters={{ keyword: '' }}
      load={(p, f) => call(contract.admin.userList, { ...p, keyword: f.keyword || undefined })}
      filters={({ set }) => (
        <Input.Search placeholder="ID, phone, e-mail, nickname" allowClear onSearch={(v) => set({ keyword: v })} style={{ width: 280 }} />
      )}
      rowKey="user_id"
      table={{ onRow: (r) => ({ onClick: () => setOpen(r.user_id), style: { cursor: 'pointer' } }) }}
      columns={[
        { title: '#', dataIndex: 'user_id', width: 70 },
        { title: 'ID', dataIndex: 'user_account' },
        { title: 'Nickname', dataIndex: 'nickname' },
        { title: 'Phone', dataIndex: 'phone' },
        { title: 'E-mail', dataIndex: 'email' },
        { title: 'Roles', dataIndex: 'roles', render: (r: string[]) => r.map((x) => <Tag key={x}>{x}</Tag>) },
        {
          title: 'Status',
          dataIndex: 'disabled',
          render: (d: boolean) => (d ? <Tag color="red">disabled</Tag> : <Tag color="green">active</Tag>),
        },
        { title: 'Registered', dataIndex: 'created_at', render: (v: string) => formatDate(v) },
      ]}
    >
      {open && <UserDetail userId={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
