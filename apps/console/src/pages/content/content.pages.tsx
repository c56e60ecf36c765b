import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
  message,
} from 'antd';
import { contract, sanitizeRichText, type ResponseOf } from '@pinyou/contract';
import { call } from '../../api.ts';
import { defineStrings, useT } from '../../i18n.ts';
import type { ConsolePage } from '../registry.tsx';

const CA = contract.contentAdmin;
type Kind = 'article' | 'notice' | 'slide';
type Article = ResponseOf<typeof CA.adminArticleList>['list'][number];
type Notice = ResponseOf<typeof CA.adminNoticeList>['list'][number];
type Slide = ResponseOf<typeof CA.adminSlideList>['list'][number];
type Conv = ResponseOf<typeof CA.adminSupportInbox>['list'][number];

const strings = defineStrings({
  en: {
    articles: 'Articles',
    notices: 'Notices',
    slides: 'Home slides',
    inbox: 'Support inbox',
    new: 'New',
    edit: 'Edit',
    save: 'Save',
    saved: 'Saved',
    delete: 'Delete',
    publish: 'Publish now',
    schedule: 'Schedule',
    unpublish: 'Unpublish',
    state: 'State',
    draft: 'Draft',
    scheduled: 'Scheduled {at}',
    live: 'Live',
    titleEn: 'Title (English)',
    titleZh: 'Title (中文)',
    summaryEn: 'Summary (English)',
    summaryZh: 'Summary (中文)',
    bodyEn: 'Text (English, HTML: h2, p, ul/ol, table, img, a)',
    bodyZh: 'Text (中文, HTML)',
    slug: 'Key',
    category: 'Category',
    sort: 'Order',
    link: 'Opens',
    linkTarget: 'Article id / pages/... / https://…',
    image: 'Image',
    upload: 'Upload image',
    preview: 'Phone preview',
    previewLang: 'Preview language',
    publishAt: 'Publish at',
    updated: 'Updated',
    waiting: 'Waiting',
    assigned: 'Assigned',
    closed: 'Closed',
    customer: 'Customer',
    last: 'Last message',
    staff: 'Staff',
    take: 'Take',
    close: 'Close',
    reply: 'Reply',
    replyPh: 'Your reply reaches the customer’s chat',
    transcript: 'Before the hand-over (assistant)',
    open: 'Open',
    none: 'Choose a conversation',
  },
  zh_CN: {
    articles: '文章',
    notices: '公告',
    slides: '首页轮播',
    inbox: '客服收件箱',
    new: '新建',
    edit: '编辑',
    save: '保存',
    saved: '已保存',
    delete: '删除',
    publish: '立即发布',
    schedule: '定时发布',
    unpublish: '下架',
    state: '状态',
    draft: '草稿',
    scheduled: '定时 {at}',
    live: '已发布',
    titleEn: '标题（英文）',
    titleZh: '标题（中文）',
    summaryEn: '摘要（英文）',
    summaryZh: '摘要（中文）',
    bodyEn: '正文（英文，HTML：h2、p、ul/ol、table、img、a）',
    bodyZh: '正文（中文，HTML）',
    slug: '标识',
    category: '分类',
    sort: '排序',
    link: '跳转',
    linkTarget: '文章ID / pages/... / https://…',
    image: '图片',
    upload: '上传图片',
    preview: '手机预览',
    previewLang: '预览语言',
    publishAt: '发布时间',
    updated: '更新时间',
    waiting: '等待中',
    assigned: '处理中',
    closed: '已关闭',
    customer: '客户',
    last: '最新消息',
    staff: '客服',
    take: '接待',
    close: '结束',
    reply: '回复',
    replyPh: '回复会实时显示在客户的聊天里',
    transcript: '转人工前（智能助手）',
    open: '打开',
    none: '请选择一个会话',
  },
});
type T = ReturnType<typeof useT<keyof (typeof strings)['en']>>;

/** A phone-sized frame showing what the customer will see (sanitised exactly as the app does). */
function PhoneFrame({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="phone-preview"
      style={{
        width: 375,
        height: 620,
        border: '10px solid #222',
        borderRadius: 28,
        overflow: 'auto',
        background: '#f5f5f5',
        margin: '0 auto',
      }}
    >
      <div style={{ background: '#fff', padding: 16, minHeight: '100%', fontSize: 15, lineHeight: 1.7 }}>{children}</div>
    </div>
  );
}

function StateTag({ r, t }: { r: { state: string; publish_at: string | null }; t: T }) {
  if (r.state === 'live') return <Tag color="green">{t('live')}</Tag>;
  if (r.state === 'scheduled') return <Tag color="blue">{t('scheduled', { at: (r.publish_at ?? '').slice(0, 16).replace('T', ' ') })}</Tag>;
  return <Tag>{t('draft')}</Tag>;
}

/** Publish now, at a time (schedule), or take down. */
function PublishControls({ kind, row, t, onDone }: { kind: Kind; row: { id: number; published: boolean }; t: T; onDone: () => void }) {
  const [at, setAt] = useState('');
  const run = async (published: boolean, publishAt?: string) => {
    await call(CA.adminContentPublish, { kind, id: row.id, published, publish_at: publishAt ? new Date(publishAt).toISOString() : null });
    onDone();
  };
  return (
    <Space wrap>
      <Button size="small" type="primary" onClick={() => void run(true)} data-testid={`publish-${kind}-${row.id}`}>
        {t('publish')}
      </Button>
      <Input size="small" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} style={{ width: 190 }} />
      <Button size="small" disabled={!at} onClick={() => void run(true, at)}>
        {t('schedule')}
      </Button>
      {row.published && (
        <Button size="small" danger onClick={() => void run(false)}>
          {t('unpublish')}
        </Button>
      )}
      <Button
        size="small"
        danger
        type="text"
        onClick={async () => {
          await call(CA.adminContentDelete, { kind, id: row.id });
          onDone();
        }}
      >
        {t('delete')}
      </Button>
    </Space>
  );
}

function ArticlesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'articles'], queryFn: () => call(CA.adminArticleList, { page: 1, page_size: 100 }) });
  const [editing, setEditing] = useState<Partial<Article> | null>(null);
  const [form] = Form.useForm();
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const values = Form.useWatch([], form) as Record<string, string> | undefined;
  const refresh = () => qc.invalidateQueries({ queryKey: ['content', 'articles'] });
  useEffect(() => {
    if (editing) form.setFieldsValue({ category: 'guide', sort: 0, ...editing });
  }, [editing, form]);
  return (
    <Card
      title={t('articles')}
      extra={
        <Button onClick={() => setEditing({})} data-testid="article-new">
          {t('new')}
        </Button>
      }
    >
      <Table<Article>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        columns={[
          { title: t('slug'), dataIndex: 'slug' },
          { title: t('titleEn'), dataIndex: 'title_en' },
          { title: t('titleZh'), dataIndex: 'title_zh' },
          { title: t('category'), dataIndex: 'category' },
          { title: t('state'), render: (_, r) => <StateTag r={r} t={t} /> },
          {
            title: '',
            render: (_, r) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(r)} data-testid={`article-edit-${r.slug}`}>
                  {t('edit')}
                </Button>
                <PublishControls kind="article" row={r} t={t} onDone={() => void refresh()} />
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={!!editing}
        width="min(1400px, 96vw)"
        onClose={() => setEditing(null)}
        title={editing?.id ? `${t('edit')} #${editing.id}` : t('new')}
        destroyOnClose
      >
        <Row gutter={16}>
          <Col flex="1">
            <Form
              form={form}
              layout="vertical"
              onFinish={async (v) => {
                await call(CA.adminArticleSave, { ...v, id: editing?.id });
                message.success(t('saved'));
                setEditing(null);
                await refresh();
              }}
            >
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item name="slug" label={t('slug')} rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]{1,59}$/ }]}>
                    <Input data-testid="article-slug" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="category" label={t('category')}>
                    <Select options={['rules', 'guide', 'news'].map((c) => ({ value: c, label: c }))} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="sort" label={t('sort')}>
                    <InputNumber min={0} max={9999} />
                  </Form.Item>
                </Col>
              </Row>
              {/* Both languages side by side. */}
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="title_en" label={t('titleEn')} rules={[{ required: true }]}>
                    <Input data-testid="article-title-en" />
                  </Form.Item>
                  <Form.Item name="summary_en" label={t('summaryEn')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="body_en" label={t('bodyEn')} rules={[{ required: true }]}>
                    <Input.TextArea rows={16} style={{ fontFamily: 'monospace' }} data-testid="article-body-en" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="title_zh" label={t('titleZh')} rules={[{ required: true }]}>
                    <Input data-testid="article-title-zh" />
                  </Form.Item>
                  <Form.Item name="summary_zh" label={t('summaryZh')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="body_zh" label={t('bodyZh')} rules={[{ required: true }]}>
                    <Input.TextArea rows={16} style={{ fontFamily: 'monospace' }} data-testid="article-body-zh" />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" data-testid="article-save">
                {t('save')}
              </Button>
            </Form>
          </Col>
          <Col flex="400px">
            <Space style={{ marginBottom: 8 }}>
              {t('previewLang')}
              <Select
                value={lang}
                onChange={setLang}
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'zh', label: '中文' },
                ]}
              />
            </Space>
            <PhoneFrame>
              <h2 style={{ marginTop: 0 }}>{lang === 'en' ? values?.title_en : values?.title_zh}</h2>
              <div dangerouslySetInnerHTML={{ __html: sanitizeRichText((lang === 'en' ? values?.body_en : values?.body_zh) ?? '') }} />
            </PhoneFrame>
          </Col>
        </Row>
      </Drawer>
    </Card>
  );
}

const linkOptions = ['none', 'article', 'page', 'url'].map((v) => ({ value: v, label: v }));

function NoticesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'notices'], queryFn: () => call(CA.adminNoticeList, { page: 1, page_size: 100 }) });
  const [editing, setEditing] = useState<Partial<Notice> | null>(null);
  const [form] = Form.useForm();
  const v = Form.useWatch([], form) as Record<string, string> | undefined;
  const refresh = () => qc.invalidateQueries({ queryKey: ['content', 'notices'] });
  useEffect(() => {
    if (editing) form.setFieldsValue({ link_type: 'none', link_target: '', sort: 0, ...editing });
  }, [editing, form]);
  return (
    <Card title={t('notices')} extra={<Button onClick={() => setEditing({})}>{t('new')}</Button>}>
      <Table<Notice>
        rowKey="id"
        size="middle"
        dataSource={q.data?.list ?? []}
        columns={[
          { title: t('titleEn'), dataIndex: 'title_en' },
          { title: t('titleZh'), dataIndex: 'title_zh' },
          { title: t('link'), render: (_, r) => `${r.link_type} ${r.link_target}` },
          { title: t('state'), render: (_, r) => <StateTag r={r} t={t} /> },
          {
            title: '',
            render: (_, r) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('edit')}
                </Button>
                <PublishControls kind="notice" row={r} t={t} onDone={() => void refresh()} />
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!editing} width="min(1100px, 96vw)" onClose={() => setEditing(null)} destroyOnClose title={t('notices')}>
        <Row gutter={16}>
          <Col flex="1">
            <Form
              form={form}
              layout="vertical"
              onFinish={async (val) => {
                await call(CA.adminNoticeSave, { ...val, id: editing?.id });
                message.success(t('saved'));
                setEditing(null);
                await refresh();
              }}
            >
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="title_en" label={t('titleEn')} rules={[{ required: true }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="body_en" label={t('bodyEn')}>
                    <Input.TextArea rows={3} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="title_zh" label={t('titleZh')} rules={[{ required: true }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="body_zh" label={t('bodyZh')}>
                    <Input.TextArea rows={3} />
                  </Form.Item>
                </Col>
              </Row>
              <Space>
                <Form.Item name="link_type" label={t('link')}>
                  <Select options={linkOptions} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="link_target" label={t('linkTarget')}>
                  <Input style={{ width: 320 }} />
                </Form.Item>
                <Form.Item name="sort" label={t('sort')}>
                  <InputNumber min={0} />
                </Form.Item>
              </Space>
              <div>
                <Button type="primary" htmlType="submit">
                  {t('save')}
                </Button>
              </div>
            </Form>
          </Col>
          <Col flex="400px">
            <PhoneFrame>
              <div style={{ background: '#fff7e6', padding: 8, borderRadius: 6 }}>📢 {v?.title_en}</div>
              <div style={{ background: '#fff7e6', padding: 8, borderRadius: 6, marginTop: 8 }}>📢 {v?.title_zh}</div>
            </PhoneFrame>
          </Col>
        </Row>
      </Drawer>
    </Card>
  );
}

function SlidesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'slides'], queryFn: () => call(CA.adminSlideList, { page: 1, page_size: 100 }) });
  const [editing, setEditing] = useState<Partial<Slide> | null>(null);
  const [form] = Form.useForm();
  const v = Form.useWatch([], form) as Record<string, string> | undefined;
  const refresh = () => qc.invalidateQueries({ queryKey: ['content', 'slides'] });
  useEffect(() => {
    if (editing) form.setFieldsValue({ link_type: 'none', link_target: '', sort: 0, ...editing });
  }, [editing, form]);
  return (
    <Card title={t('slides')} extra={<Button onClick={() => setEditing({})}>{t('new')}</Button>}>
      <Table<Slide>
        rowKey="id"
        size="middle"
        dataSource={q.data?.list ?? []}
        columns={[
          { title: t('image'), render: (_, r) => <img src={r.image} alt="" style={{ height: 40 }} /> },
          { title: t('titleEn'), dataIndex: 'title_en' },
          { title: t('titleZh'), dataIndex: 'title_zh' },
          { title: t('link'), render: (_, r) => `${r.link_type} ${r.link_target}` },
          { title: t('state'), render: (_, r) => <StateTag r={r} t={t} /> },
          {
            title: '',
            render: (_, r) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('edit')}
                </Button>
                <PublishControls kind="slide" row={r} t={t} onDone={() => void refresh()} />
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!editing} width="min(1000px, 96vw)" onClose={() => setEditing(null)} destroyOnClose title={t('slides')}>
        <Row gutter={16}>
          <Col flex="1">
            <Form
              form={form}
              layout="vertical"
              onFinish={async (val) => {
                await call(CA.adminSlideSave, { ...val, id: editing?.id });
                message.success(t('saved'));
                setEditing(null);
                await refresh();
              }}
            >
              <Form.Item name="image" label={t('image')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Upload
                accept="image/*"
                showUploadList={false}
                customRequest={async (o) => {
                  const res = await call(contract.admin.adminUploadImage, { purpose: 'photo' }, { file: o.file as File });
                  form.setFieldValue('image', res.url);
                  o.onSuccess?.(res);
                }}
              >
                <Button>{t('upload')}</Button>
              </Upload>
              <Row gutter={12} style={{ marginTop: 12 }}>
                <Col span={12}>
                  <Form.Item name="title_en" label={t('titleEn')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="title_zh" label={t('titleZh')}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
              <Space>
                <Form.Item name="link_type" label={t('link')}>
                  <Select options={linkOptions} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="link_target" label={t('linkTarget')}>
                  <Input style={{ width: 320 }} />
                </Form.Item>
                <Form.Item name="sort" label={t('sort')}>
                  <InputNumber min={0} />
                </Form.Item>
              </Space>
              <div>
                <Button type="primary" htmlType="submit">
                  {t('save')}
                </Button>
              </div>
            </Form>
          </Col>
          <Col flex="400px">
            <PhoneFrame>{v?.image ? <img src={v.image} alt="" style={{ width: '100%', borderRadius: 8 }} /> : null}</PhoneFrame>
          </Col>
        </Row>
      </Drawer>
    </Card>
  );
}

/** Polling keeps the inbox and the open conversation current without a reload. */
const POLL_MS = 3000;

function SupportInboxPage() {
  const t = useT(strings);
  const [status, setStatus] = useState<'waiting' | 'assigned' | 'closed'>('waiting');
  const [openId, setOpenId] = useState<number | null>(null);
  const [reply, setReply] = useState('');
  const inbox = useQuery({
    queryKey: ['support', 'inbox', status],
    queryFn: () => call(CA.adminSupportInbox, { status, page: 1, page_size: 50 }),
    refetchInterval: POLL_MS,
  });
  const detail = useQuery({
    queryKey: ['support', 'detail', openId],
    queryFn: () => call(CA.adminSupportDetail, { id: openId! }),
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
                  <Button onClick={async () => (await call(CA.adminSupportAssign, { id: conv.id }), refresh())} data-testid="support-take">
                    {t('take')}
                  </Button>
                )}
                {conv.status !== 'closed' && (
                  <Button
                    danger
                    onClick={async () => (await call(CA.adminSupportClose, { id: conv.id }), refresh())}
                    data-testid="support-close"
                  >
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
                      await call(CA.adminSupportReply, { id: conv!.id, body: reply.trim() });
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

export const pages: ConsolePage[] = [
  { path: 'content/articles', label: { en: 'Articles', zh_CN: '文章' }, element: <ArticlesPage />, roles: ['content'] },
  { path: 'content/notices', label: { en: 'Notices', zh_CN: '公告' }, element: <NoticesPage />, roles: ['content'] },
  { path: 'content/slides', label: { en: 'Home slides', zh_CN: '首页轮播' }, element: <SlidesPage />, roles: ['content'] },
  { path: 'support', label: { en: 'Support inbox', zh_CN: '客服收件箱' }, element: <SupportInboxPage />, roles: ['service'] },
];
