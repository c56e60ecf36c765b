import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { contract, returnStatuses, type ReturnStatus } from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListPage } from '../../components/list-page.tsx';
import { dateTime, formatMoney } from './parcels-common.tsx';

const statusText: Record<ReturnStatus, { text: string; color: string }> = {
  review: { text: 'To review', color: 'orange' },
  pay: { text: 'Approved, fee unpaid', color: 'gold' },
  paid: { text: 'Paid, to send', color: 'blue' },
  sent: { text: 'Sent', color: 'green' },
  rejected: { text: 'Rejected', color: 'red' },
  cancelled: { text: 'Cancelled', color: 'default' },
};

/** One text prompt (reject reason, courier number) before an action. */
function TextAction({
  label,
  title,
  placeholder,
  required,
  danger,
  testid,
  onSubmit,
}: {
  label: string;
  title: string;
  placeholder: string;
  required: boolean;
  danger?: boolean;
  testid: string;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        size="small"
        danger={danger}
        onClick={() => {
          setText('');
          setOpen(true);
        }}
        data-testid={testid}
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        confirmLoading={busy}
        okButtonProps={{ disabled: required && !text.trim() }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true);
          try {
            await onSubmit(text.trim());
            setOpen(false);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Input maxLength={140} value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} />
      </Modal>
    </>
  );
}

export function ReturnsPage() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['adminReturns'] });
  return (
    <ListPage
      title="Return requests"
      queryKey={['adminReturns']}
      initialFilters={{ status: 'review' as ReturnStatus | undefined }}
      load={(p, f) => call(contract.parcelsAdmin.adminReturnList, { ...p, status: f.status })}
      filters={({ filters, set }) => (
        <Select
          allowClear
          placeholder="Any status"
          style={{ width: 200 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={returnStatuses.map((s) => ({ value: s, label: statusText[s].text }))}
        />
      )}
      rowKey="id"
      totalText={(t) => `${t} requests`}
      table={{
        expandable: {
          expandedRowRender: (r) => (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={r.parcels}
              columns={[
                { title: 'Tracking no.', dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                { title: 'Goods', render: (_, p) => `${p.goods_name} ×${p.quantity}` },
                { title: 'Shelf', dataIndex: 'shelf' },
                { title: 'kg', dataIndex: 'weight_kg' },
              ]}
            />
          ),
        },
      }}
      columns={[
        { title: '#', dataIndex: 'id', width: 60 },
        { title: 'Customer', render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        { title: 'Parcels', render: (_, r) => r.parcels.map((p) => p.tracking_no).join(', ') },
        {
          title: 'Return to',
          render: (_, r) => (
            <>
              {r.consignee} {r.phone}
              <div style={{ fontSize: 12, color: '#888' }}>
                {r.address} {r.postcode}
              </div>
            </>
          ),
        },
        { title: 'Fee', render: (_, r) => formatMoney(r.fee) },
        {
          title: 'Status',
          render: (_, r) => (
            <>
              <Tag color={statusText[r.status].color}>{statusText[r.status].text}</Tag>
              {r.reject_reason && <div style={{ fontSize: 12 }}>{r.reject_reason}</div>}
              {r.courier_no && <div style={{ fontSize: 12 }}>Courier {r.courier_no}</div>}
            </>
          ),
        },
        { title: 'Requested', dataIndex: 'created_at', render: dateTime },
        {
          title: 'Action',
          render: (_, r) => (
            <Space>
              {r.status === 'review' && (
                <>
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`return-approve-${r.id}`}
                    onClick={async () => {
                      await call(contract.parcelsAdmin.adminReturnReview, { return_id: r.id, approve: true });
                      refresh();
                    }}
                  >
                    Approve
                  </Button>
                  <TextAction
                    label="Reject"
                    danger
                    title="Reject the return"
                    placeholder="Reason shown to the customer"
                    required
                    testid={`return-reject-${r.id}`}
                    onSubmit={async (reason) => {
                      await call(contract.parcelsAdmin.adminReturnReview, { return_id: r.id, approve: false, reason });
                      refresh();
                    }}
                  />
                </>
              )}
              {r.status === 'paid' && (
                <TextAction
                  label="Mark sent"
                  title="Courier number of the return"
                  placeholder="e.g. SF1234567890"
                  required
                  testid={`return-sent-${r.id}`}
                  onSubmit={async (courier_no) => {
                    await call(contract.parcelsAdmin.adminReturnSent, { return_id: r.id, courier_no });
                    refresh();
                  }}
                />
              )}
              {r.status === 'pay' && <Typography.Text type="secondary">Waiting for the customer to pay</Typography.Text>}
            </Space>
          ),
        },
      ]}
    />
  );
}
