import { DatePicker, Input, Select, Tag, Typography } from 'antd';
import { getAuditList } from './api/audit-list.ts';
import { useAllStaff } from './api/staff-list.ts';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../dates.ts';
import { useT } from '../../i18n.ts';
import { strings } from './admin-common.ts';
import { enumText } from '../../enums.ts';

type AuditFilters = { action?: string; object_type?: string; object_id?: string; staff_id?: number; from?: string; to?: string };

export function AuditPage() {
  const t = useT(strings);
  const staff = useAllStaff();
  return (
    <ListPage
      title={t('audit')}
      queryKey={['auditList']}
      initialFilters={{} as AuditFilters}
      load={(p, f) => getAuditList({ ...p, ...f })}
      filters={({ set }) => (
        <>
          <Select
            allowClear
            placeholder={t('who')}
            style={{ width: 180 }}
            options={staff.data?.list.map((s) => ({ value: s.id, label: `${s.account} (${t(s.role)})` }))}
            onChange={(v?: number) => set({ staff_id: v })}
          />
          <Input.Search
            allowClear
            placeholder={t('filterAction')}
            style={{ width: 200 }}
            onSearch={(v) => set({ action: v || undefined })}
          />
          <Input.Search
            allowClear
            placeholder={t('filterType')}
            style={{ width: 140 }}
            onSearch={(v) => set({ object_type: v || undefined })}
          />
          <Input.Search
            allowClear
            placeholder={t('filterId')}
            style={{ width: 120 }}
            onSearch={(v) => set({ object_id: v || undefined })}
          />
          <DatePicker.RangePicker onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })} />
        </>
      )}
      rowKey="id"
      table={{
        size: 'small',
        expandable: {
          expandedRowRender: (r) => (
            <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify({ before: r.before, after: r.after }, null, 2)}</pre>
          ),
        },
      }}
      columns={[
        { title: t('time'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
        { title: t('who'), dataIndex: 'staff_account', render: (v: string, r) => `${v} (${enumText('staffRole', r.staff_role)})` },
        { title: t('action'), dataIndex: 'action', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { title: t('object'), render: (_: unknown, r) => (r.object_type ? `${r.object_type.replace(/_/g, ' ')} ${r.object_id}` : '') },
        {
          title: t('outcome'),
          dataIndex: 'outcome',
          render: (o: number) =>
            o === 0 ? <Tag color="green">{t('ok')}</Tag> : o === -1 ? <Tag>{t('detail')}</Tag> : <Tag color="orange">{o}</Tag>,
        },
        { title: 'IP', dataIndex: 'ip', width: 120 },
      ]}
    />
  );
}
