import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import { type MallCategory } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT, type ConsoleLang } from '../../i18n.ts';
import { ImageInput, LoadError, Thumb, useMallT } from './mall-common.tsx';
import { actionColumn } from '../../components/list-page.tsx';
import { adminMallCategories } from './api/admin-mall-categories.ts';
import { adminSaveMallCategory } from './api/admin-save-mall-category.ts';

export const useMallCategories = () =>
  useQuery({ queryKey: ['mallAdmin', 'categories'], queryFn: () => adminMallCategories({}), staleTime: 30_000 });

const bySort = (a: MallCategory, b: MallCategory) => a.sort - b.sort || a.id - b.id;

/** The two-level tree for pickers: top categories with their children, in their order. */
export function categoryTree(list: MallCategory[], lang: ConsoleLang) {
  const name = (c: MallCategory) => (lang === 'en' ? c.name.en : c.name.zh_CN) + (c.on ? '' : lang === 'en' ? ' (off)' : '（已关闭）');
  return list
    .filter((c) => c.parent_id === null)
    .sort(bySort)
    .map((c) => ({
      value: c.id,
      title: name(c),
      children: list
        .filter((x) => x.parent_id === c.id)
        .sort(bySort)
        .map((x) => ({ value: x.id, title: name(x) })),
    }));
}

const strings = defineStrings({
  en: {
    title: 'Mall categories',
    nameZh: 'Name (中文)',
    nameEn: 'Name (English)',
    icon: 'Icon',
    sort: 'Order (small first)',
    shown: 'Shown',
    parent: 'Under',
    top: '— top level —',
    newTop: 'New top category',
    addChild: 'Add sub-category',
    newTitle: 'New category',
    editTitle: 'Edit category #{id}',
    required: 'Required',
    up: 'Up',
    down: 'Down',
  },
  zh_CN: {
    title: '商城分类',
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    icon: '图标',
    sort: '排序（小的在前）',
    shown: '显示',
    parent: '上级',
    top: '— 一级分类 —',
    newTop: '新建一级分类',
    addChild: '添加子分类',
    newTitle: '新建分类',
    editTitle: '编辑分类 #{id}',
    required: '必填',
    up: '上移',
    down: '下移',
  },
});

type Row = MallCategory & { children?: Row[] };
type Editing = { id?: number; parent_id?: number | null; name_zh: string; name_en: string; icon: string; sort: number; on: boolean };

const toInput = (c: MallCategory): Editing => ({
  id: c.id,
  parent_id: c.parent_id,
  name_zh: c.name.zh_CN,
  name_en: c.name.en,
  icon: c.icon,
  sort: c.sort,
  on: c.on,
});

export function MallCategoriesPage() {
  const t = useT(strings);
  const mt = useMallT();
  const lang = useConsoleLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useMallCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<Editing>();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing);
  }, [editing, form]);
  const list = q.data?.list ?? [];
  const tops = list.filter((c) => c.parent_id === null).sort(bySort);
  const rows: Row[] = tops.map((c) => {
    const children = list.filter((x) => x.parent_id === c.id).sort(bySort);
    return children.length ? { ...c, children } : c;
  });
  const save = async (v: Editing) => {
    try {
      await adminSaveMallCategory({
        ...(v.id ? { id: v.id } : {}),
        ...(v.parent_id ? { parent_id: v.parent_id } : {}),
        name_zh: v.name_zh.trim(),
        name_en: v.name_en.trim(),
        icon: (v.icon ?? '').trim(),
        sort: v.sort ?? 0,
        on: v.on,
      });
      void message.success(mt('saved'));
      await qc.invalidateQueries({ queryKey: ['mallAdmin', 'categories'] });
      return true;
    } catch {
      return false;
    }
  };
  /** Swap places with the neighbour: both get distinct orders so the move sticks. */
  const move = async (c: MallCategory, dir: -1 | 1) => {
    const siblings = list.filter((x) => x.parent_id === c.parent_id).sort(bySort);
    const i = siblings.findIndex((x) => x.id === c.id);
    const other = siblings[i + dir];
    if (!other) return;
    const reordered = [...siblings];
    reordered[i] = other;
    reordered[i + dir] = c;
    for (const [k, x] of reordered.entries()) if (x.sort !== k * 10) await save({ ...toInput(x), sort: k * 10 });
  };
  const name = (c: MallCategory) => (lang === 'en' ? c.name.en : c.name.zh_CN);
  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          onClick={() => setEditing({ name_zh: '', name_en: '', icon: '', sort: tops.length * 10, on: true })}
          data-testid="mall-category-new"
        >
          {t('newTop')}
        </Button>
      }
    >
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      <Table<Row>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={rows.length}
        columns={[
          { title: t('nameZh'), render: (_, c) => <span data-testid={`mall-category-${c.id}`}>{c.name.zh_CN}</span> },
          { title: t('nameEn'), render: (_, c) => c.name.en },
          { title: t('icon'), render: (_, c) => <Thumb src={c.icon} size={28} /> },
          { title: t('sort'), dataIndex: 'sort', width: 90 },
          {
            title: t('shown'),
            render: (_, c) => (
              <Switch checked={c.on} onChange={(on) => void save({ ...toInput(c), on })} aria-label={`${t('shown')} ${name(c)}`} />
            ),
          },
          {
            ...actionColumn,
            title: '',
            render: (_, c) => (
              <Space wrap>
                <Button size="small" onClick={() => void move(c, -1)}>
                  {t('up')}
                </Button>
                <Button size="small" onClick={() => void move(c, 1)}>
                  {t('down')}
                </Button>
                <Button size="small" onClick={() => setEditing(toInput(c))}>
                  {mt('edit')}
                </Button>
                {c.parent_id === null && (
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        parent_id: c.id,
                        name_zh: '',
                        name_en: '',
                        icon: '',
                        sort: list.filter((x) => x.parent_id === c.id).length * 10,
                        on: true,
                      })
                    }
                  >
                    {t('addChild')}
                  </Button>
                )}
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
        title={editing?.id ? t('editTitle', { id: editing.id }) : t('newTitle')}
        destroyOnClose
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            if (await save({ ...v, id: editing?.id })) setEditing(null);
          }}
        >
          <Form.Item name="parent_id" label={t('parent')}>
            <Select
              allowClear
              placeholder={t('top')}
              disabled={!!editing?.id && list.some((x) => x.parent_id === editing.id)}
              options={tops.filter((c) => c.id !== editing?.id).map((c) => ({ value: c.id, label: name(c) }))}
            />
          </Form.Item>
          <Form.Item name="name_zh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 30 }]}>
            <Input data-testid="mall-category-name-zh" />
          </Form.Item>
          <Form.Item name="name_en" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 30 }]}>
            <Input data-testid="mall-category-name-en" />
          </Form.Item>
          <Form.Item name="icon" label={t('icon')}>
            <ImageInput />
          </Form.Item>
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
