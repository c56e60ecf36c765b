import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Input, Modal, Popconfirm, Segmented, Space, Tag, Typography, message } from 'antd';
import { contract, type Money, type ResponseOf } from '@pinyou/contract';
import { ListPage, actionColumn } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { enumText } from '../../enums.ts';
import { adminApproveRecharge } from './api/admin-approve-recharge.ts';
import { adminRechargeList } from './api/admin-recharge-list.ts';
import { adminRejectRecharge } from './api/admin-reject-recharge.ts';

type Row = ResponseOf<typeof contract.walletAdmin.adminRechargeList>['list'][number];
type Status = 'pending' | 'all' | 'paid' | 'rejected' | 'closed';
type Method = 'all' | 'offline' | 'paynow' | 'wechat';
const statusColor = { pending: 'orange', paid: 'green', rejected: 'red', closed: 'default' } as const;

const strings = defineStrings({
  en: {
    title: 'Top-up review',
    credited: 'Credited {amount} to {account}',
    needReason: 'Please give the reason the customer will see',
    rejected: 'Rejected',
    st_all: 'all',
    allMethods: 'All methods',
    bankTransfer: 'Bank transfer',
    paynow: 'PayNow',
    wechat: 'WeChat',
    wechatPay: 'WeChat Pay',
    refresh: 'Refresh',
    order: 'Order',
    customer: 'Customer',
    method: 'Method',
    amount: 'Amount',
    proof: 'Proof',
    voucher: 'voucher',
    paynowRef: 'PayNow ref',
    remark: 'Remark',
    status: 'Status',
    created: 'Created',
    review: 'Review',
    settlesWechat: 'Settles via WeChat',
    askPaynow: 'Has {amount} with reference {ref} arrived?',
    askVoucher: 'Voucher checked: credit {amount}?',
    confirmReceipt: 'Confirm receipt',
    approve: 'Approve',
    reject: 'Reject',
    rejectTitle: 'Reject {order}',
    reasonNote: 'The customer sees this reason with the top-up.',
    reasonHint: 'e.g. The voucher does not show the amount',
    reason: 'Reason',
  },
  zh_CN: {
    title: '充值审核',
    credited: '已为 {account} 入账 {amount}',
    needReason: '请填写驳回原因（客户可见）',
    rejected: '已驳回',
    st_all: '全部',
    allMethods: '全部方式',
    bankTransfer: '银行转账',
    paynow: 'PayNow',
    wechat: '微信',
    wechatPay: '微信支付',
    refresh: '刷新',
    order: '充值单号',
    customer: '客户',
    method: '充值方式',
    amount: '金额',
    proof: '凭证',
    voucher: '转账凭证',
    paynowRef: 'PayNow 参考号',
    remark: '备注',
    status: '状态',
    created: '提交时间',
    review: '审核',
    settlesWechat: '微信支付自动到账',
    askPaynow: '参考号 {ref} 的 {amount} 是否已到账？',
    askVoucher: '凭证已核对：确认入账 {amount}？',
    confirmReceipt: '确认到账',
    approve: '审核通过',
    reject: '驳回',
    rejectTitle: '驳回 {order}',
    reasonNote: '客户会在该充值记录中看到此原因。',
    reasonHint: '例如：凭证上看不到转账金额',
    reason: '驳回原因',
  },
});

/**
 * Top-ups to review. Offline transfers are checked against their voucher, PayNow against the bank's
 * receipt (by reference); approving credits the balance once. WeChat Pay ones settle by themselves and
 * are shown for reference only.
 */
export function WalletRechargesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: ['recharges'] });
  const approve = async (r: Row) => {
    await adminApproveRecharge({ id: r.id });
    message.success(t('credited', { amount: money(r.amount), account: r.user_account }));
    await refresh();
  };
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) return void message.error(t('needReason'));
    await adminRejectRecharge({ id: rejecting.id, reason: reason.trim() });
    message.success(t('rejected'));
    setRejecting(null);
    setReason('');
    await refresh();
  };
  return (
    <ListPage
      title={t('title')}
      queryKey={['recharges']}
      initialFilters={{ status: 'pending' as Status, method: 'all' as Method }}
      load={(p, f) =>
        adminRechargeList({
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
            options={(['pending', 'paid', 'rejected', 'closed', 'all'] as const).map((v) => ({
              label: v === 'all' ? t('st_all') : enumText('rechargeStatus', v),
              value: v,
            }))}
          />
          <Segmented
            value={filters.method}
            onChange={(v) => set({ method: v as Method })}
            options={[
              { label: t('allMethods'), value: 'all' },
              { label: t('bankTransfer'), value: 'offline' },
              { label: t('paynow'), value: 'paynow' },
              { label: t('wechat'), value: 'wechat' },
            ]}
          />
          <Button onClick={() => void refresh()}>{t('refresh')}</Button>
        </>
      )}
      rowKey="id"
      columns={[
        {
          title: t('order'),
          dataIndex: 'order_no',
          render: (v: string, r) => (
            <Typography.Text copyable={{ text: v }} data-testid={`recharge-${r.id}`}>
              {v}
            </Typography.Text>
          ),
        },
        { title: t('customer'), dataIndex: 'user_account', render: (v: string, r) => `${v} (#${r.user_id})` },
        {
          title: t('method'),
          dataIndex: 'method',
          render: (m: string) => ({ offline: t('bankTransfer'), paynow: t('paynow'), wechat: t('wechatPay') })[m] ?? m,
        },
        { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: Money) => <b>{money(v)}</b> },
        {
          title: t('proof'),
          key: 'proof',
          render: (_: unknown, r) =>
            r.voucher_url ? (
              <Image src={r.voucher_url} width={56} height={56} style={{ objectFit: 'cover' }} alt={t('voucher')} />
            ) : r.paynow_reference ? (
              <span>
                {t('paynowRef')}{' '}
                <Typography.Text code copyable>
                  {r.paynow_reference}
                </Typography.Text>
              </span>
            ) : (
              '—'
            ),
        },
        { title: t('remark'), dataIndex: 'remark', render: (v: string) => v || '—' },
        {
          title: t('status'),
          dataIndex: 'status',
          render: (s: Row['status'], r) => (
            <>
              <Tag color={statusColor[s]}>{enumText('rechargeStatus', s)}</Tag>
              {r.reject_reason && <div style={{ color: '#cf1322' }}>{r.reject_reason}</div>}
            </>
          ),
        },
        { title: t('created'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
        {
          ...actionColumn,
          title: t('review'),
          key: 'actions',
          render: (_: unknown, r) =>
            r.status !== 'pending' ? (
              r.reviewed_at ? (
                <Typography.Text type="secondary">{formatDateTime(r.reviewed_at)}</Typography.Text>
              ) : null
            ) : r.method === 'wechat' ? (
              <Typography.Text type="secondary">{t('settlesWechat')}</Typography.Text>
            ) : (
              <Space>
                <Popconfirm
                  title={
                    r.method === 'paynow'
                      ? t('askPaynow', { amount: money(r.amount), ref: r.paynow_reference ?? '' })
                      : t('askVoucher', { amount: money(r.amount) })
                  }
                  onConfirm={() => approve(r)}
                >
                  <Button type="primary" size="small" data-testid={`approve-${r.id}`}>
                    {r.method === 'paynow' ? t('confirmReceipt') : t('approve')}
                  </Button>
                </Popconfirm>
                <Button danger size="small" onClick={() => setRejecting(r)} data-testid={`reject-${r.id}`}>
                  {t('reject')}
                </Button>
              </Space>
            ),
        },
      ]}
    >
      <Modal
        open={!!rejecting}
        title={t('rejectTitle', { order: rejecting?.order_no ?? '' })}
        okText={t('reject')}
        okButtonProps={{ danger: true }}
        onOk={() => reject()}
        onCancel={() => setRejecting(null)}
      >
        <p>{t('reasonNote')}</p>
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={140}
          showCount
          placeholder={t('reasonHint')}
          aria-label={t('reason')}
        />
      </Modal>
    </ListPage>
  );
}
