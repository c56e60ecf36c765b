import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Segmented, Space, Table, Tag } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';
import { useMe } from '../../staff.ts';

/**
 * Codes are masked for every role; an administrator may reveal one message at a time, and every reveal is
 * written to the audit log by the server.
 */
function RevealButton({ id, onShown }: { id: number; onShown: (body: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      data-testid="outbox-reveal"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onShown((await call(contract.admin.outboxReveal, { id })).body);
        } finally {
          setBusy(false);
        }
      }}
    >
      Reveal (audited)
    </Button>
  );
}

/** Every SMS and e-mail the providers sent (the sandbox delivers here). */
export function OutboxPage() {
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<'all' | 'sms' | 'email'>('all');
  const [to, setTo] = useState('');
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const me = useMe();
  const q = useQuery({
    queryKey: ['outbox', page, channel, to],
    queryFn: () =>
      call(contract.admin.outbox, { page, page_size: 20, channel: channel === 'all' ? undefined : channel, to: to || undefined }),
    refetchInterval: 5000,
  });
  return (
    <Card
      title="Outbox"
      extra={
        <Space>
          <Segmented
            value={channel}
            onChange={(v) => {
              setChannel(v as typeof channel);
              setPage(1);
            }}
            options={[
              { label: 'All', value: 'all' },
              { label: 'SMS', value: 'sms' },
              { label: 'E-mail', value: 'email' },
            ]}
          />
          <Input.Search
            placeholder="Recipient"
            allowClear
            onSearch={(v) => {
              setTo(v);
              setPage(1);
            }}
            style={{ width: 200 }}
          />
          <Button onClick={() => void q.refetch()}>Refresh</Button>
        </Space>
      }
    >
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: 'Channel',
            dataIndex: 'channel',
            width: 90,
            render: (c: string) => <Tag color={c === 'sms' ? 'blue' : 'purple'}>{c}</Tag>,
          },
          { title: 'To', dataIndex: 'to', width: 200 },
          {
            title: 'Message',
            dataIndex: 'body',
            render: (b: string, r) => (
              <Space>
                <div data-testid="outbox-body">
                  {r.subject ? <b>{r.subject}: </b> : null}
                  {revealed[r.id] ?? b}
                </div>
                {r.masked && revealed[r.id] === undefined && me.data?.role === 'admin' ? (
                  <RevealButton id={r.id} onShown={(body) => setRevealed((m) => ({ ...m, [r.id]: body }))} />
                ) : null}
              </Space>
            ),
          },
          { title: 'Provider', dataIndex: 'provider', width: 100 },
          { title: 'Status', dataIndex: 'status', width: 100 },
        ]}
      />
    </Card>
  );
}
