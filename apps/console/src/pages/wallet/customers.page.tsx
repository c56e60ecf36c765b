import { formatDateTime } from '../../dates.ts';
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Statistic, Table, Tag } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';
import { money, newIdempotencyKey } from '../money.ts';

function Ledger({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['userWallet', userId, page],
    queryFn: () => call(contract.walletAdmin.adminWallet, { user_id: userId, page, page_size: 20 }),
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
      const r = await call(contract.walletAdmin.adminAdjustBalance, {
        user_id: userId,
        amount: v.amount,
        reason: v.reason,
        idempotency_key: attempt.current.key,
      });
      setDone(`${r.replayed ? 'Already applied' : 'Applied'}: transaction #${r.transaction_id}, balance now ${money(r.balance_minor)}`);
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
        <Card size="small" title="Balance">
          <Statistic value={q.data ? money(q.data.balance_minor) : '—'} title={q.data?.user_account} valueStyle={{ fontSize: 28 }} />
        </Card>
        <Card size="small" title="Adjust balance" style={{ marginTop: 16 }}>
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)}>
            <Form.Item
              name="amount"
              label="Amount (S$, negative takes money away)"
              rules={[
                { required: true, message: 'Enter an amount' },
                { pattern: /^[-+]?\d{1,9}(\.\d{1,2})?$/, message: 'Up to 2 decimals, e.g. 12.50 or -5' },
              ]}
            >
              <Input placeholder="e.g. 10.00 or -5.00" aria-label="Amount" />
            </Form.Item>
            <Form.Item name="reason" label="Reason (kept with the ledger entry)" rules={[{ required: true, message: 'Give a reason' }]}>
              <Input.TextArea maxLength={140} showCount aria-label="Reason" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              Post adjustment
            </Button>
          </Form>
          {done && <Alert style={{ marginTop: 12 }} type="success" message={done} showIcon />}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title="Ledger (newest first)">
          <Table
            rowKey="id"
            size="small"
            loading={q.isLoading}
            dataSource={q.data?.list}
            pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
            columns={[
              { title: 'Tx', dataIndex: 'transaction_id', width: 70 },
              { title: 'Time', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
              { title: 'Type', dataIndex: 'type', render: (v: string) => <Tag>{v}</Tag> },
              { title: 'What', dataIndex: 'title' },
              {
                title: 'Amount',
                dataIndex: 'amount_minor',
                align: 'right',
                render: (v: number) => (
                  <span style={{ color: v > 0 ? '#389e0d' : undefined }}>
                    {v > 0 ? '+' : ''}
                    {money(v)}
                  </span>
                ),
              },
              { title: 'Balance after', dataIndex: 'balance_after_minor', align: 'right', render: (v: number) => money(v) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** A customer's wallet: find them, see the ledger, post a signed adjustment with a reason. */
export function WalletCustomersPage() {
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const users = useQuery({
    queryKey: ['walletUsers', keyword],
    enabled: !!keyword,
    queryFn: () => call(contract.admin.userList, { page: 1, page_size: 10, keyword }),
  });
  return (
    <Card
      title="Customer wallets"
      extra={
        <Input.Search
          placeholder="ID, phone, e-mail, nickname"
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
          rowKey="user_id"
          size="small"
          loading={users.isLoading}
          dataSource={users.data?.list}
          pagination={false}
          onRow={(r) => ({ onClick: () => setUserId(r.user_id), style: { cursor: 'pointer' } })}
          columns={[
            { title: '#', dataIndex: 'user_id', width: 70 },
            { title: 'ID', dataIndex: 'user_account' },
            { title: 'Nickname', dataIndex: 'nickname' },
            { title: 'Phone', dataIndex: 'phone' },
            { title: '', key: 'open', render: () => <a>Open wallet</a> },
          ]}
        />
      )}
      {!keyword && <Alert type="info" message="Search a customer to see their balance and ledger." />}
      {userId && (
        <>
          <Button type="link" onClick={() => setUserId(null)} style={{ paddingLeft: 0 }}>
            ← Back to results
          </Button>
          <Ledger userId={userId} />
        </>
      )}
    </Card>
  );
}
