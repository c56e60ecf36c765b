import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { contract, type ResponseOf } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { ImageInput, LoadError, Thumb, useMallT } from './mall-common.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { adminDeleteMallSlide } from './api/admin-delete-mall-slide.ts';
import { adminMallSlides } from './api/admin-mall-slides.ts';
import { adminSaveMallSlide } from './api/admin-save-mall-slide.ts';

type Slide = ResponseOf<typeof contract.mallAdmin.adminMallSlides>['list'][number];
type LinkType = Slide['link_type'];
type Editing = {
  id?: number;
  image: string;
  title_zh: string;
  title_en: string;
  link_type: LinkType;
  link: string;
  sort: number;
  on: boolean;
};
const linkTypes: LinkType[] = ['none', 'product', 'category', 'search', 'url'];

const strings = defineStrings({
  en: {
    title: 'Mall slides',
    image: 'Image',
    titleZh: 'Title (中文)',
    titleEn: 'Title (English)',
    opens: 'Opens',
    link: 'Target',
    none: 'Nothing',
    product: 'A product',
    category: 'A category',
    search: 'A search',
    url: 'A web page',
    phProduct: 'Product id, e.g. 12',
    phCategory: 'Category id, e.g. 3',
    phSearch: 'Keyword, e.g. 蓝牙耳机',
    phUrl: 'https://…',
    sort: 'Order',
    shown: 'Shown',
    deleteConfirm: 'Delete this slide?',
    deleted: 'Slide deleted',
    required: 'Required',
    linkReq: 'Say what the slide opens',
    linkNumber: 'A number (id)',
    linkUrl: 'Starts with https://',
  },
  zh_CN: {
    title: '商城轮播图',
    image: '图片',
    titleZh: '标题（中文）',
    titleEn: '标题（英文）',
    opens: '点击打开',
    link: '目标',
    none: '无',
    product: '商品',
    category: '分类',
    search: '搜索',
    url: '网页',
    phProduct: '商品ID，如 12',
    phCategory: '分类ID，如 3',
    phSearch: '关键词，如 蓝牙耳机',
    phUrl: 'https://…',
    sort: '排序',
    shown: '显示',
    deleteConfirm: '删除这张轮播图？',
    deleted: '已删除',
    required: '必填',
    linkReq: '请填写点击后打开的内容',
    linkNumber: '请填写数字ID',
    linkUrl: '请以 https:// 开头',
  },
});
const placeholder = { product: 'phProduct', category: 'phCategory', search: 'phSearch', url: 'phUrl', none: 'none' } as const;

export function MallSlidesPage() {
  const t = useT(strings);
  const mt = useMallT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['mallAdmin', 'slides'], queryFn: () => adminMallSlides({}) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<Editing>();
  const linkType = Form.useWatch('link_type', form) as LinkType | undefined;
  const image = Form.useWatch('image', form) as string | undefined;
  useEffect(() => {
    if (editing) form.setFieldsValue(editing);
  }, [editing, form]);
  const refresh = () => qc.invalidateQueries({ queryKey: ['mallAdmin', 'slides'] });
  const save = async (v: Editing) => {
    try {
      await adminSaveMallSlide({ ...v, link: v.link_type === 'none' ? '' : (v.link ?? '').trim(), image: v.image.trim() });
      void message.success(mt('saved'));
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
  const list = [...(q.data?.list ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const toEditing = (s: Slide): Editing => ({
    id: s.id,
    image: s.image,
    title_zh: s.title.zh_CN,
    title_en: s.title.en,
    link_type: s.link_type,
    link: s.link,
    sort: s.sort,
    on: s.on,
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          onClick={() =>
            setEditing({ image: '', title_zh: '', title_en: '', link_type: 'none', link: '', sort: list.length * 10, on: true })
          }
          data-testid="mall-slide-new"
        >
          {mt('new')}
        </Button>
      }
    >
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      <Table<Slide>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        pagination={false}
        dataSource={list}
        columns={[
          { title: t('image'), render: (_, s) => <Thumb src={s.image} size={60} /> },
          { title: t('titleZh'), render: (_, s) => s.title.zh_CN },
          { title: t('titleEn'), render: (_, s) => s.title.en },
          {
            title: t('opens'),
            render: (_, s) =>
              s.link_type === 'none' ? (
                <Tag>{t('none')}</Tag>
              ) : (
                <span>
                  <Tag>{t(s.link_type)}</Tag>
                  {s.link}
                </span>
              ),
          },
          { title: t('sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('shown'),
            render: (_, s) => <Switch checked={s.on} onChange={(on) => void save({ ...toEditing(s), on })} aria-label={t('shown')} />,
          },
          {
            ...actionColumn,
            title: '',
            render: (_, s) => (
              <Space>
                <Button size="small" onClick={() => setEditing(toEditing(s))}>
                  {mt('edit')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm')}
                  okText={mt('delete')}
                  cancelText={mt('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    try {
                      await adminDeleteMallSlide({ id: s.id });
                      void message.success(t('deleted'));
                      await refresh();
                    } catch {
                      /* shown by call */
                    }
                  }}
                >
                  <Button size="small" danger>
                    {mt('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={mt('save')}
        cancelText={mt('cancel')}
        title={editing?.id ? `${mt('edit')} #${editing.id}` : mt('new')}
        width={640}
        destroyOnClose
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            if (await save({ ...v, id: editing?.id })) setEditing(null);
          }}
        >
          <Form.Item name="image" label={t('image')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 500 }]}>
            <ImageInput testId="mall-slide-image" />
          </Form.Item>
          {image && (
            <img src={image} alt="" style={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 8, marginBottom: 12 }} />
          )}
          <Space style={{ display: 'flex' }} align="start">
            <Form.Item name="title_zh" label={t('titleZh')} rules={[{ max: 60 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="title_en" label={t('titleEn')} rules={[{ max: 60 }]}>
              <Input />
            </Form.Item>
          </Space>
          <Space style={{ display: 'flex' }} align="start">
            <Form.Item name="link_type" label={t('opens')}>
              <Select
                style={{ width: 140 }}
                options={linkTypes.map((l) => ({ value: l, label: t(l) }))}
                data-testid="mall-slide-link-type"
              />
            </Form.Item>
            {linkType && linkType !== 'none' && (
              <Form.Item
                name="link"
                label={t('link')}
                rules={[
                  { required: true, whitespace: true, message: t('linkReq') },
                  { max: 500 },
                  ...(linkType === 'product' || linkType === 'category' ? [{ pattern: /^\s*\d+\s*$/, message: t('linkNumber') }] : []),
                  ...(linkType === 'url' ? [{ pattern: /^\s*https:\/\//, message: t('linkUrl') }] : []),
                ]}
              >
                <Input placeholder={t(placeholder[linkType])} style={{ width: 320 }} data-testid="mall-slide-link" />
              </Form.Item>
            )}
          </Space>
          <Space>
            <Form.Item name="sort" label={t('sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="on" label={t('shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
