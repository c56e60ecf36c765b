import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Segmented, Space, Table, Tag, Tabs, Typography, message } from 'antd';
import type { ResponseOf } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { roleSees, useMe } from '../../staff.ts';
import { CA } from './content-common.tsx';
import { adminAssistantLexicon } from './api/admin-assistant-lexicon.ts';
import { adminAssistantLexiconAdd } from './api/admin-assistant-lexicon-add.ts';
import { adminAssistantLexiconDelete } from './api/admin-assistant-lexicon-delete.ts';
import { adminAssistantQuestions } from './api/admin-assistant-questions.ts';

type Question = ResponseOf<typeof CA.adminAssistantQuestions>['list'][number];
type Entry = ResponseOf<typeof CA.adminAssistantLexicon>['added'][number];

const strings = defineStrings({
  en: {
    title: 'Assistant',
    questions: 'Questions',
    lexicon: 'Lexicon',
    notFound: 'Found nothing',
    all: 'All',
    missedCount: '{n} questions found nothing',
    question: 'Question',
    lang: 'Language',
    answeredBy: 'Answered by',
    section: 'Article section',
    asker: 'Asker (anonymous)',
    at: 'Asked at',
    none: 'nothing found',
    addWords: 'Add words',
    addHint:
      'Found nothing for a question? Add its words to a concept (an existing one, such as prohibited or food, or a new key), or write an article that answers it.',
    concept: 'Concept',
    terms: 'Words (either language, separated by | or commas)',
    add: 'Add',
    added: 'Added: searchable now',
    remove: 'Remove',
    removeConfirm: 'Remove these words?',
    builtIn: 'Built in',
    staffAdded: 'Added by staff',
    newArticle: 'Write an article',
  },
  zh_CN: {
    title: '智能助手',
    questions: '提问记录',
    lexicon: '词库',
    notFound: '未找到答案',
    all: '全部',
    missedCount: '{n} 个问题未找到答案',
    question: '问题',
    lang: '语言',
    answeredBy: '回答来源',
    section: '文章段落',
    asker: '提问人（匿名）',
    at: '提问时间',
    none: '未找到',
    addWords: '添加词语',
    addHint: '有问题没找到答案？把它的说法加到一个概念里（已有的如 prohibited、food，或新的键），或写一篇文章来回答。',
    concept: '概念',
    terms: '词语（中英文皆可，用 | 或逗号分隔）',
    add: '添加',
    added: '已添加，立即可搜索',
    remove: '删除',
    removeConfirm: '删除这些词语？',
    builtIn: '内置',
    staffAdded: '员工添加',
    newArticle: '写文章',
  },
});

/** What customers ask the assistant (and what it found nothing for), and the lexicon staff extend from there. */
export function AssistantPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const [found, setFound] = useState<'missed' | 'all'>('missed');
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<{ concept: string; terms: string }>();
  const me = useMe();
  const canEdit = roleSees(me.data?.role, ['content']);
  const questions = useQuery({
    queryKey: ['assistant', 'questions', found, page],
    queryFn: () => adminAssistantQuestions({ page, page_size: 20, ...(found === 'missed' ? { found: false } : {}) }),
  });
  const lexicon = useQuery({ queryKey: ['assistant', 'lexicon'], queryFn: () => adminAssistantLexicon({}) });
  const refreshLexicon = () => qc.invalidateQueries({ queryKey: ['assistant', 'lexicon'] });

  const questionsTab = (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={found}
          onChange={(v) => {
            setFound(v as 'missed' | 'all');
            setPage(1);
          }}
          options={[
            { value: 'missed', label: t('notFound') },
            { value: 'all', label: t('all') },
          ]}
        />
        {questions.data && <Typography.Text type="secondary">{t('missedCount', { n: questions.data.not_found })}</Typography.Text>}
      </Space>
      <Table<Question>
        rowKey="id"
        size="middle"
        loading={questions.isLoading}
        dataSource={questions.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: questions.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('question'), dataIndex: 'question' },
          { title: t('lang'), dataIndex: 'lang', width: 90 },
          {
            title: t('answeredBy'),
            width: 150,
            render: (_, r) => (r.found ? <Tag color="green">{r.answered_by}</Tag> : <Tag color="red">{t('none')}</Tag>),
          },
          { title: t('section'), render: (_, r) => (r.slug ? `${r.slug}${r.section ? ` › ${r.section}` : ''}` : '') },
          { title: t('asker'), dataIndex: 'asker', width: 170 },
          { title: t('at'), width: 170, render: (_, r) => r.created_at.slice(0, 16).replace('T', ' ') },
          {
            title: '',
            width: 120,
            render: (_, r) =>
              !r.found && canEdit ? (
                <Button size="small" onClick={() => form.setFieldsValue({ terms: r.question })}>
                  {t('addWords')}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );

  const lexiconTab = (
    <>
      {canEdit && (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Typography.Paragraph type="secondary">
            {t('addHint')} <a href="#/content/articles">{t('newArticle')}</a>
          </Typography.Paragraph>
          <Form
            form={form}
            layout="inline"
            onFinish={async (v) => {
              await adminAssistantLexiconAdd(v);
              message.success(t('added'));
              form.resetFields();
              await refreshLexicon();
            }}
          >
            <Form.Item name="concept" label={t('concept')} rules={[{ required: true, pattern: /^[a-z0-9_]{2,40}$/ }]}>
              <Input style={{ width: 160 }} placeholder="prohibited" />
            </Form.Item>
            <Form.Item name="terms" label={t('terms')} rules={[{ required: true }]}>
              <Input style={{ width: 380 }} placeholder="榴莲 | durian" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('add')}
            </Button>
          </Form>
        </Card>
      )}
      <Typography.Title level={5}>{t('staffAdded')}</Typography.Title>
      <Table<Entry>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lexicon.data?.added ?? []}
        columns={[
          { title: t('concept'), dataIndex: 'concept', width: 160 },
          { title: t('terms'), render: (_, r) => r.terms.join(' | ') },
          {
            title: '',
            width: 100,
            render: (_, r) =>
              canEdit ? (
                <Popconfirm
                  title={t('removeConfirm')}
                  onConfirm={async () => {
                    await adminAssistantLexiconDelete({ id: r.id });
                    await refreshLexicon();
                  }}
                >
                  <Button size="small" danger>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('builtIn')}
      </Typography.Title>
      <Table
        rowKey="concept"
        size="small"
        pagination={false}
        dataSource={lexicon.data?.built_in ?? []}
        columns={[
          { title: t('concept'), dataIndex: 'concept', width: 160 },
          { title: t('terms'), render: (_, r: { terms: string[] }) => r.terms.join(' | ') },
        ]}
      />
    </>
  );

  return (
    <Card title={t('title')}>
      <Tabs
        items={[
          { key: 'questions', label: t('questions'), children: questionsTab },
          { key: 'lexicon', label: t('lexicon'), children: lexiconTab },
        ]}
      />
    </Card>
  );
}
