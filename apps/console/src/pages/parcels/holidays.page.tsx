import { formatDate } from '../../dates.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';

const weekday = (d: string) => formatDate(`${d}T00:00:00Z`);

export function HolidaysPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ date: string; reason: string }>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['holidays'], queryFn: () => call(contract.parcelsAdmin.adminHolidayList, {}) });
  const list = [...(q.data?.list ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const refresh = () => qc.invalidateQueries({ queryKey: ['holidays'] });
  return (
    <Card title="Warehouse holidays (no packing on these dates)">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Customers book a packing date from tomorrow (China time) onwards; the dates listed here cannot be booked. Existing bookings on a
          date added later are not moved.
        </Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          onFinish={async (v) => {
            setBusy(true);
            try {
              await call(contract.parcelsAdmin.adminHolidaySave, { date: v.date, reason: v.reason?.trim() ?? '' });
              form.resetFields();
              await refresh();
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item
            name="date"
            label="Date"
            rules={[
              { required: true, message: 'Choose a date' },
              {
                validator: async (_, v) => {
                  if (v && list.some((h) => h.date === v)) throw new Error('Already a holiday');
                },
              },
            ]}
          >
            <Input type="date" data-testid="holiday-date" />
          </Form.Item>
          <Form.Item name="reason" label="Reason" rules={[{ max: 60 }]}>
            <Input placeholder="e.g. Chinese New Year" style={{ width: 240 }} data-testid="holiday-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="holiday-add">
            Add holiday
          </Button>
        </Form>
        <Table
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={list}
          pagination={false}
          columns={[
            { title: 'Date', dataIndex: 'date', render: (d: string) => `${d} (${weekday(d)})` },
            { title: 'Reason', dataIndex: 'reason', render: (r: string) => r || '—' },
            {
              title: '',
              render: (_, h) => (
                <Popconfirm
                  title="Remove this holiday?"
                  onConfirm={async () => {
                    await call(contract.parcelsAdmin.adminHolidayDelete, { id: h.id });
                    await refresh();
                  }}
                >
                  <Button size="small" danger>
                    Remove
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
