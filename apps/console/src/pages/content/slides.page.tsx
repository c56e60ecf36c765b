import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Table, Upload, message } from 'antd';
import { useT } from '../../i18n.ts';
import { PhoneFrame, PublishControls, StateTag, strings, linkOptions, type Slide } from './content-common.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { adminUploadImage } from '../admin/api/admin-upload-image.ts';
import { adminSlideList } from './api/admin-slide-list.ts';
import { adminSlideSave } from './api/admin-slide-save.ts';

export function SlidesPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['content', 'slides'], queryFn: () => adminSlideList({ page: 1, page_size: 100 }) });
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
        scroll={{ x: 'max-content' }}
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
            ...actionColumn,
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
                await adminSlideSave({ ...val, id: editing?.id });
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
                  const res = await adminUploadImage({ purpose: 'photo' }, { file: o.file as File });
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
