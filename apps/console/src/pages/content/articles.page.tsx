import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Table, message } from 'antd';
import { sanitizeRichText } from '@pinyou/contract';
import { useT } from '../../i18n.ts';
import { PhoneFrame, PublishControls, StateTag, strings, type Article } from './content-common.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { enumOptions } from '../../enums.ts';
import { adminArticleList } from './api/admin-article-list.ts';
import { adminArticleSave } from './api/admin-article-save.ts';

export function ArticlesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'articles'], queryFn: () => adminArticleList({ page: 1, page_size: 100 }) });
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
        scroll={{ x: 'max-content' }}
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
            ...actionColumn,
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
                await adminArticleSave({ ...v, id: editing?.id });
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
                    <Select options={enumOptions('articleCategory')} />
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
