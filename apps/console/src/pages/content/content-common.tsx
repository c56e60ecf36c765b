import { useState, type ReactNode } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { contract, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { adminContentDelete } from './api/admin-content-delete.ts';
import { adminContentPublish } from './api/admin-content-publish.ts';

export const CA = contract.contentAdmin;
export type Kind = 'article' | 'notice' | 'slide';
export type Article = ResponseOf<typeof CA.adminArticleList>['list'][number];
export type Notice = ResponseOf<typeof CA.adminNoticeList>['list'][number];
export type Slide = ResponseOf<typeof CA.adminSlideList>['list'][number];
export type Conv = ResponseOf<typeof CA.adminSupportInbox>['list'][number];

export const strings = defineStrings({
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
export type T = ReturnType<typeof useT<keyof (typeof strings)['en']>>;

/** A phone-sized frame showing what the customer will see (sanitised exactly as the app does). */
export function PhoneFrame({ children }: { children: ReactNode }) {
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

export function StateTag({ r, t }: { r: { state: string; publish_at: string | null }; t: T }) {
  if (r.state === 'live') return <Tag color="green">{t('live')}</Tag>;
  if (r.state === 'scheduled') return <Tag color="blue">{t('scheduled', { at: (r.publish_at ?? '').slice(0, 16).replace('T', ' ') })}</Tag>;
  return <Tag>{t('draft')}</Tag>;
}

/** Publish now, at a time (schedule), or take down. */
export function PublishControls({
  kind,
  row,
  t,
  onDone,
}: {
  kind: Kind;
  row: { id: number; published: boolean };
  t: T;
  onDone: () => void;
}) {
  const [at, setAt] = useState('');
  const run = async (published: boolean, publishAt?: string) => {
    await adminContentPublish({ kind, id: row.id, published, publish_at: publishAt ? new Date(publishAt).toISOString() : null });
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
          await adminContentDelete({ kind, id: row.id });
          onDone();
        }}
      >
        {t('delete')}
      </Button>
    </Space>
  );
}
export const linkOptions = ['none', 'article', 'page', 'url'].map((v) => ({ value: v, label: v }));
