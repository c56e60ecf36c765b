import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { returnStatuses, type ReturnStatus } from '@pinyou/contract';
import { ListPage, actionColumn } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { dateTime, formatMoney } from './parcels-common.tsx';
import { adminReturnList } from './api/admin-return-list.ts';
import { adminReturnReview } from './api/admin-return-review.ts';
import { adminReturnSent } from './api/admin-return-sent.ts';

/** Return requests in both languages; the status texts say what staff have to do next. */
const strings = defineStrings({
  en: {
    title: 'Return requests',
    status_review: 'To review',
    status_pay: 'Approved, fee unpaid',
    status_paid: 'Paid, to send',
    status_sent: 'Sent',
    status_rejected: 'Rejected',
    status_cancelled: 'Cancelled',
    anyStatus: 'Any status',
    total: '{n} requests',
    trackingNo: 'Tracking no.',
    goods: 'Goods',
    shelf: 'Shelf',
    kg: 'kg',
    customer: 'Customer',
    parcels: 'Parcels',
    returnTo: 'Return to',
    fee: 'Fee',
    status: 'Status',
    courier: 'Courier {no}',
    requested: 'Requested',
    action: 'Action',
    approve: 'Approve',
    reject: 'Reject',
    rejectTitle: 'Reject the return',
    rejectPh: 'Reason shown to the customer',
    markSent: 'Mark sent',
    sentTitle: 'Courier number of the return',
    sentPh: 'e.g. SF1234567890',
    waitingPay: 'Waiting for the customer to pay',
  },
  zh_CN: {
    title: '退件申请',
    status_review: '待审核',
    status_pay: '已通过，待付运费',
    status_paid: '已付款，待寄出',
    status_sent: '已寄出',
    status_rejected: '已拒绝',
    status_cancelled: '已取消',
    anyStatus: '全部状态',
    total: '共 {n} 个申请',
    trackingNo: '运单号',
    goods: '物品',
    shelf: '货架',
    kg: '公斤',
    customer: '客户',
    parcels: '包裹',
    returnTo: '退回地址',
    fee: '费用',
    status: '状态',
    courier: '快递单号 {no}',
    requested: '申请时间',
    action: '操作',
    approve: '通过',
    reject: '拒绝',
    rejectTitle: '拒绝退件申请',
    rejectPh: '拒绝原因（客户可见）',
    markSent: '标记已寄出',
    sentTitle: '退件快递单号',
    sentPh: '例如 SF1234567890',
    waitingPay: '等待客户付款',
  },
});

const statusColor: Record<ReturnStatus, string> = {
  review: 'orange',
  pay: 'gold',
  paid: 'blue',
  sent: 'green',
  rejected: 'red',
  cancelled: 'default',
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
  const t = useT(strings);
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['adminReturns'] });
  return (
    <ListPage
      title={t('title')}
      queryKey={['adminReturns']}
      initialFilters={{ status: 'review' as ReturnStatus | undefined }}
      load={(p, f) => adminReturnList({ ...p, status: f.status })}
      filters={({ filters, set }) => (
        <Select
          allowClear
          placeholder={t('anyStatus')}
          style={{ width: 200 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={returnStatuses.map((s) => ({ value: s, label: t(`status_${s}`) }))}
        />
      )}
      rowKey="id"
      totalText={(n) => t('total', { n })}
      table={{
        expandable: {
          expandedRowRender: (r) => (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={r.parcels}
              columns={[
                { title: t('trackingNo'), dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
                { title: t('goods'), render: (_, p) => `${p.goods_name} ×${p.quantity}` },
                { title: t('shelf'), dataIndex: 'shelf' },
                { title: t('kg'), dataIndex: 'weight_kg' },
              ]}
            />
          ),
        },
      }}
      columns={[
        { title: '#', dataIndex: 'id', width: 60 },
        { title: t('customer'), render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
        { title: t('parcels'), render: (_, r) => r.parcels.map((p) => p.tracking_no).join(', ') },
        {
          title: t('returnTo'),
          render: (_, r) => (
            <>
              {r.consignee} {r.phone}
              <div style={{ fontSize: 12, color: '#888' }}>
                {r.address} {r.postcode}
              </div>
            </>
          ),
        },
        { title: t('fee'), render: (_, r) => formatMoney(r.fee) },
        {
          title: t('status'),
          render: (_, r) => (
            <>
              <Tag color={statusColor[r.status]}>{t(`status_${r.status}`)}</Tag>
              {r.reject_reason && <div style={{ fontSize: 12 }}>{r.reject_reason}</div>}
              {r.courier_no && <div style={{ fontSize: 12 }}>{t('courier', { no: r.courier_no })}</div>}
            </>
          ),
        },
        { title: t('requested'), dataIndex: 'created_at', render: dateTime },
        {
          ...actionColumn,
          title: t('action'),
          render: (_, r) => (
            <Space>
              {r.status === 'review' && (
                <>
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`return-approve-${r.id}`}
                    onClick={async () => {
                      await adminReturnReview({ return_id: r.id, approve: true });
                      refresh();
                    }}
                  >
                    {t('approve')}
                  </Button>
                  <TextAction
                    label={t('reject')}
                    danger
                    title={t('rejectTitle')}
                    placeholder={t('rejectPh')}
                    required
                    testid={`return-reject-${r.id}`}
                    onSubmit={async (reason) => {
                      await adminReturnReview({ return_id: r.id, approve: false, reason });
                      refresh();
                    }}
                  />
                </>
              )}
              {r.status === 'paid' && (
                <TextAction
                  label={t('markSent')}
                  title={t('sentTitle')}
                  placeholder={t('sentPh')}
                  required
                  testid={`return-sent-${r.id}`}
                  onSubmit={async (courier_no) => {
                    await adminReturnSent({ return_id: r.id, courier_no });
                    refresh();
                  }}
                />
              )}
              {r.status === 'pay' && <Typography.Text type="secondary">{t('waitingPay')}</Typography.Text>}
            </Space>
          ),
        },
      ]}
    />
  );
}
