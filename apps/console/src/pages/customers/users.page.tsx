import { formatDate, formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { ListPage } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { enumText } from '../../enums.ts';
import { setUserDisabled } from './api/set-user-disabled.ts';
import { userDetail } from './api/user-detail.ts';
import { userList } from './api/user-list.ts';

const strings = defineStrings({
  en: {
    title: 'Customers',
    customer: 'Customer',
    search: 'ID, phone, e-mail, nickname',
    nickname: 'Nickname',
    phone: 'Phone',
    email: 'E-mail',
    roles: 'Roles',
    leader: 'Leader (examine_status)',
    wechatBound: 'WeChat bound',
    yes: 'yes',
    no: 'no',
    referrer: 'Referrer',
    language: 'Language',
    registered: 'Registered',
    lastLogin: 'Last login',
    sessions: 'Live sessions',
    linked: 'Linked accounts',
    status: 'Status',
    disabled: 'disabled',
    active: 'active',
    addresses: 'Addresses',
    none: 'None',
    default: 'default',
    askEnable: 'Re-enable this account?',
    askDisable: 'Disable this account and end its sessions?',
    enable: 'Enable account',
    disable: 'Disable account',
  },
  zh_CN: {
    title: '客户',
    customer: '客户',
    search: 'ID、手机号、邮箱、昵称',
    nickname: '昵称',
    phone: '手机号',
    email: '邮箱',
    roles: '身份',
    leader: '团长审核状态（examine_status）',
    wechatBound: '已绑定微信',
    yes: '是',
    no: '否',
    referrer: '推荐人',
    language: '语言',
    registered: '注册时间',
    lastLogin: '最近登录',
    sessions: '在线会话数',
    linked: '关联账号',
    status: '状态',
    disabled: '已停用',
    active: '正常',
    addresses: '收货地址',
    none: '无',
    default: '默认',
    askEnable: '确定重新启用此账号？',
    askDisable: '确定停用此账号并使其所有登录失效？',
    enable: '启用账号',
    disable: '停用账号',
  },
});

function UserDetail({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['userDetail', userId], queryFn: () => userDetail({ user_id: userId }) });
  const d = q.data;
  const toggle = async () => {
    await setUserDisabled({ user_id: userId, disabled: !d?.user.disabled });
    await qc.invalidateQueries({ queryKey: ['userDetail', userId] });
    await qc.invalidateQueries({ queryKey: ['users'] });
  };
  return (
    <Drawer open width={560} onClose={onClose} title={d ? `${d.user.user_account} (#${d.user.user_id})` : t('customer')}>
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('nickname')}>{d.user.nickname}</Descriptions.Item>
            <Descriptions.Item label={t('phone')}>{d.user.phone || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('email')}>{d.user.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('roles')}>{d.user.roles.map((x) => enumText('customerRole', x)).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('leader')}>{d.user.examine_status}</Descriptions.Item>
            <Descriptions.Item label={t('wechatBound')}>{d.user.wechat_bound ? t('yes') : t('no')}</Descriptions.Item>
            <Descriptions.Item label={t('referrer')}>{d.user.referrer_id ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('language')}>{enumText('language', d.user.language)}</Descriptions.Item>
            <Descriptions.Item label={t('registered')}>{formatDateTime(d.user.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('lastLogin')}>
              {d.user.last_login_at ? formatDateTime(d.user.last_login_at) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('sessions')}>{d.sessions}</Descriptions.Item>
            <Descriptions.Item label={t('linked')}>{d.linked.map((l) => l.user_account).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              {d.user.disabled ? <Tag color="red">{t('disabled')}</Tag> : <Tag color="green">{t('active')}</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('addresses')}>
            {d.addresses.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
            {d.addresses.map((a) => (
              <div key={a.id}>
                {a.is_default && <Tag color="blue">{t('default')}</Tag>}
                {a.receiver} {a.phone} — {a.district} {a.address} {a.postcode}
              </div>
            ))}
          </Card>
          <Popconfirm title={d.user.disabled ? t('askEnable') : t('askDisable')} onConfirm={() => void toggle()}>
            <Button danger={!d.user.disabled}>{d.user.disabled ? t('enable') : t('disable')}</Button>
          </Popconfirm>
        </Space>
      )}
    </Drawer>
  );
}

export function UsersPage() {
  const t = useT(strings);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      title={t('title')}
      queryKey={['users']}
      initialFilters={{ keyword: '' }}
      load={(p, f) => userList({ ...p, keyword: f.keyword || undefined })}
      filters={({ set }) => (
        <Input.Search placeholder={t('search')} allowClear onSearch={(v) => set({ keyword: v })} style={{ width: 280 }} />
      )}
      rowKey="user_id"
      table={{ onRow: (r) => ({ onClick: () => setOpen(r.user_id), style: { cursor: 'pointer' } }) }}
      columns={[
        { title: '#', dataIndex: 'user_id', width: 70 },
        { title: 'ID', dataIndex: 'user_account' },
        { title: t('nickname'), dataIndex: 'nickname' },
        { title: t('phone'), dataIndex: 'phone' },
        { title: t('email'), dataIndex: 'email' },
        { title: t('roles'), dataIndex: 'roles', render: (r: string[]) => r.map((x) => <Tag key={x}>{enumText('customerRole', x)}</Tag>) },
        {
          title: t('status'),
          dataIndex: 'disabled',
          render: (d: boolean) => (d ? <Tag color="red">{t('disabled')}</Tag> : <Tag color="green">{t('active')}</Tag>),
        },
        { title: t('registered'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
      ]}
    >
      {open && <UserDetail userId={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
