import { formatDateTime } from '../../dates.ts';
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Statistic, Table, Tag } from 'antd';
import { type Money } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { money, newIdempotencyKey } from '../money.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { enumText } from '../../enums.ts';
import { adminAdjustBalance } from './api/admin-adjust-balance.ts';
import { adminWallet } from './api/admin-wallet.ts';
import { userList } from '../customers/api/user-list.ts';

const strings = defineStrings({
  en: {
    title: 'Customer wallets',
    search: 'ID, phone, e-mail, nickname',
    nickname: 'Nickname',
    phone: 'Phone',
    openWallet: 'Open wallet',
    searchHint: 'Search a customer to see their balance and ledger.',
    back: '← Back to results',
    applied: 'Applied: transaction #{tx}, balance now {balance}',
    alreadyApplied: 'Already applied: transaction #{tx}, balance now {balance}',
    balance: 'Balance',
    adjust: 'Adjust balance',
    amountLabel: 'Amount (S$, negative takes money away)',
    enterAmount: 'Enter an amount',
    amountFormat: 'Up to 2 decimals, e.g. 12.50 or -5',
    amountHint: 'e.g. 10.00 or -5.00',
    amount: 'Amount',
    reasonLabel: 'Reason (kept with the ledger entry)',
    giveReason: 'Give a reason',
    reason: 'Reason',
    post: 'Post adjustment',
    ledger: 'Ledger (newest first)',
    tx: 'Tx',
    time: 'Time',
    type: 'Type',
    what: 'What',
    balanceAfter: 'Balance after',
  },
  zh_CN: {
    title: '客户钱包',
    search: 'ID、手机号、邮箱、昵称',
    nickname: '昵称',
    phone: '手机号',
    openWallet: '查看钱包',
    searchHint: '搜索客户后可查看其余额和流水。',
    back: '← 返回搜索结果',
    applied: '已入账：流水号 #{tx}，当前余额 {balance}',
    alreadyApplied: '此前已入账：流水号 #{tx}，当前余额 {balance}',
    balance: '余额',
    adjust: '调整余额',
    amountLabel: '金额（新币，负数为扣减）',
    enterAmount: '请输入金额',
    amountFormat: '最多两位小数，如 12.50 或 -5',
    amountHint: '如 10.00 或 -5.00',
    amount: '金额',
    reasonLabel: '原因（随流水记录保存）',
    giveReason: '请填写原因',
    reason: '原因',
    post: '提交调整',
    ledger: '流水（最新在前）',
    tx: '流水号',
    time: '时间',
    type: '类型',
    what: '摘要',
    balanceAfter: '变动后余额',
  },
});

function Ledger({ userId }: { userId: number }) {
  const t = useT(strings);
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['userWallet', userId, page],
    queryFn: () => adminWallet({ user_id: userId, page, page_size: 20 }),
  });
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  // Same key while the form holds the same values: a retry after a lost answer is not a second adjustment.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  const submit = async (v: { amount: string; reason: string }) => {
    const sig = `${userId}|${v.amount}|${v.reason}`;
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: newIdempotencyKey() };
    setSaving(true);
    try {
      const r = await adminAdjustBalance({
        user_id: userId,
        amount: v.amount,
        reason: v.reason,
        idempotency_key: attempt.current.key,
      });
      setDone(t(r.replayed ? 'alreadyApplied' : 'applied', { tx: r.transaction_id, balance: money(r.balance) }));
      attempt.current = null;
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['userWallet', userId] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('balance')}>
          <Statistic value={q.data ? money(q.data.balance) : '—'} title={q.data?.user_account} valueStyle={{ fontSize: 28 }} />
        </Card>
        <Card size="small" title={t('adjust')} style={{ marginTop: 16 }}>
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)}>
            <Form.Item
              name="amount"
              label={t('amountLabel')}
              rules={[
                { required: true, message: t('enterAmount') },
                { pattern: /^[-+]?\d{1,9}(\.\d{1,2})?$/, message: t('amountFormat') },
              ]}
            >
              <Input placeholder={t('amountHint')} aria-label={t('amount')} />
            </Form.Item>
            <Form.Item name="reason" label={t('reasonLabel')} rules={[{ required: true, message: t('giveReason') }]}>
              <Input.TextArea maxLength={140} showCount aria-label={t('reason')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('post')}
            </Button>
          </Form>
          {done && <Alert style={{ marginTop: 12 }} type="success" message={done} showIcon />}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={t('ledger')}>
          <Table
            rowKey="id"
            size="small"
            loading={q.isLoading}
            dataSource={q.data?.list}
            pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
            columns={[
              { title: t('tx'), dataIndex: 'transaction_id', width: 70 },
              { title: t('time'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
              {
                title: t('type'),
                dataIndex: 'type',
                render: (v: string) => <Tag>{enumText('transactionType', v)}</Tag>,
              },
              { title: t('what'), dataIndex: 'title' },
              {
                title: t('amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (v: Money) => (
                  <span style={{ color: v.amount_minor > 0 ? '#389e0d' : undefined }}>
                    {v.amount_minor > 0 ? '+' : ''}
                    {money(v)}
                  </span>
                ),
              },
              { title: t('balanceAfter'), dataIndex: 'balance_after', align: 'right', render: (v: Money) => money(v) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** A customer's wallet: find them, see the ledger, post a signed adjustment with a reason. */
export function WalletCustomersPage() {
  const t = useT(strings);
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const users = useQuery({
    queryKey: ['walletUsers', keyword],
    enabled: !!keyword,
    queryFn: () => userList({ page: 1, page_size: 10, keyword }),
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Input.Search
          placeholder={t('search')}
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setUserId(null);
          }}
          style={{ width: 280 }}
        />
      }
    >
      {!userId && keyword && (
        <Table
          scroll={{ x: 'max-content' }}
          rowKey="user_id"
          size="small"
          loading={users.isLoading}
          dataSource={users.data?.list}
          pagination={false}
          onRow={(r) => ({ onClick: () => setUserId(r.user_id), style: { cursor: 'pointer' } })}
          columns={[
            { title: '#', dataIndex: 'user_id', width: 70 },
            { title: 'ID', dataIndex: 'user_account' },
            { title: t('nickname'), dataIndex: 'nickname' },
            { title: t('phone'), dataIndex: 'phone' },
            { ...actionColumn, title: '', key: 'open', render: () => <a>{t('openWallet')}</a> },
          ]}
        />
      )}
      {!keyword && <Alert type="info" message={t('searchHint')} />}
      {userId && (
        <>
          <Button type="link" onClick={() => setUserId(null)} style={{ paddingLeft: 0 }}>
            {t('back')}
          </Button>
          <Ledger userId={userId} />
        </>
      )}
    </Card>
  );
}
