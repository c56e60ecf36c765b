import { formatDateTime } from '../../dates.ts';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMe } from '../../staff.ts';
import { defineStrings, useT } from '../../i18n.ts';
import { enumText } from '../../enums.ts';
import { outbox } from './api/outbox.ts';
import { outboxReveal } from './api/outbox-reveal.ts';

const strings = defineStrings({
  en: {
    title: 'Outbox',
    reveal: 'Reveal (audited)',
    all: 'All',
    sms: 'SMS',
    email: 'E-mail',
    wechat: 'WeChat',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    template: 'Template',
    text: 'Free text (24-hour window)',
    recipient: 'Recipient',
    refresh: 'Refresh',
    time: 'Time',
    channel: 'Channel',
    to: 'To',
    message: 'Message',
    provider: 'Provider',
    status: 'Status',
  },
  zh_CN: {
    title: '发件箱',
    reveal: '查看原文（留痕）',
    all: '全部',
    sms: '短信',
    email: '邮件',
    wechat: '微信',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    template: '模板消息',
    text: '自由文本（24 小时窗口内）',
    recipient: '收件人',
    refresh: '刷新',
    time: '时间',
    channel: '渠道',
    to: '收件人',
    message: '内容',
    provider: '服务商',
    status: '状态',
  },
});

/**
 * Codes are masked for every role; an administrator may reveal one message at a time, and every reveal is
 * written to the audit log by the server.
 */
function RevealButton({ id, onShown }: { id: number; onShown: (body: string) => void }) {
  const t = useT(strings);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      data-testid="outbox-reveal"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onShown((await outboxReveal({ id })).body);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('reveal')}
    </Button>
  );
}

const channels = ['sms', 'email', 'wechat', 'whatsapp', 'telegram'] as const;
type Channel = (typeof channels)[number];
const channelColor: Record<Channel, string> = { sms: 'blue', email: 'purple', wechat: 'green', whatsapp: 'cyan', telegram: 'geekblue' };
const isChannel = (c: string): c is Channel => (channels as readonly string[]).includes(c);

/** Every SMS, e-mail, WeChat, WhatsApp and Telegram message the providers sent (the sandbox delivers here). */
export function OutboxPage() {
  const t = useT(strings);
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<'all' | Channel>('all');
  const [to, setTo] = useState('');
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const me = useMe();
  const q = useQuery({
    queryKey: ['outbox', page, channel, to],
    queryFn: () => outbox({ page, page_size: 20, channel: channel === 'all' ? undefined : channel, to: to || undefined }),
    refetchInterval: 5000,
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          <Segmented
            value={channel}
            onChange={(v) => {
              setChannel(v as typeof channel);
              setPage(1);
            }}
            options={[{ label: t('all'), value: 'all' }, ...channels.map((c) => ({ label: t(c), value: c }))]}
          />
          <Input.Search
            placeholder={t('recipient')}
            allowClear
            onSearch={(v) => {
              setTo(v);
              setPage(1);
            }}
            style={{ width: 200 }}
          />
          <Button onClick={() => void q.refetch()}>{t('refresh')}</Button>
        </Space>
      }
    >
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage }}
        columns={[
          { title: t('time'), dataIndex: 'created_at', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: t('channel'),
            dataIndex: 'channel',
            width: 110,
            render: (c: string, r) => (
              <Space direction="vertical" size={2}>
                <Tag color={isChannel(c) ? channelColor[c] : undefined} data-testid="outbox-channel">
                  {isChannel(c) ? t(c) : c}
                </Tag>
                {r.form === 'template' || r.form === 'text' ? <Typography.Text type="secondary">{t(r.form)}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: t('to'),
            dataIndex: 'to',
            width: 200,
            // A WeChat openid or a Telegram chat id is an identifier, shown as one (staff copy it to those tools).
            render: (to: string, r) =>
              r.channel === 'wechat' || r.channel === 'telegram' ? <Typography.Text code>{to}</Typography.Text> : to,
          },
          {
            title: t('message'),
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
          { title: t('provider'), dataIndex: 'provider', width: 100 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => enumText('outboxStatus', s),
          },
        ]}
      />
    </Card>
  );
}
