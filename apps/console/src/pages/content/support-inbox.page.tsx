import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Input, Row, Space, Table, Tabs, Typography } from 'antd';
import { useT } from '../../i18n.ts';
import { strings, type Conv } from './content-common.tsx';
import { adminSupportAssign } from './api/admin-support-assign.ts';
import { adminSupportClose } from './api/admin-support-close.ts';
import { adminSupportDetail } from './api/admin-support-detail.ts';
import { adminSupportInbox } from './api/admin-support-inbox.ts';
import { adminSupportReply } from './api/admin-support-reply.ts';

/** Polling keeps the inbox and the open conversation current without a reload. */
const POLL_MS = 3000;

export function SupportInboxPage() {
  const t = useT(strings);
  const [status, setStatus] = useState<'waiting' | 'assigned' | 'closed'>('waiting');
  const [openId, setOpenId] = useState<number | null>(null);
  const [reply, setReply] = useState('');
  const inbox = useQuery({
    queryKey: ['support', 'inbox', status],
    queryFn: () => adminSupportInbox({ status, page: 1, page_size: 50 }),
    refetchInterval: POLL_MS,
  });
  const detail = useQuery({
    queryKey: ['support', 'detail', openId],
    queryFn: () => adminSupportDetail({ id: openId! }),
    enabled: !!openId,
    refetchInterval: POLL_MS,
  });
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['support'] });
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [detail.data?.list.length]);
  const conv = detail.data?.conversation;
  return (
    <Row gutter={16}>
      <Col span={10}>
        <Card title={t('inbox')}>
          <Tabs
            activeKey={status}
            onChange={(k) => setStatus(k as typeof status)}
            items={(['waiting', 'assigned', 'closed'] as const).map((s) => ({
              key: s,
              label: (
                <Badge count={s === 'closed' ? 0 : (inbox.data?.counts[s] ?? 0)} size="small" offset={[8, 0]}>
                  {t(s)}
                </Badge>
              ),
            }))}
          />
          <Table<Conv>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={inbox.data?.list ?? []}
            onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
            columns={[
              { title: t('customer'), render: (_, r) => `${r.customer.nickname} (${r.customer.account})` },
              { title: t('last'), dataIndex: 'last_message', ellipsis: true },
              { title: t('staff'), dataIndex: 'staff_name' },
            ]}
          />
        </Card>
      </Col>
      <Col span={14}>
        <Card
          title={conv ? `${conv.customer.nickname} (${conv.customer.account}) · ${t(conv.status)}` : t('none')}
          extra={
            conv && (
              <Space>
                {conv.status === 'waiting' && (
                  <Button onClick={async () => (await adminSupportAssign({ id: conv.id }), refresh())} data-testid="support-take">
                    {t('take')}
                  </Button>
                )}
                {conv.status !== 'closed' && (
                  <Button danger onClick={async () => (await adminSupportClose({ id: conv.id }), refresh())} data-testid="support-close">
                    {t('close')}
                  </Button>
                )}
              </Space>
            )
          }
        >
          {detail.data && (
            <>
              {detail.data.transcript.length > 0 && (
                <details style={{ marginBottom: 12 }}>
                  <summary>{t('transcript')}</summary>
                  {detail.data.transcript.map((m, i) => (
                    <div key={i} style={{ fontSize: 13, color: '#666' }}>
                      <b>{m.role}:</b> {m.content}
                    </div>
                  ))}
                </details>
              )}
              <div style={{ maxHeight: 420, overflowY: 'auto', background: '#fafafa', padding: 8 }} data-testid="support-thread">
                {detail.data.list.map((m) => (
                  <div
                    key={m.id}
                    style={{ textAlign: m.sender === 'staff' ? 'right' : m.sender === 'system' ? 'center' : 'left', margin: '6px 0' }}
                  >
                    <Typography.Text
                      type={m.sender === 'system' ? 'secondary' : undefined}
                      style={{
                        display: 'inline-block',
                        padding: '6px 10px',
                        borderRadius: 8,
                        background: m.sender === 'staff' ? '#e6f4ff' : m.sender === 'customer' ? '#fff' : 'transparent',
                        whiteSpace: 'pre-wrap',
                      }}
                    >
                      {m.body}
                    </Typography.Text>
                  </div>
                ))}
                <div ref={bottom} />
              </div>
              {conv?.status !== 'closed' && (
                <Space.Compact style={{ width: '100%', marginTop: 8 }}>
                  <Input.TextArea
                    value={reply}
                    onChange={(e) => setReply(e.target.value)}
                    placeholder={t('replyPh')}
                    autoSize
                    data-testid="support-reply"
                  />
                  <Button
                    type="primary"
                    disabled={!reply.trim()}
                    onClick={async () => {
                      await adminSupportReply({ id: conv!.id, body: reply.trim() });
                      setReply('');
                      await refresh();
                    }}
                    data-testid="support-reply-send"
                  >
                    {t('reply')}
                  </Button>
                </Space.Compact>
              )}
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
