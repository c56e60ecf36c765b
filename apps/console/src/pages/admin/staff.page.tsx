import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import { staffRoles, type StaffRole } from '@pinyou/contract';
import { createStaff, updateStaff } from './api/save-staff.ts';
import { getStaffList, staffListKey } from './api/staff-list.ts';
import { useMe } from '../../staff.ts';
import { ListPage, type PageRequest, actionColumn } from '../../components/list-page.tsx';
import { formatDateTime } from '../../dates.ts';
import { useT } from '../../i18n.ts';
import { strings } from './admin-common.ts';

type StaffRow = { id: number; account: string; name: string; role: StaffRole; disabled: boolean; created_at: string };

export function StaffPage() {
  const t = useT(strings);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const me = useMe();
  // One's own password needs the current one (the server asks for it).
  const editingSelf = editing !== null && editing !== 'new' && editing.id === me.data?.id;
  const save = useMutation({
    mutationFn: async (v: {
      account: string;
      name: string;
      role: StaffRole;
      password?: string;
      current_password?: string;
      disabled?: boolean;
    }) =>
      editing === 'new'
        ? createStaff({ account: v.account, name: v.name, role: v.role, password: v.password ?? '' })
        : updateStaff({
            id: (editing as StaffRow).id,
            name: v.name,
            role: v.role,
            disabled: v.disabled,
            password: v.password || undefined,
            current_password: v.password ? v.current_password || undefined : undefined,
          }),
    onSuccess: () => {
      void message.success(t('saved'));
      setEditing(null);
      void qc.invalidateQueries({ queryKey: staffListKey });
    },
  });
  const roleOptions = staffRoles.map((r) => ({ value: r, label: t(r) }));
  return (
    <ListPage
      title={t('staff')}
      queryKey={staffListKey}
      initialFilters={{}}
      load={(p: PageRequest) => getStaffList(p)}
      rowKey="id"
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
          ...actionColumn,
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
    >
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
          {editingSelf && (
            <Form.Item name="current_password" label={t('currentPassword')}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          {editing !== 'new' && (
            <Form.Item name="disabled" label={t('disabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </ListPage>
  );
}
