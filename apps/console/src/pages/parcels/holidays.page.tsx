import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { defineStrings, useT } from '../../i18n.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { adminHolidayDelete } from './api/admin-holiday-delete.ts';
import { adminHolidayList } from './api/admin-holiday-list.ts';
import { adminHolidaySave } from './api/admin-holiday-save.ts';

const strings = defineStrings({
  en: {
    title: 'Warehouse holidays (no packing on these dates)',
    intro:
      'Customers book a packing date from tomorrow (China time) onwards; the dates listed here cannot be booked. Existing bookings on a date added later are not moved.',
    date: 'Date',
    chooseDate: 'Choose a date',
    already: 'Already a holiday',
    reason: 'Reason',
    reasonPh: 'e.g. Chinese New Year',
    add: 'Add holiday',
    removeQ: 'Remove this holiday?',
    remove: 'Remove',
    wd0: 'Sun',
    wd1: 'Mon',
    wd2: 'Tue',
    wd3: 'Wed',
    wd4: 'Thu',
    wd5: 'Fri',
    wd6: 'Sat',
  },
  zh_CN: {
    title: '仓库休息日（以下日期不打包）',
    intro: '客户可预约从明天（北京时间）起的打包日期；此处列出的日期不能预约。之后新增的休息日不会改动已有的预约。',
    date: '日期',
    chooseDate: '请选择日期',
    already: '该日期已是休息日',
    reason: '原因',
    reasonPh: '例如：春节',
    add: '添加休息日',
    removeQ: '删除这个休息日？',
    remove: '删除',
    wd0: '周日',
    wd1: '周一',
    wd2: '周二',
    wd3: '周三',
    wd4: '周四',
    wd5: '周五',
    wd6: '周六',
  },
});

/** A holiday is a calendar date (no time zone): its weekday is the UTC one of that date. */
const weekdayKey = (d: string) => `wd${new Date(`${d}T00:00:00Z`).getUTCDay()}` as `wd${0 | 1 | 2 | 3 | 4 | 5 | 6}`;

export function HolidaysPage() {
  const qc = useQueryClient();
  const t = useT(strings);
  const [form] = Form.useForm<{ date: string; reason: string }>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['holidays'], queryFn: () => adminHolidayList({}) });
  const list = [...(q.data?.list ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const refresh = () => qc.invalidateQueries({ queryKey: ['holidays'] });
  return (
    <Card title={t('title')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          onFinish={async (v) => {
            setBusy(true);
            try {
              await adminHolidaySave({ date: v.date, reason: v.reason?.trim() ?? '' });
              form.resetFields();
              await refresh();
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item
            name="date"
            label={t('date')}
            rules={[
              { required: true, message: t('chooseDate') },
              {
                validator: async (_, v) => {
                  if (v && list.some((h) => h.date === v)) throw new Error(t('already'));
                },
              },
            ]}
          >
            <Input type="date" data-testid="holiday-date" />
          </Form.Item>
          <Form.Item name="reason" label={t('reason')} rules={[{ max: 60 }]}>
            <Input placeholder={t('reasonPh')} style={{ width: 240 }} data-testid="holiday-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="holiday-add">
            {t('add')}
          </Button>
        </Form>
        <Table
          scroll={{ x: 'max-content' }}
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={list}
          pagination={false}
          columns={[
            { title: t('date'), dataIndex: 'date', render: (d: string) => `${d} (${t(weekdayKey(d))})` },
            { title: t('reason'), dataIndex: 'reason', render: (r: string) => r || '—' },
            {
              ...actionColumn,
              title: '',
              render: (_, h) => (
                <Popconfirm
                  title={t('removeQ')}
                  onConfirm={async () => {
                    await adminHolidayDelete({ id: h.id });
                    await refresh();
                  }}
                >
                  <Button size="small" danger>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
