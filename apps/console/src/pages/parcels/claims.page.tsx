import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { claimStatuses, type PackClaim } from '@pinyou/contract';
import { ListPage, actionColumn } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { Photos, dateTime, formatMoney } from './parcels-common.tsx';
import { getPackClaims, packClaimsKey, reviewPackClaim } from './api/pack-claims.ts';

const strings = defineStrings({
  en: {
    title: 'Insurance claims',
    anyStatus: 'Any status',
    status_submitted: 'To review',
    status_approved: 'Approved',
    status_rejected: 'Rejected',
    kind_loss: 'Lost',
    kind_damage: 'Damaged',
    total: '{n} claims',
    pack: 'Pack',
    customer: 'Customer',
    kind: 'What happened',
    reason: 'Reason',
    cover: 'Cover',
    amount: 'Paid',
    status: 'Status',
    created: 'Claimed',
    approve: 'Approve',
    reject: 'Reject',
    approveTitle: 'Approve the claim: amount credited to the wallet',
    amountPh: 'Amount (S$), at most the cover',
    notePh: 'Note shown to the customer',
    rejectTitle: 'Reject the claim',
    done: 'Saved',
    action: 'Action',
  },
  zh_CN: {
    title: '保险理赔',
    anyStatus: '全部状态',
    status_submitted: '待审核',
    status_approved: '已通过',
    status_rejected: '已拒绝',
    kind_loss: '丢失',
    kind_damage: '破损',
    total: '共 {n} 个理赔',
    pack: '包裹',
    customer: '客户',
    kind: '情况',
    reason: '说明',
    cover: '保额',
    amount: '赔付',
    status: '状态',
    created: '申请时间',
    approve: '通过',
    reject: '拒绝',
    approveTitle: '通过理赔：金额存入客户余额',
    amountPh: '金额（新元），不超过保额',
    notePh: '给客户的说明',
    rejectTitle: '拒绝理赔',
    done: '已保存',
    action: '操作',
  },
});

const color = { submitted: 'orange', approved: 'green', rejected: 'red' } as const;

/** Finance reviews claims on insured packs: approve an amount up to the cover (paid to the wallet) or reject. */
export function ClaimsPage() {
  const t = useT(strings);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [review, setReview] = useState<{ claim: PackClaim; approve: boolean } | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!review) return;
    setBusy(true);
    try {
      await reviewPackClaim({
        id: review.claim.id,
        approve: review.approve,
        amount: review.approve && amount !== null ? amount.toFixed(2) : undefined,
        note,
      });
      void message.success(t('done'));
      setReview(null);
      void qc.invalidateQueries({ queryKey: packClaimsKey });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ListPage
        title={t('title')}
        queryKey={[...packClaimsKey]}
        initialFilters={{ status: 'submitted' as PackClaim['status'] | undefined }}
        load={(p, f) => getPackClaims({ ...p, status: f.status })}
        filters={({ filters, set }) => (
          <Select
            allowClear
            placeholder={t('anyStatus')}
            style={{ width: 200 }}
            value={filters.status}
            onChange={(v) => set({ status: v })}
            options={claimStatuses.map((s) => ({ value: s, label: t(`status_${s}`) }))}
          />
        )}
        rowKey="id"
        totalText={(n) => t('total', { n })}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('pack'), dataIndex: 'pack_no' },
          { title: t('customer'), render: (_, r) => `#${r.user_id}` },
          { title: t('kind'), render: (_, r) => t(`kind_${r.kind}`) },
          { title: t('reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('cover'), render: (_, r) => formatMoney(r.cover) },
          { title: t('amount'), render: (_, r) => (r.amount ? formatMoney(r.amount) : '—') },
          { title: t('status'), render: (_, r) => <Tag color={color[r.status]}>{t(`status_${r.status}`)}</Tag> },
          { title: t('created'), render: (_, r) => dateTime(r.created_at) },
          {
            ...actionColumn,
            title: t('action'),
            render: (_, r: PackClaim) =>
              r.status === 'submitted' ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    data-testid="claim-approve"
                    onClick={() => {
                      setAmount(r.cover.amount_minor / 100);
                      setNote('');
                      setReview({ claim: r, approve: true });
                    }}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    data-testid="claim-reject"
                    onClick={() => {
                      setNote('');
                      setReview({ claim: r, approve: false });
                    }}
                  >
                    {t('reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!review}
        title={review?.approve ? t('approveTitle') : t('rejectTitle')}
        confirmLoading={busy}
        okButtonProps={{ disabled: review?.approve ? !amount || amount <= 0 : !note.trim() }}
        onCancel={() => setReview(null)}
        onOk={() => void submit().catch(() => undefined)}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {review && (
            <div data-testid="claim-review-photos">
              <Photos urls={review.claim.photos} />
            </div>
          )}
          {review?.approve && (
            <InputNumber
              style={{ width: '100%' }}
              min={0.01}
              max={review.claim.cover.amount_minor / 100}
              step={0.01}
              value={amount}
              onChange={(v) => setAmount(v)}
              placeholder={t('amountPh')}
              data-testid="claim-amount"
            />
          )}
          <Input.TextArea maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('notePh')} />
        </Space>
      </Modal>
    </>
  );
}
