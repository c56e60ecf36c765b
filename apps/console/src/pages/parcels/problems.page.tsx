import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Input, Select, Space, Tag, Timeline, Typography, type UploadFile } from 'antd';
import { problemStatuses, type ProblemStatus } from '@pinyou/contract';
import { ListPage } from '../../components/list-page.tsx';
import { defineStrings, useT } from '../../i18n.ts';
import { dateTime, PhotoUploader, Photos, uploadedUrls } from './parcels-common.tsx';
import { problemStatusColor, problemStrings } from './problem-parts.tsx';
import { ProblemReasonsButton } from './problem-reasons.tsx';
import { adminProblemDetail } from './api/admin-problem-detail.ts';
import { adminProblemList } from './api/admin-problem-list.ts';
import { adminProblemReply } from './api/admin-problem-reply.ts';
import { adminProblemResolve } from './api/admin-problem-resolve.ts';

/** Problem parcels (异常件): what the warehouse flagged, the customer's answers, replies and resolutions. */
const strings = defineStrings({
  en: {
    title: 'Problem parcels',
    anyStatus: 'Any status',
    total: '{n} problems',
    trackingNo: 'Tracking no.',
    shelf: 'Shelf',
    customer: 'Customer',
    reason: 'Reason',
    status: 'Status',
    flagged: 'Flagged',
    open: 'Open',
    drawerTitle: 'Problem #{id} — {no}',
    note: 'Note',
    photos: 'Photos',
    thread: 'Thread',
    noMessages: 'No answer yet',
    customerSays: 'Customer',
    staffSays: 'Warehouse',
    reply: 'Reply',
    replyPh: 'Reply to the customer',
    send: 'Send reply',
    resolve: 'Resolve',
    resolutionPh: 'What was done (shown to the customer)',
    resolution: 'Resolution',
    choice_return: 'Return to seller',
    choice_dispose: 'Dispose',
    choice_repack: 'Repack',
    choice_proceed: 'Ship as is',
    choice_invoice: 'Invoice uploaded',
  },
  zh_CN: {
    title: '异常件',
    anyStatus: '全部状态',
    total: '共 {n} 个异常',
    trackingNo: '运单号',
    shelf: '货架',
    customer: '客户',
    reason: '原因',
    status: '状态',
    flagged: '标记时间',
    open: '打开',
    drawerTitle: '异常 #{id} — {no}',
    note: '说明',
    photos: '照片',
    thread: '沟通记录',
    noMessages: '客户尚未回复',
    customerSays: '客户',
    staffSays: '仓库',
    reply: '回复',
    replyPh: '回复客户',
    send: '发送回复',
    resolve: '处理完成',
    resolutionPh: '处理结果（客户可见）',
    resolution: '处理结果',
    choice_return: '退回卖家',
    choice_dispose: '销毁',
    choice_repack: '重新包装',
    choice_proceed: '照常发货',
    choice_invoice: '已上传发票',
  },
});

function ProblemDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT(strings);
  const ts = useT(problemStrings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['adminProblem', id], queryFn: () => adminProblemDetail({ id }) });
  const [reply, setReply] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [resolution, setResolution] = useState('');
  const [busy, setBusy] = useState(false);
  const d = q.data;
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      void qc.invalidateQueries({ queryKey: ['adminProblem', id] });
      void qc.invalidateQueries({ queryKey: ['adminProblems'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open
      width={620}
      onClose={onClose}
      title={d ? t('drawerTitle', { id: d.id, no: d.tracking_no }) : '…'}
      data-testid="problem-drawer"
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('status')}>
              <Tag color={problemStatusColor[d.status]}>{ts(`status_${d.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('customer')}>
              {d.owner.user_account} (#{d.owner.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('shelf')}>{d.shelf || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('reason')}>{d.reason}</Descriptions.Item>
            <Descriptions.Item label={t('note')}>{d.note || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('flagged')}>{dateTime(d.created_at)}</Descriptions.Item>
            {d.status === 'resolved' && <Descriptions.Item label={t('resolution')}>{d.resolution}</Descriptions.Item>}
          </Descriptions>
          <Card size="small" title={t('photos')}>
            <Photos urls={d.photos} />
          </Card>
          <Card size="small" title={t('thread')}>
            {d.messages.length ? (
              <Timeline
                items={d.messages.map((m) => ({
                  color: m.author === 'customer' ? 'blue' : 'gray',
                  children: (
                    <div data-testid="problem-message">
                      <b>{m.author === 'customer' ? t('customerSays') : t('staffSays')}</b>{' '}
                      {m.choice && <Tag color="blue">{t(`choice_${m.choice}`)}</Tag>}
                      {m.message && <div>{m.message}</div>}
                      {m.files.length > 0 && <Photos urls={m.files} />}
                      <div style={{ fontSize: 12, color: '#888' }}>{dateTime(m.at)}</div>
                    </div>
                  ),
                }))}
              />
            ) : (
              <Typography.Text type="secondary">{t('noMessages')}</Typography.Text>
            )}
          </Card>
          {d.status !== 'resolved' && (
            <>
              <Card size="small" title={t('reply')}>
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Input.TextArea
                    rows={2}
                    maxLength={500}
                    value={reply}
                    onChange={(e) => setReply(e.target.value)}
                    placeholder={t('replyPh')}
                    data-testid="problem-reply"
                  />
                  <PhotoUploader files={files} onChange={setFiles} />
                  <Button
                    disabled={!reply.trim()}
                    loading={busy}
                    onClick={() =>
                      void act(async () => {
                        await adminProblemReply({ id, message: reply.trim(), files: uploadedUrls(files) });
                        setReply('');
                        setFiles([]);
                      })
                    }
                    data-testid="problem-reply-send"
                  >
                    {t('send')}
                  </Button>
                </Space>
              </Card>
              <Card size="small" title={t('resolve')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    maxLength={500}
                    value={resolution}
                    onChange={(e) => setResolution(e.target.value)}
                    placeholder={t('resolutionPh')}
                    data-testid="problem-resolution"
                  />
                  <Button
                    type="primary"
                    disabled={!resolution.trim()}
                    loading={busy}
                    onClick={() => void act(() => adminProblemResolve({ id, resolution: resolution.trim() }))}
                    data-testid="problem-resolve"
                  >
                    {t('resolve')}
                  </Button>
                </Space.Compact>
              </Card>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}

export function ProblemsPage() {
  const t = useT(strings);
  const ts = useT(problemStrings);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <ListPage
        title={t('title')}
        extra={<ProblemReasonsButton />}
        queryKey={['adminProblems']}
        initialFilters={{ status: undefined as ProblemStatus | undefined }}
        load={(p, f) => adminProblemList({ ...p, status: f.status })}
        filters={({ filters, set }) => (
          <Select
            allowClear
            placeholder={t('anyStatus')}
            style={{ width: 200 }}
            value={filters.status}
            onChange={(v) => set({ status: v })}
            options={problemStatuses.map((s) => ({ value: s, label: ts(`status_${s}`) }))}
            data-testid="problems-status"
          />
        )}
        rowKey="id"
        totalText={(n) => t('total', { n })}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('trackingNo'), dataIndex: 'tracking_no', render: (v: string) => <code>{v}</code> },
          { title: t('shelf'), dataIndex: 'shelf' },
          { title: t('customer'), render: (_, r) => `${r.owner.user_account} (#${r.owner.user_id})` },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('status'), render: (_, r) => <Tag color={problemStatusColor[r.status]}>{ts(`status_${r.status}`)}</Tag> },
          { title: t('flagged'), render: (_, r) => dateTime(r.created_at) },
          {
            title: '',
            render: (_, r) => (
              <Button size="small" onClick={() => setOpenId(r.id)} data-testid={`problem-open-${r.id}`}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      {openId !== null && <ProblemDrawer id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
