import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';
import { formatDateTime } from '../../dates.ts';
import { useT } from '../../i18n.ts';
import { strings } from './admin-common.ts';

export function AuditPage() {
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
