import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { contract, staffRoles, type StaffRole } from '@pinyou/contract';
import { call } from '../../api.ts';
import { formatDateTime } from '../../dates.ts';
import { defineStrings, useT } from '../../i18n.ts';
import type { ConsolePage } from '../registry.tsx';

const strings = defineStrings({
  en: {
    staff: 'Staff accounts',
    audit: 'Audit log',
    add: 'Add staff',
    account: 'Account',
    name: 'Name',
    role: 'Role',
    disabled: 'Disabled',
    password: 'Password',
    newPassword: 'New password (optional)',
    save: 'Save',
    edit: 'Edit',
    created: 'Created',
    active: 'Active',
    time: 'Time',
    who: 'Staff',
    action: 'Call',
    object: 'Object',
    outcome: 'Outcome',
    detail: 'Before / after',
    filterAction: 'Call contains…',
    filterType: 'Object type',
    filterId: 'Object id',
    ok: 'done',
    saved: 'Saved',
    admin: 'Administrator',
    finance: 'Finance',
    warehouse: 'Warehouse',
    service: 'Customer service',
    content: 'Content',
    leader_desk: 'Leader desk',
  },
  zh_CN: {
    staff: '员工账号',
    audit: '操作日志',
    add: '新增员工',
    account: '账号',
    name: '姓名',
    role: '角色',
    disabled: '已停用',
    password: '密码',
    newPassword: '新密码（可不填）',
    save: '保存',
    edit: '编辑',
    created: '创建时间',
    active: '正常',
    time: '时间',
    who: '员工',
    action: '接口',
    object: '对象',
    outcome: '结果',
    detail: '修改前 / 修改后',
    filterAction: '接口包含…',
    filterType: '对象类型',
    filterId: '对象ID',
    ok: '成功',
    saved: '已保存',
    admin: '管理员',
    finance: '财务',
    warehouse: '仓库',
    service: '客服',
    content: '内容运营',
    leader_desk: '团长服务台',
  },
});

type StaffRow = { id: number; account: string; name: string; role: StaffRole; disabled: boolean; created_at: string };

function StaffPage() {
  const t = useT(strings);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const q = useQuery({ queryKey: ['staffList', page], queryFn: () => call(contract.admin.staffList, { page, page_size: 20 }) });
  const save = useMutation({
    mutationFn: async (v: { account: string; name: string; role: StaffRole; password?: string; disabled?: boolean }) =>
      editing === 'new'
        ? call(contract.admin.staffCreate, { account: v.account, name: v.name, role: v.role, password: v.password ?? '' })
        : call(contract.admin.staffUpdate, {
            id: (editing as StaffRow).id,
            name: v.name,
            role: v.role,
            disabled: v.disabled,
            password: v.password || undefined,
          }),
    onSuccess: () => {
      void message.success(t('saved'));
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['staffList'] });
    },
  });
  const roleOptions = staffRoles.map((r) => ({ value: r, label: t(r) }));
  return (
    <Card
      title={t('staff')}
      extra={
        <Button
          type="primary"
          data-testid="staff-add"
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ role: 'warehouse' });
            setEditing('new');
          }}
        >
          {t('add')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: t('account'), dataIndex: 'account' },
          { title: t('name'), dataIndex: 'name' },
          { title: t('role'), dataIndex: 'role', render: (r: StaffRole) => <Tag color={r === 'admin' ? 'red' : 'blue'}>{t(r)}</Tag> },
          {
            title: '',
            dataIndex: 'disabled',
            render: (d: boolean) => (d ? <Tag>{t('disabled')}</Tag> : <Tag color="green">{t('active')}</Tag>),
          },
          { title: t('created'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            render: (_: unknown, r: StaffRow) => (
              <Button
                size="small"
                onClick={() => {
                  form.resetFields();
                  form.setFieldsValue({ ...r, password: '' });
                  setEditing(r);
                }}
              >
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('add') : t('edit')}
        okText={t('save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="account" label={t('account')} rules={[{ required: true }]}>
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="name" label={t('name')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="role" label={t('role')} rules={[{ required: true }]}>
            <Select options={roleOptions} />
          </Form.Item>
          <Form.Item
            name="password"
            label={editing === 'new' ? t('password') : t('newPassword')}
            rules={[{ required: editing === 'new', min: 6, max: 32 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {editing !== 'new' && (
            <Form.Item name="disabled" label={t('disabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}

function AuditPage() {
  const t = useT(strings);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<{
    action?: string;
    object_type?: string;
    object_id?: string;
    staff_id?: number;
    from?: string;
    to?: string;
  }>({});
  const staff = useQuery({ queryKey: ['staffList', 'all'], queryFn: () => call(contract.admin.staffList, { page: 1, page_size: 100 }) });
  const q = useQuery({
    queryKey: ['auditList', page, filters],
    queryFn: () => call(contract.admin.auditList, { page, page_size: 20, ...filters }),
  });
  const set = (patch: typeof filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <Card title={t('audit')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('who')}
          style={{ width: 180 }}
          options={staff.data?.list.map((s) => ({ value: s.id, label: `${s.account} (${t(s.role)})` }))}
          onChange={(v?: number) => set({ staff_id: v })}
        />
        <Input.Search allowClear placeholder={t('filterAction')} style={{ width: 200 }} onSearch={(v) => set({ action: v || undefined })} />
        <Input.Search
          allowClear
          placeholder={t('filterType')}
          style={{ width: 140 }}
          onSearch={(v) => set({ object_type: v || undefined })}
        />
        <Input.Search allowClear placeholder={t('filterId')} style={{ width: 120 }} onSearch={(v) => set({ object_id: v || undefined })} />
        <DatePicker.RangePicker onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })} />
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify({ before: r.before, after: r.after }, null, 2)}</pre>
          ),
        }}
        columns={[
          { title: t('time'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
          { title: t('who'), dataIndex: 'staff_account', render: (v: string, r) => `${v} (${r.staff_role})` },
          { title: t('action'), dataIndex: 'action', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('object'), render: (_: unknown, r) => (r.object_type ? `${r.object_type} ${r.object_id}` : '') },
          {
            title: t('outcome'),
            dataIndex: 'outcome',
            render: (o: number) =>
              o === 0 ? <Tag color="green">{t('ok')}</Tag> : o === -1 ? <Tag>{t('detail')}</Tag> : <Tag color="orange">{o}</Tag>,
          },
          { title: 'IP', dataIndex: 'ip', width: 120 },
        ]}
      />
    </Card>
  );
}

export const pages: ConsolePage[] = [
  { path: 'admin/staff', label: { en: 'Staff accounts', zh_CN: '员工账号' }, element: <StaffPage />, roles: [] },
  { path: 'admin/audit', label: { en: 'Audit log', zh_CN: '操作日志' }, element: <AuditPage />, roles: [] },
];
