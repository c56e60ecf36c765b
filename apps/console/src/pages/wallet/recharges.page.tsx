import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Input, Modal, Popconfirm, Segmented, Space, Tag, Typography, message } from 'antd';
import { contract, type ResponseOf } from '@pinyou/contract';
import { call } from '../../api.ts';
import { ListPage } from '../../components/list-page.tsx';
import { money } from '../money.ts';

type Row = ResponseOf<typeof contract.walletAdmin.adminRechargeList>['list'][number];
type Status = 'pending' | 'all' | 'paid' | 'rejected' | 'closed';
type Method = 'all' | 'offline' | 'paynow' | 'wechat';
const statusColor = { pending: 'orange', paid: 'green', rejected: 'red', closed: 'default' } as const;

/**
 * Top-ups to review. Offline transfers are checked against their voucher, PayNow against the bank's
 * receipt (by reference); approving credits the balance once. WeChat Pay ones settle by themselves and
 * are shown for reference only.
 */
export function WalletRechargesPage() {
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: ['recharges'] });
  const approve = async (r: Row) => {
    await call(contract.walletAdmin.adminApproveRecharge, { id: r.id });
    message.success(`Credited ${money(r.amount_minor)} to ${r.user_account}`);
    await refresh();
  };
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) return void message.error('Please give the reason the customer will see');
    await call(contract.walletAdmin.adminRejectRecharge, { id: rejecting.id, reason: reason.trim() });
    message.success('Rejected');
    setRejecting(null);
    setReason('');
    await refresh();
  };
  return (
    <ListPage
      title="Top-up review"
      queryKey={['recharges']}
      initialFilters={{ status: 'pending' as Status, method: 'all' as Method }}
      load={(p, f) =>
        call(contract.walletAdmin.adminRechargeList, {
          ...p,
          status: f.status === 'all' ? undefined : f.status,
          method: f.method === 'all' ? undefined : f.method,
        })
      }
      filters={({ filters, set }) => (
        <>
          <Segmented
            value={filters.status}
            onChange={(v) => set({ status: v as Status })}
            options={['pending', 'paid', 'rejected', 'closed', 'all'].map((v) => ({ label: v, value: v }))}
          />
          <Segmented
            value={filters.method}
            onChange={(v) => set({ method: v as Method })}
            options={[
              { label: 'All methods', value: 'all' },
              { label: 'Bank transfer', value: 'offline' },
              { label: 'PayNow', value: 'paynow' },
              { label: 'WeChat', value: 'wechat' },
            ]}
          />
          <Button onClick={() => void refresh()}>Refresh</Button>
        </>
      )}
      rowKey="id"
      columns={[
        {
          title: 'Order',
          dataIndex: 'order_no',
          render: (v: string, r) => (
            <Typography.Text copyable={{ text: v }} data-testid={`recharge-${r.id}`}>
              {v}
            </Typography.Text>
          ),
        },
        { title: 'Customer', dataIndex: 'user_account', render: (v: string, r) => `${v} (#${r.user_id})` },
        {
          title: 'Method',
          dataIndex: 'method',
          render: (m: string) => ({ offline: 'Bank transfer', paynow: 'PayNow', wechat: 'WeChat Pay' })[m] ?? m,
        },
        { title: 'Amount', dataIndex: 'amount_minor', align: 'right', render: (v: number) => <b>{money(v)}</b> },
        {
          title: 'Proof',
          key: 'proof',
          render: (_: unknown, r) =>
            r.voucher_url ? (
              <Image src={r.voucher_url} width={56} height={56} style={{ objectFit: 'cover' }} alt="voucher" />
            ) : r.paynow_reference ? (
              <span>
                PayNow ref{' '}
                <Typography.Text code copyable>
                  {r.paynow_reference}
                </Typography.Text>
              </span>
            ) : (
              '—'
            ),
        },
        { title: 'Remark', dataIndex: 'remark', render: (v: string) => v || '—' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (s: Row['status'], r) => (
            <>
              <Tag color={statusColor[s]}>{s}</Tag>
              {r.reject_reason && <div style={{ color: '#cf1322' }}>{r.reject_reason}</div>}
            </>
          ),
        },
        { title: 'Created', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
        {
          title: 'Review',
          key: 'actions',
          render: (_: unknown, r) =>
            r.status !== 'pending' ? (
              r.reviewed_at ? (
                <Typography.Text type="secondary">{formatDateTime(r.reviewed_at)}</Typography.Text>
              ) : null
            ) : r.method === 'wechat' ? (
              <Typography.Text type="secondary">Settles via WeChat</Typography.Text>
            ) : (
              <Space>
                <Popconfirm
                  title={
                    r.method === 'paynow'
                      ? `Has ${money(r.amount_minor)} with reference ${r.paynow_reference} arrived?`
                      : `Voucher checked: credit ${money(r.amount_minor)}?`
                  }
                  onConfirm={() => approve(r)}
                >
                  <Button type="primary" size="small" data-testid={`approve-${r.id}`}>
                    {r.method === 'paynow' ? 'Confirm receipt' : 'Approve'}
                  </Button>
                </Popconfirm>
                <Button danger size="small" onClick={() => setRejecting(r)} data-testid={`reject-${r.id}`}>
                  Reject
                </Button>
              </Space>
            ),
        },
      ]}
    >
      <Modal
        open={!!rejecting}
        title={`Reject ${rejecting?.order_no ?? ''}`}
        okText="Reject"
        okButtonProps={{ danger: true }}
        onOk={() => reject()}
        onCancel={() => setRejecting(null)}
      >
        <p>The customer sees this reason with the top-up.</p>
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={140}
          showCount
          placeholder="e.g. The voucher does not show the amount"
          aria-label="Reason"
        />
      </Modal>
    </ListPage>
  );
}
