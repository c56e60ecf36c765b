import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Table, message } from 'antd';
import { useT } from '../../i18n.ts';
import { PhoneFrame, PublishControls, StateTag, strings, linkOptions, type Notice } from './content-common.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { adminNoticeList } from './api/admin-notice-list.ts';
import { adminNoticeSave } from './api/admin-notice-save.ts';

export function NoticesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'notices'], queryFn: () => adminNoticeList({ page: 1, page_size: 100 }) });
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
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        dataSource={q.data?.list ?? []}
        columns={[
          { title: t('titleEn'), dataIndex: 'title_en' },
          { title: t('titleZh'), dataIndex: 'title_zh' },
          { title: t('link'), render: (_, r) => `${r.link_type} ${r.link_target}` },
          { title: t('state'), render: (_, r) => <StateTag r={r} t={t} /> },
          {
            ...actionColumn,
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
                await adminNoticeSave({ ...val, id: editing?.id });
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
